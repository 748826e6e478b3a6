import { isUuid } from '@campus-elo/api-contract';
import { pickSearchValue } from '../common/searchParams';

export const ALL_SEASONS = 'all_seasons';
export const CURRENT_RANKINGS = 'current';

/** Season and ranking week, kept in the URL's search so a view can be shared. */
export interface RankingsSearch {
  /** A season id or 'all_seasons'; absent means the current season. */
  season?: string;
  /** A ranking snapshot id or 'current'; absent means the current rankings, or an ended season's last snapshot. */
  week?: string;
}

export function parseRankingsSearch(search: Record<string, unknown>): RankingsSearch {
  return {
    season: pickSearchValue(search.season, (text) => text === ALL_SEASONS || isUuid(text)),
    week: pickSearchValue(search.week, (text) => text === CURRENT_RANKINGS || isUuid(text)),
  };
}
