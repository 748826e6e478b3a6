import { isUuid } from '@campus-elo/api-contract';
import { pickSearchValue } from '../common/searchParams';

/** The season and division of /standings, kept in the URL so a table can be shared (the team page links to its division). */
export interface StandingsSearch {
  /** A season id; absent means the current season (the server's default). */
  season?: string;
  /** A division id of that season; absent means its first division. */
  division?: string;
}

export function parseStandingsSearch(search: Record<string, unknown>): StandingsSearch {
  return {
    season: pickSearchValue(search.season, isUuid),
    division: pickSearchValue(search.division, isUuid),
  };
}
