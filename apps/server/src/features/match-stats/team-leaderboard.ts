import type { Paged, TeamMapLeaderboardInput, teamMapLeaderboardRow } from '@campus-elo/api-contract';
import type { Database } from '@campus-elo/db';
import { sql, type Kysely } from 'kysely';
import type { z } from 'zod';
import { toPaged } from '../../lib/paging';
import { currentSeasonQuery } from '../seasons/queries';
import { pageOrder, sortedPageSql } from './stat-sql';

/*
 * The team leaderboard (GET /v1/public/stats/teams) reads kept team totals of one season,
 * never the maps: one map's row per team (migration 0096), or every map's summed (0100).
 */

type TeamLeaderboardRow = z.infer<typeof teamMapLeaderboardRow>;

interface StoredRow {
  team_id: string;
  team_name: string;
  team_picture: string | null;
  played: number;
  wins: number;
  losses: number;
  rounds_for: number;
  rounds_against: number;
  picks: number;
  bans: number;
  win_pct: number | null;
}

/** The page and the count as one statement (so the bench can EXPLAIN it). */
export function teamMapLeaderboardQuery(db: Kysely<Database>, input: TeamMapLeaderboardInput, configuredSeasonId: string | undefined) {
  const season = input.season_id ? sql`${input.season_id}::uuid` : sql`(${currentSeasonQuery(db, configuredSeasonId).clearSelect().select('seasons.id')})`;
  const inScope = sql`s.season_id = ${season} ${input.map ? sql`AND s.map = ${input.map}` : sql``} AND s.played >= ${input.min_maps}`;
  const table = sql.table(input.map ? 'team_season_map_stats' : 'team_season_stats');
  const sorted = { sort: input.sort, key: ['team_id'], order: input.order } as const;
  const page = sortedPageSql({
    ...sorted,
    columns: sql.join(['played', 'wins', 'losses', 'rounds_for', 'rounds_against', 'picks', 'bans', 'win_pct'].map((column) => sql.ref(`s.${column}`))),
    from: sql`${table} s`,
    where: inScope,
    page: input,
  });
  // The count reads the scope's `played` index alone; the page is read in its sort column's
  // index order (migration 0100, stat-sql.ts), and team names are looked up for its rows only.
  return sql<{ count: number; results: StoredRow[] }>`
    SELECT (SELECT count(*) FROM ${table} s WHERE ${inScope}) AS count,
      coalesce((
        SELECT json_agg(named ORDER BY ${pageOrder('named', sorted)}) FROM (
          SELECT page.*, t.name AS team_name, t.picture AS team_picture FROM (${page}) page JOIN teams t ON t.id = page.team_id
        ) named
      ), '[]') AS results`;
}

export async function getTeamMapLeaderboard(db: Kysely<Database>, input: TeamMapLeaderboardInput, configuredSeasonId: string | undefined): Promise<Paged<TeamLeaderboardRow>> {
  const { rows } = await teamMapLeaderboardQuery(db, input, configuredSeasonId).execute(db);
  const row = rows[0]!;
  return toPaged(
    {
      count: Number(row.count),
      results: row.results.map((stored) => ({
        team: { id: stored.team_id, name: stored.team_name, picture: stored.team_picture },
        played: Number(stored.played),
        wins: Number(stored.wins),
        losses: Number(stored.losses),
        win_pct: stored.win_pct === null ? null : Number(stored.win_pct),
        round_diff: Number(stored.rounds_for) - Number(stored.rounds_against),
        picks: Number(stored.picks),
        bans: Number(stored.bans),
      })),
    },
    input,
  );
}
