import type { Paged, PlayerLeaderboardInput, playerLeaderboardRow } from '@campus-elo/api-contract';
import type { Database } from '@campus-elo/db';
import { sql, type Kysely } from 'kysely';
import type { z } from 'zod';
import { toPaged } from '../../lib/paging';
import { currentSeasonQuery } from '../seasons/queries';
import { pageOrder, sortedPageSql } from './stat-sql';
import { LINE_TOTAL_COLUMNS, statLine, toLineTotals } from './totals';

/*
 * The player leaderboard (GET /v1/public/stats/players) reads one kept totals table (decisions
 * 0090, 0092), never the lines: a competition's (migration 0097) when one is asked for, else a
 * season's (absent: the current season), per map when a map is asked for. A row is a player
 * with one team: who played for two teams in a season has a row for each.
 */

type LeaderboardRow = z.infer<typeof playerLeaderboardRow>;

function totalsTable(input: PlayerLeaderboardInput): string {
  const scope = input.competition_id ? 'competition' : 'season';
  return `player_${scope}_${input.map ? 'map_' : ''}stats`;
}

interface StoredRow {
  player_id: string;
  player_name: string;
  player_picture: string | null;
  team_id: string;
  team_name: string;
  kills: number;
  deaths: number;
  clutch_wins: number;
  first_kills: number;
}

/** The page and the count as one statement (so the bench can EXPLAIN it). */
export function playerLeaderboardQuery(db: Kysely<Database>, input: PlayerLeaderboardInput, configuredSeasonId: string | undefined) {
  const season = input.season_id ?? currentSeasonQuery(db, configuredSeasonId).clearSelect().select('seasons.id');
  const filters = [
    input.competition_id
      ? sql`s.competition_id = ${input.competition_id}`
      : sql`s.season_id = (${typeof season === 'string' ? sql`${season}::uuid` : season})`,
    // A competition of another season than the one asked for has no rows in it.
    input.competition_id && input.season_id ? sql`EXISTS (SELECT 1 FROM competitions c WHERE c.id = s.competition_id AND c.season_id = ${input.season_id})` : undefined,
    input.team_id ? sql`s.team_id = ${input.team_id}` : undefined,
    input.map ? sql`s.map = ${input.map}` : undefined,
    sql`s.maps >= ${input.min_maps}`,
  ].filter((filter) => filter !== undefined);
  // Hidden players' rows are left out by the row's own copy of players.visible (migration 0100).
  const where = sql.join([...filters, sql`s.player_visible`], sql` AND `);
  const table = sql.table(totalsTable(input));
  const sorted = { sort: input.sort, key: ['player_id', 'team_id'], order: input.order } as const;
  const page = sortedPageSql({
    ...sorted,
    columns: sql.join([...LINE_TOTAL_COLUMNS, 'clutch_wins', 'first_kills'].map((column) => sql.ref(`s.${column}`))),
    from: sql`${table} s`,
    where,
    page: input,
  });
  // The count reads the scope's `maps` index alone, which holds visible players' rows only; the
  // page is read in its sort column's index order (stat-sql.ts), and names are looked up for its rows only.
  return sql<{ count: number; results: StoredRow[] }>`
    SELECT (SELECT count(*) FROM ${table} s WHERE ${where}) AS count,
      coalesce((
        SELECT json_agg(named ORDER BY ${pageOrder('named', sorted)}) FROM (
          SELECT page.*, p.name AS player_name, p.picture AS player_picture, t.name AS team_name
          FROM (${page}) page JOIN players p ON p.id = page.player_id JOIN teams t ON t.id = page.team_id
        ) named
      ), '[]') AS results`;
}

export async function getPlayerLeaderboard(db: Kysely<Database>, input: PlayerLeaderboardInput, configuredSeasonId: string | undefined): Promise<Paged<LeaderboardRow>> {
  const { rows } = await playerLeaderboardQuery(db, input, configuredSeasonId).execute(db);
  const row = rows[0]!;
  return toPaged(
    {
      count: row.count,
      results: row.results.map((stored) => ({
        player: { id: stored.player_id, name: stored.player_name, picture: stored.player_picture },
        team: { id: stored.team_id, name: stored.team_name },
        ...statLine(toLineTotals(stored)),
        plus_minus: Number(stored.kills) - Number(stored.deaths),
        clutch_wins: Number(stored.clutch_wins),
        first_kills: Number(stored.first_kills),
      })),
    },
    input,
  );
}
