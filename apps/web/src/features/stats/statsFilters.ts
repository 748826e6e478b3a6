import { PLAYER_LEADERBOARD_SORTS, TEAM_MAP_LEADERBOARD_SORTS } from '@campus-elo/api-contract';
import { MAP_CODE_PATTERN } from '@campus-elo/domain';
import type { StatsSearch } from './statsSearch';

export type LeaderboardSort = (typeof PLAYER_LEADERBOARD_SORTS)[number];
export type TeamLeaderboardSort = (typeof TEAM_MAP_LEADERBOARD_SORTS)[number];

export const MIN_MAPS_CHOICES = [1, 3, 5, 10, 20] as const;

/** The map and sort of the URL when they name a map code and a leaderboard column; else none (the default). */
export function statsFilters(search: StatsSearch): { map: string | undefined; sort: LeaderboardSort | undefined; teamSort: TeamLeaderboardSort | undefined } {
  return {
    map: search.map && MAP_CODE_PATTERN.test(search.map) ? search.map : undefined,
    sort: (PLAYER_LEADERBOARD_SORTS as readonly string[]).includes(search.sort ?? '') ? (search.sort as LeaderboardSort) : undefined,
    teamSort: (TEAM_MAP_LEADERBOARD_SORTS as readonly string[]).includes(search.sort ?? '') ? (search.sort as TeamLeaderboardSort) : undefined,
  };
}
