import { isUuid } from '@campus-elo/api-contract';
import { pickSearchValue } from '../common/searchParams';

/**
 * /stats filters as the URL holds them, kept so a view can be shared. The route checks only
 * their shape (its check runs in the first bundle, which must not carry the API's schemas);
 * `statsFilters` (in the page's own chunk) drops what names no map or sort column.
 */
export interface StatsSearch {
  /** A season id; absent means the current season (else the latest). */
  season?: string;
  competition?: string;
  team?: string;
  map?: string;
  min_maps?: number;
  sort?: string;
  order?: 'asc' | 'desc';
  page?: number;
}

function wholeNumber(value: unknown, min: number, max: number): number | undefined {
  const number = typeof value === 'string' && /^\d+$/.test(value) ? Number(value) : value;
  return typeof number === 'number' && Number.isInteger(number) && number >= min && number <= max ? number : undefined;
}

const shortWord = (text: string) => /^[a-z0-9_]{1,40}$/i.test(text);

export function parseStatsSearch(search: Record<string, unknown>): StatsSearch {
  return {
    season: pickSearchValue(search.season, isUuid),
    competition: pickSearchValue(search.competition, isUuid),
    team: pickSearchValue(search.team, isUuid),
    map: pickSearchValue(search.map, shortWord),
    min_maps: wholeNumber(search.min_maps, 0, 1000),
    sort: pickSearchValue(search.sort, shortWord),
    order: pickSearchValue<'asc' | 'desc'>(search.order, (text) => text === 'asc' || text === 'desc'),
    page: wholeNumber(search.page, 1, 10_000),
  };
}
