import { isDateOnly, isUuid } from '@campus-elo/api-contract';
import { pickSearchValue } from '../common/searchParams';

/** A competition name is free text (the list comes from the database); longer ones are not names. */
const COMPETITION_NAME_MAX_LENGTH = 200;

/** The past-match filters, kept in the URL's search so a filtered list can be shared. */
export interface PastMatchSearch {
  from?: string;
  to?: string;
  season?: string;
  competition?: string;
  /** A team id: its matches only. */
  team?: string;
  order?: 'asc' | 'desc';
}

/** Unknown or malformed values are dropped rather than sent to the API. */
export function parsePastMatchSearch(search: Record<string, unknown>): PastMatchSearch {
  return {
    from: pickSearchValue(search.from, isDateOnly),
    to: pickSearchValue(search.to, isDateOnly),
    season: pickSearchValue(search.season, isUuid),
    competition: pickSearchValue(search.competition, (text) => text.trim() !== '' && text.length <= COMPETITION_NAME_MAX_LENGTH),
    team: pickSearchValue(search.team, isUuid),
    order: pickSearchValue<'asc' | 'desc'>(search.order, (text) => text === 'asc' || text === 'desc'),
  };
}
