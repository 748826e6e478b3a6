import type { Database } from '@campus-elo/db';
import { LEDGER_DATE, type LedgerColumns } from '@campus-elo/domain';
import { sql, type Kysely } from 'kysely';
import { parseIntegerList } from '../../lib/number-list';

/*
 * The one bulk read of the Elo ledger's matches, as columns (domain LedgerColumns) for the
 * typed-array replay: Recalculate All, a replay from a moment on, and every what-if evaluation
 * read through here (docs/decisions/0095). Teams travel as indices into the caller's team list,
 * which the statement numbers itself (unnest WITH ORDINALITY), so a team added meanwhile cannot
 * shift them; each column arrives as one comma-joined text, because node-postgres makes an
 * object of each of 300,000 rows and parses each field alone, which costs more than the replay,
 * and that text is parsed in one pass into a typed array (lib/number-list.ts).
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

/** The bits of the read's `flags` column, as the statement adds them up. */
const FLAG = { completed: 1, sameTeam: 2, applied: 4, winnerShift: 3 } as const;

/** One column of the read as `count` values (NaN for null, which only Float64Array columns have). */
function column<Values extends Float64Array | Int32Array | Uint8Array>(Type: new (length: number) => Values, text: string | null, count: number): Values {
  const values = new Type(count);
  parseIntegerList(text ?? '', values);
  return values;
}

export async function readMatchColumns(db: Kysely<Database>, query: MatchColumnsQuery): Promise<MatchColumns> {
  const { teamIds, from, scope } = query;
  // The stored Elo columns live in match_elo (migration 0104): a row for each match that moved Elo.
  const where = scope === 'ledger' ? sql`(m.status = 'completed' OR e.match_id IS NOT NULL)` : sql`m.status = 'completed'`;
  const stored =
    scope === 'ledger'
      ? sql`, string_agg(coalesce(o.team1_elo_before::text, ''), ',') AS team1_before,
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
      string_agg(coalesce(o.team1 - 1, -1)::text, ',') AS team1s,
      string_agg(coalesce(o.team2 - 1, -1)::text, ',') AS team2s,
      -- The small facts packed into one code (FLAG below): each column costs the statement an aggregate.
      string_agg((
        (o.status = 'completed')::int
        + 2 * coalesce((o.team1_id = o.team2_id)::int, 0)
        + 4 * o.elo_applied::int
        + 8 * (CASE WHEN o.winner_id IS NULL THEN 0 WHEN o.winner_id = o.team1_id THEN 1 WHEN o.winner_id = o.team2_id THEN 2 ELSE 3 END)
      )::text, ',') AS flags
      ${stored} ${seasons.select}
    FROM (
      SELECT m.id, m.date, m.status, m.team1_id, m.team2_id, m.winner_id,
        ${scope === 'ledger' ? sql`e.match_id IS NOT NULL AS elo_applied, e.team1_elo_before, e.team2_elo_before, e.team1_elo_change, e.team2_elo_change,` : sql`false AS elo_applied,`}
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
  const times = column(Float64Array, row.times ?? null, count);
  const flags = column(Uint8Array, row.flags ?? null, count);
  const columns: MatchColumns = {
    matchIds: count === 0 ? [] : (row.ids as string).split(','),
    matchTime: times,
    // A timestamp column always parses: a match's date is there or not.
    matchDate: Uint8Array.from(times, (time) => (Number.isNaN(time) ? LEDGER_DATE.none : LEDGER_DATE.dated)),
    matchCompleted: flags.map((f) => f & FLAG.completed),
    team1: column(Int32Array, row.team1s ?? null, count),
    team2: column(Int32Array, row.team2s ?? null, count),
    sameTeam: flags.map((f) => (f & FLAG.sameTeam) >> 1),
    // 0 none, 1 team 1, 2 team 2, 3 another team.
    winner: flags.map((f) => f >> FLAG.winnerShift),
  };
  if (scope === 'ledger') {
    columns.stored = {
      applied: flags.map((f) => (f & FLAG.applied) >> 2),
      team1Before: column(Float64Array, row.team1_before ?? null, count),
      team2Before: column(Float64Array, row.team2_before ?? null, count),
      team1Change: column(Float64Array, row.team1_change ?? null, count),
      team2Change: column(Float64Array, row.team2_change ?? null, count),
    };
  }
  if (query.seasonIds) columns.season = column(Int32Array, row.seasons ?? null, count);
  return columns;
}
