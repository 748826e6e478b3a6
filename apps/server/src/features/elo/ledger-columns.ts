import { uuidArray, type ArrayParameter, type Database } from '@campus-elo/db';
import { LEDGER_DATE, type LedgerColumns } from '@campus-elo/domain';
import { sql, type Kysely } from 'kysely';

/*
 * The one bulk read of the completed matches, as columns (domain LedgerColumns) for the
 * typed-array replay: Recalculate All, a replay from a moment on, and every what-if evaluation
 * read through here (docs/decisions/0095). Teams travel as indices into the caller's team list,
 * which the statement numbers itself (unnest WITH ORDINALITY, `numbered`), so a team added meanwhile cannot
 * shift them. Each column arrives as one value, because node-postgres makes an object of each
 * of 300,000 rows and parses each field alone, which costs more than the replay: the ids as
 * one comma-joined text, the numbers as one bytea of their binary forms (float8send,
 * int4send), which JavaScript reads straight into typed arrays.
 * Rows come in ledger order, from the index of migration 0106 and sorted by PostgreSQL, which
 * the replay checks instead of sorting.
 */

export interface MatchColumnsQuery {
  /** The teams the indices point into. */
  teamIds: readonly string[];
  /** Only matches dated at or after this moment (a replay from then on); null for all. */
  from: Date | null;
  /** The seasons `season` indexes (-1 without one, or another); leave out to read no season. */
  seasonIds?: readonly string[];
}

/** LedgerColumns' match fields (every match read is completed), and with seasonIds each match's season index. */
export type MatchColumns = Pick<LedgerColumns, 'matchIds' | 'matchTime' | 'matchDate' | 'matchCompleted' | 'team1' | 'team2' | 'sameTeam' | 'winner'> & {
  season?: Int32Array;
};

/** The bits of the read's `facts` column, as the statement adds them up. */
const FACT = { sameTeam: 1, winnerShift: 1 } as const;

/** The bytes of a bytea column (node-postgres gives a Buffer, PGlite a Uint8Array; null when no rows), checked against the row count. */
function bytesOf(value: Uint8Array | null, count: number, width: number): DataView {
  const bytes = value ?? new Uint8Array(0);
  if (bytes.byteLength !== count * width) throw new Error(`ledger read: ${bytes.byteLength} bytes where ${count} values of ${width} were expected`);
  return new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
}

function float64Column(value: Uint8Array | null, count: number): Float64Array {
  const view = bytesOf(value, count, 8);
  const column = new Float64Array(count);
  for (let i = 0; i < count; i += 1) column[i] = view.getFloat64(i * 8);
  return column;
}

function int32Column(value: Uint8Array | null, count: number): Int32Array {
  const view = bytesOf(value, count, 4);
  const column = new Int32Array(count);
  for (let i = 0; i < count; i += 1) column[i] = view.getInt32(i * 4);
  return column;
}

function int16Column(value: Uint8Array | null, count: number): Int16Array {
  const view = bytesOf(value, count, 2);
  const column = new Int16Array(count);
  for (let i = 0; i < count; i += 1) column[i] = view.getInt16(i * 2);
  return column;
}

/**
 * The ids numbered 1, 2, … in the order given, as a relation (id, n) to join. Grouped by id,
 * which tells the planner the ids are distinct: otherwise it guesses 200 distinct values among
 * 6,000 teams and hashes the 300,000 matches instead of the teams (0.85 s instead of 0.37 s).
 */
const numbered = (ids: ArrayParameter) => sql`(SELECT id, min(n) AS n FROM unnest(${ids}::uuid[]) WITH ORDINALITY AS u(id, n) GROUP BY id)`;

interface ReadRow {
  count: number;
  ids: string | null;
  times: Uint8Array | null;
  team1s: Uint8Array | null;
  team2s: Uint8Array | null;
  facts: Uint8Array | null;
  seasons?: Uint8Array | null;
}

export async function readMatchColumns(db: Kysely<Database>, query: MatchColumnsQuery): Promise<MatchColumns> {
  const { from } = query;
  const teamIds = uuidArray(query.teamIds);
  const seasons = query.seasonIds
    ? { select: sql`, string_agg(int4send(coalesce(o.season - 1, -1)::int), '') AS seasons`, join: sql`LEFT JOIN ${numbered(uuidArray(query.seasonIds))} AS s ON s.id = m.season_id` }
    : { select: sql``, join: sql`` };
  // The sort of 300,000 rows fits in memory with this, instead of spilling to disk (local to the transaction).
  await sql`SELECT set_config('work_mem', '64MB', true)`.execute(db);
  const { rows } = await sql<ReadRow>`
    SELECT count(*)::int AS count,
      string_agg(o.id::text, ',') AS ids,
      -- A time without a date is NaN (float8send of it reads back as NaN).
      string_agg(float8send(coalesce(floor(extract(epoch FROM o.date) * 1000)::float8, 'NaN')), '') AS times,
      string_agg(int4send(coalesce(o.team1 - 1, -1)::int), '') AS team1s,
      string_agg(int4send(coalesce(o.team2 - 1, -1)::int), '') AS team2s,
      -- The small facts packed into one code (FACT above): each column costs the statement an aggregate.
      string_agg(int2send((
        coalesce((o.team1_id = o.team2_id)::int, 0)
        + 2 * (CASE WHEN o.winner_id IS NULL THEN 0 WHEN o.winner_id = o.team1_id THEN 1 WHEN o.winner_id = o.team2_id THEN 2 ELSE 3 END)
      )::int2), '') AS facts
      ${seasons.select}
    FROM (
      SELECT m.id, m.date, m.team1_id, m.team2_id, m.winner_id, t1.n AS team1, t2.n AS team2 ${query.seasonIds ? sql`, s.n AS season` : sql``}
      FROM matches m
      LEFT JOIN ${numbered(teamIds)} AS t1 ON t1.id = m.team1_id
      LEFT JOIN ${numbered(teamIds)} AS t2 ON t2.id = m.team2_id
      ${seasons.join}
      WHERE m.status = 'completed' ${from ? sql`AND m.date >= ${from}` : sql``}
      -- The ledger's order (uuid order is the text order the replay compares): the replay then
      -- only checks it. Not relied upon: out of order, the replay sorts.
      ORDER BY m.date NULLS FIRST, m.id
    ) o
  `.execute(db);
  const row = rows[0] as ReadRow;
  const count = row.count;
  const times = float64Column(row.times, count);
  const facts = int16Column(row.facts, count);
  // Plain loops: TypedArray.from with a function costs 20 ms per column here.
  const matchDate = new Uint8Array(count);
  const sameTeam = new Uint8Array(count);
  const winner = new Uint8Array(count);
  for (let i = 0; i < count; i += 1) {
    // A timestamp column always parses: a match's date is there or not.
    matchDate[i] = Number.isNaN(times[i]) ? LEDGER_DATE.none : LEDGER_DATE.dated;
    const fact = facts[i] as number;
    sameTeam[i] = fact & FACT.sameTeam;
    // 0 none, 1 team 1, 2 team 2, 3 another team.
    winner[i] = fact >> FACT.winnerShift;
  }
  const columns: MatchColumns = {
    matchIds: count === 0 ? [] : (row.ids as string).split(','),
    matchTime: times,
    matchDate,
    matchCompleted: new Uint8Array(count).fill(1),
    team1: int32Column(row.team1s, count),
    team2: int32Column(row.team2s, count),
    sameTeam,
    winner,
  };
  if (query.seasonIds) columns.season = int32Column(row.seasons ?? null, count);
  return columns;
}
