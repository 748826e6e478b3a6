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
