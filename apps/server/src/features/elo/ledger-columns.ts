import type { Database } from '@campus-elo/db';
import { LEDGER_DATE, type LedgerColumns } from '@campus-elo/domain';
import { sql, type Kysely } from 'kysely';

/*
 * The one bulk read of the Elo ledger's matches, as columns (domain LedgerColumns) for the
 * typed-array replay: Recalculate All, a replay from a moment on, and every what-if evaluation
 * read through here (docs/decisions/0095). Teams travel as indices into the caller's team list,
 * which the statement numbers itself (unnest WITH ORDINALITY), so a team added meanwhile cannot
 * shift them; each column arrives as one comma-joined text, because node-postgres makes an
 * object of each of 300,000 rows and parses each field alone, which costs more than the replay.
 * Rows come in ledger order, sorted by PostgreSQL, which the replay checks instead of sorting.
 */

export interface MatchColumnsQuery {
  /** The teams the indices point into. */
  teamIds: readonly string[];
  /** Only matches dated at or after this moment (a replay from then on); null for all. */
  from: Date | null;
  /**
   * 'ledger': completed matches and those that moved Elo (which may no longer count), with
   * their stored Elo columns; 'completed': completed matches with their season.
   */
  scope: 'ledger' | 'completed';
  /** With 'completed': the seasons `season` indexes (-1 without one, or another). */
  seasonIds?: readonly string[];
}

/** LedgerColumns' match fields, plus what the scope adds. */
export type MatchColumns = Pick<LedgerColumns, 'matchIds' | 'matchTime' | 'matchDate' | 'matchCompleted' | 'team1' | 'team2' | 'sameTeam' | 'winner'> & {
  /** 'ledger' scope: the Elo columns as stored (NaN for null), to write only what differs. */
  stored?: { applied: Uint8Array; team1Before: Float64Array; team2Before: Float64Array; team1Change: Float64Array; team2Change: Float64Array };
  /** 'completed' scope with seasonIds: each match's season index. */
  season?: Int32Array;
};

const ints = (text: string | null, count: number) => (count === 0 ? new Int32Array(0) : Int32Array.from((text as string).split(','), Number));
const bytes = (text: string | null, count: number) => (count === 0 ? new Uint8Array(0) : Uint8Array.from((text as string).split(','), Number));
/** '' is null, read as NaN. */
const nullableNumbers = (text: string | null, count: number) => (count === 0 ? new Float64Array(0) : Float64Array.from((text as string).split(','), (v) => (v === '' ? Number.NaN : Number(v))));

export async function readMatchColumns(db: Kysely<Database>, query: MatchColumnsQuery): Promise<MatchColumns> {
  const { teamIds, from, scope } = query;
  // The stored Elo columns live in match_elo (migration 0104): a row for each match that moved Elo.
  const where = scope === 'ledger' ? sql`(m.status = 'completed' OR e.match_id IS NOT NULL)` : sql`m.status = 'completed'`;
  const stored =
    scope === 'ledger'
      ? sql`, string_agg(o.elo_applied::int::text, ',') AS applied,
          string_agg(coalesce(o.team1_elo_before::text, ''), ',') AS team1_before,
          string_agg(coalesce(o.team2_elo_before::text, ''), ',') AS team2_before,
          string_agg(coalesce(o.team1_elo_change::text, ''), ',') AS team1_change,
          string_agg(coalesce(o.team2_elo_change::text, ''), ',') AS team2_change`
      : sql``;
  const seasons = query.seasonIds
    ? { select: sql`, string_agg(coalesce(o.season - 1, -1)::text, ',') AS seasons`, join: sql`LEFT JOIN unnest(${query.seasonIds}::uuid[]) WITH ORDINALITY AS s(id, n) ON s.id = m.season_id` }
    : { select: sql``, join: sql`` };
  // The sort of 300,000 rows fits in memory with this, instead of spilling to disk (local to the transaction).
  await sql`SELECT set_config('work_mem', '64MB', true)`.execute(db);
  const { rows } = await sql<Record<string, string | null> & { count: number }>`
    SELECT count(*)::int AS count,
      string_agg(o.id::text, ',') AS ids,
      string_agg(coalesce(floor(extract(epoch FROM o.date) * 1000)::text, ''), ',') AS times,
      string_agg((o.status = 'completed')::int::text, ',') AS completed,
      string_agg(coalesce(o.team1 - 1, -1)::text, ',') AS team1s,
      string_agg(coalesce(o.team2 - 1, -1)::text, ',') AS team2s,
      string_agg((o.team1_id = o.team2_id)::int::text, ',') AS same_team,
      string_agg((CASE WHEN o.winner_id IS NULL THEN 0 WHEN o.winner_id = o.team1_id THEN 1 WHEN o.winner_id = o.team2_id THEN 2 ELSE 3 END)::text, ',') AS winners
      ${stored} ${seasons.select}
    FROM (
      SELECT m.id, m.date, m.status, m.team1_id, m.team2_id, m.winner_id,
        ${scope === 'ledger' ? sql`e.match_id IS NOT NULL AS elo_applied, e.team1_elo_before, e.team2_elo_before, e.team1_elo_change, e.team2_elo_change,` : sql``}
        t1.n AS team1, t2.n AS team2 ${query.seasonIds ? sql`, s.n AS season` : sql``}
      FROM matches m
      ${scope === 'ledger' ? sql`LEFT JOIN match_elo e ON e.match_id = m.id` : sql``}
      LEFT JOIN unnest(${teamIds}::uuid[]) WITH ORDINALITY AS t1(id, n) ON t1.id = m.team1_id
      LEFT JOIN unnest(${teamIds}::uuid[]) WITH ORDINALITY AS t2(id, n) ON t2.id = m.team2_id
      ${seasons.join}
      WHERE ${where} ${from ? sql`AND m.date >= ${from}` : sql``}
      -- The ledger's order (uuid order is the text order the replay compares): the replay then
      -- only checks it. Not relied upon: out of order, the replay sorts.
      ORDER BY m.date NULLS FIRST, m.id
    ) o
  `.execute(db);
  const row = rows[0] as Record<string, string | null> & { count: number };
  const count = row.count;
  const times = nullableNumbers(row.times ?? null, count);
  const columns: MatchColumns = {
    matchIds: count === 0 ? [] : (row.ids as string).split(','),
    matchTime: times,
    // A timestamp column always parses: a match's date is there or not.
    matchDate: Uint8Array.from(times, (time) => (Number.isNaN(time) ? LEDGER_DATE.none : LEDGER_DATE.dated)),
    matchCompleted: bytes(row.completed ?? null, count),
    team1: ints(row.team1s ?? null, count),
    team2: ints(row.team2s ?? null, count),
    sameTeam: bytes(row.same_team ?? null, count),
    winner: bytes(row.winners ?? null, count),
  };
  if (scope === 'ledger') {
    columns.stored = {
      applied: bytes(row.applied ?? null, count),
      team1Before: nullableNumbers(row.team1_before ?? null, count),
      team2Before: nullableNumbers(row.team2_before ?? null, count),
      team1Change: nullableNumbers(row.team1_change ?? null, count),
      team2Change: nullableNumbers(row.team2_change ?? null, count),
    };
  }
  if (query.seasonIds) columns.season = ints(row.seasons ?? null, count);
  return columns;
}
