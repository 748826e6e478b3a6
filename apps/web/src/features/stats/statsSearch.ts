import { isUuid, PLAYER_LEADERBOARD_SORTS } from '@campus-elo/api-contract';
import { MAP_CODE_PATTERN } from '@campus-elo/domain';
import { pickSearchValue } from '../common/searchParams';

export type LeaderboardSort = (typeof PLAYER_LEADERBOARD_SORTS)[number];

export const MIN_MAPS_CHOICES = [1, 3, 5, 10, 20] as const;

/** /stats filters, kept in the URL's search so a view can be shared; anything malformed is dropped. */
export interface StatsSearch {
  /** A season id; absent means the current season (else the latest). */
  season?: string;
  competition?: string;
  team?: string;
  map?: string;
  min_maps?: number;
  sort?: LeaderboardSort;
  order?: 'asc' | 'desc';
  page?: number;
}

function wholeNumber(value: unknown, min: number, max: number): number | undefined {
  const number = typeof value === 'string' && /^\d+$/.test(value) ? Number(value) : value;
  return typeof number === 'number' && Number.isInteger(number) && number >= min && number <= max ? number : undefined;
}

export function parseStatsSearch(search: Record<string, unknown>): StatsSearch {
  return {
    season: pickSearchValue(search.season, isUuid),
    competition: pickSearchValue(search.competition, isUuid),
    team: pickSearchValue(search.team, isUuid),
    map: pickSearchValue(search.map, (text) => MAP_CODE_PATTERN.test(text)),
    min_maps: wholeNumber(search.min_maps, 0, 1000),
    sort: pickSearchValue<LeaderboardSort>(search.sort, (text) => (PLAYER_LEADERBOARD_SORTS as readonly string[]).includes(text)),
    order: pickSearchValue<'asc' | 'desc'>(search.order, (text) => text === 'asc' || text === 'desc'),
    page: wholeNumber(search.page, 1, 10_000),
  };
}
