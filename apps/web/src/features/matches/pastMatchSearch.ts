import { isDateOnly, isUuid } from '@campus-elo/api-contract';
import { pickSearchValue } from '../common/searchParams';

export const COMPETITIONS = ['NECC', 'Playfly'] as const;
export type Competition = (typeof COMPETITIONS)[number];

/** The past-match filters, kept in the URL's search so a filtered list can be shared. */
export interface PastMatchSearch {
  from?: string;
  to?: string;
  season?: string;
  competition?: Competition;
  order?: 'asc' | 'desc';
}

/** Unknown or malformed values are dropped rather than sent to the API. */
export function parsePastMatchSearch(search: Record<string, unknown>): PastMatchSearch {
  return {
    from: pickSearchValue(search.from, isDateOnly),
    to: pickSearchValue(search.to, isDateOnly),
    season: pickSearchValue(search.season, isUuid),
    competition: pickSearchValue<Competition>(search.competition, (text) => (COMPETITIONS as readonly string[]).includes(text)),
    order: pickSearchValue<'asc' | 'desc'>(search.order, (text) => text === 'asc' || text === 'desc'),
  };
}
