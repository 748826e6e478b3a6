import type { Paged, TEAM_MAP_LEADERBOARD_SORTS, TeamMapLeaderboardInput, teamMapLeaderboardRow } from '@campus-elo/api-contract';
import type { Database } from '@campus-elo/db';
import { sql, type Kysely, type RawBuilder } from 'kysely';
import type { z } from 'zod';
import { pageWindow, toPaged } from '../../lib/paging';
import { currentSeasonQuery } from '../seasons/queries';

/*
 * The team leaderboard (GET /v1/public/stats/teams) reads the kept team map totals of one
 * season (migration 0096), never the maps: one map's row per team, or every map's summed.
 */

type TeamLeaderboardRow = z.infer<typeof teamMapLeaderboardRow>;
type TeamLeaderboardSort = (typeof TEAM_MAP_LEADERBOARD_SORTS)[number];

/** The value each sort orders by, over the summed rows (alias `s`). Win % has no value without a map played. */
const teamSortSql: Record<TeamLeaderboardSort, RawBuilder<number | null>> = {
  played: sql`s.played`,
  wins: sql`s.wins`,
  win_pct: sql`CASE WHEN s.played > 0 THEN 100 * s.wins::float8 / s.played END`,
  round_diff: sql`s.rounds_for - s.rounds_against`,
  picks: sql`s.picks`,
  bans: sql`s.bans`,
};

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
  const direction = sql.raw(input.order === 'asc' ? 'ASC' : 'DESC');
  const { limit, offset } = pageWindow(input);
  const sums = sql.join(['played', 'wins', 'losses', 'rounds_for', 'rounds_against', 'picks', 'bans'].map((column) => sql`sum(${sql.ref(column)})::bigint AS ${sql.ref(column)}`));
  return sql<{ count: number; results: StoredRow[] }>`
    WITH summed AS (
      SELECT team_id, ${sums} FROM team_season_map_stats
      WHERE season_id = ${season} ${input.map ? sql`AND map = ${input.map}` : sql``}
      GROUP BY team_id HAVING sum(played) >= ${input.min_maps}
    )
    SELECT (SELECT count(*) FROM summed) AS count,
      coalesce((
        SELECT json_agg(page ORDER BY page.sort_value ${direction} NULLS LAST, page.team_id) FROM (
          SELECT s.*, t.name AS team_name, t.picture AS team_picture, ${teamSortSql.win_pct} AS win_pct, ${teamSortSql[input.sort]} AS sort_value
          FROM summed s JOIN teams t ON t.id = s.team_id
          ORDER BY sort_value ${direction} NULLS LAST, s.team_id
          LIMIT ${limit} OFFSET ${offset}
        ) page
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
