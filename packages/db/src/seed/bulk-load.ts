import { sql, type Kysely } from 'kysely';
import type { Database } from '../schema';

interface IndexDefinition {
  name: string;
  definition: string;
}

interface ForeignKeyDefinition {
  tableName: string;
  name: string;
  definition: string;
}

/**
 * Runs `work` (inside the caller's transaction) with the secondary indexes and foreign keys of
 * `tables` dropped, then recreates them from the definitions PostgreSQL reported. Building an
 * index once and checking a foreign key with one join is far cheaper than maintaining them row
 * by row: the bulk-loading advice of PostgreSQL's "Populating a Database". Indexes that back a
 * constraint (primary keys, or targets of another table's foreign key) stay in place.
 */
export async function withDeferredIndexes(
  trx: Kysely<Database>,
  tables: readonly string[],
  work: () => Promise<void>,
): Promise<void> {
  const relations = sql`ARRAY[${sql.join(tables.map((t) => sql`${t}::regclass`))}]`;
  const { rows: indexes } = await sql<IndexDefinition>`
    SELECT i.indexrelid::regclass::text AS name, pg_get_indexdef(i.indexrelid) AS definition
    FROM pg_index i
    WHERE i.indrelid = ANY (${relations})
      AND NOT EXISTS (SELECT 1 FROM pg_constraint c WHERE c.conindid = i.indexrelid)
    ORDER BY 1
  `.execute(trx);
  const { rows: foreignKeys } = await sql<ForeignKeyDefinition>`
    SELECT conrelid::regclass::text AS "tableName", quote_ident(conname) AS name, pg_get_constraintdef(oid) AS definition
    FROM pg_constraint
    WHERE contype = 'f' AND conrelid = ANY (${relations})
    ORDER BY 1, 2
  `.execute(trx);

  for (const fk of foreignKeys) await sql.raw(`ALTER TABLE ${fk.tableName} DROP CONSTRAINT ${fk.name}`).execute(trx);
  for (const index of indexes) await sql.raw(`DROP INDEX ${index.name}`).execute(trx);
  await work();
  for (const index of indexes) await sql.raw(index.definition).execute(trx);
  for (const fk of foreignKeys) await sql.raw(`ALTER TABLE ${fk.tableName} ADD CONSTRAINT ${fk.name} ${fk.definition}`).execute(trx);
}

/** Each column's type, as unnest's arrays must be cast: the map insertByColumns takes. */
export async function columnTypes(trx: Kysely<Database>, table: string): Promise<ReadonlyMap<string, string>> {
  const { rows } = await sql<{ name: string; type: string }>`
    SELECT attname AS name, format_type(atttypid, NULL) AS type FROM pg_attribute
    WHERE attrelid = ${table}::regclass AND attnum > 0 AND NOT attisdropped
  `.execute(trx);
  return new Map(rows.map((row) => [row.name, row.type]));
}

/**
 * Inserts `rows` into `table` with one array a column (INSERT ... SELECT FROM unnest): a few
 * parameters per statement instead of one a value, so thousands of rows go in a statement and
 * PostgreSQL parses and binds a handful of arrays rather than tens of thousands of values.
 * Every row has the first row's keys; `types` comes from columnTypes.
 */
export async function insertByColumns<Row extends object>(
  trx: Kysely<Database>,
  table: string,
  types: ReadonlyMap<string, string>,
  rows: readonly Row[],
): Promise<void> {
  if (rows.length === 0) return;
  const columns = Object.keys(rows[0] as Row) as (keyof Row & string)[];
  const arrays = columns.map((column) => {
    const type = types.get(column);
    if (!type) throw new Error(`insertByColumns: ${table} has no column ${column}`);
    return sql`${rows.map((row) => row[column] ?? null)}::${sql.raw(type)}[]`;
  });
  await sql`INSERT INTO ${sql.table(table)} (${sql.join(columns.map((c) => sql.ref(c)))}) SELECT * FROM unnest(${sql.join(arrays)})`.execute(trx);
}

/**
 * The row triggers that copy a match's season and teams onto its maps, vetoes and lines, and
 * the statement triggers that add them to the season, career and team map totals (migration
 * 0096).
 */
const MATCH_STATS_TRIGGERS = [
  ['match_maps', 'match_maps_fill'],
  ['match_maps', 'match_maps_totals_insert'],
  ['match_vetoes', 'match_vetoes_fill'],
  ['match_vetoes', 'match_vetoes_totals_insert'],
  ['match_map_players', 'match_map_players_fill'],
  ['match_map_players', 'match_map_players_totals_insert'],
] as const;

/**
 * Runs `work` (inside the caller's transaction) with the match statistics triggers off, then
 * computes every total once with match_stats_rebuild(). At scale the triggers would look up
 * each row's match, fold millions of lines into the totals a statement at a time and scan the
 * growing totals for emptied rows after each statement; one rebuild at the end costs less
 * (about a minute at factor 100). `work` must write the season, team and map columns the
 * fill triggers would have copied.
 */
export async function withMatchStatsTotalsAtEnd(trx: Kysely<Database>, work: () => Promise<void>): Promise<void> {
  for (const [table, trigger] of MATCH_STATS_TRIGGERS) await sql.raw(`ALTER TABLE ${table} DISABLE TRIGGER ${trigger}`).execute(trx);
  await work();
  for (const [table, trigger] of MATCH_STATS_TRIGGERS) await sql.raw(`ALTER TABLE ${table} ENABLE TRIGGER ${trigger}`).execute(trx);
  await sql`SELECT match_stats_rebuild()`.execute(trx);
}
