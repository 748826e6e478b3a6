import { mkdirSync } from 'node:fs';
import { PGlite } from '@electric-sql/pglite';
import { Kysely, PostgresDialect } from 'kysely';
import pg from 'pg';
import { PGliteDialect } from './pglite-dialect';
import type { Database } from './schema';

import { DATE_OID, INT8_OID, NUMERIC_OID } from './type-oids';

// Dates stay 'YYYY-MM-DD' strings: pg's default turns them into local-midnight Dates.
pg.types.setTypeParser(DATE_OID, (value) => value);
// count(*) and sums come back as int8/numeric; our counts fit in a JS number.
pg.types.setTypeParser(INT8_OID, (value) => Number(value));
pg.types.setTypeParser(NUMERIC_OID, (value) => Number(value));

export interface ConnectionOptions {
  /** postgres://… — when set, a node-postgres pool; otherwise embedded PGlite. */
  databaseUrl?: string | undefined;
  /** Folder for the embedded database; 'memory://' keeps it in memory (tests). */
  dataDir?: string | undefined;
  poolSize?: number;
}

export interface DatabaseHandle {
  db: Kysely<Database>;
  kind: 'postgres' | 'pglite';
  close(): Promise<void>;
}

export function createDatabase(options: ConnectionOptions): DatabaseHandle {
  if (options.databaseUrl) {
    const pool = new pg.Pool({ connectionString: options.databaseUrl, max: options.poolSize ?? 20 });
    // An idle connection cut by the server (restart, dropped database) must not crash the
    // process: the pool discards it and the next query opens a new one.
    pool.on('error', () => {});
    const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool }) });
    return { db, kind: 'postgres', close: () => db.destroy() };
  }
  const dataDir = options.dataDir ?? './.data';
  if (!dataDir.startsWith('memory://')) mkdirSync(dataDir, { recursive: true });
  const pglite = new PGlite(dataDir.startsWith('memory://') ? undefined : dataDir);
  const db = new Kysely<Database>({ dialect: new PGliteDialect(pglite) });
  return { db, kind: 'pglite', close: () => db.destroy() };
}
