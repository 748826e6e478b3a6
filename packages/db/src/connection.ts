import { mkdirSync } from 'node:fs';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { unaccent } from '@electric-sql/pglite/contrib/unaccent';
import { Kysely, PostgresDialect } from 'kysely';
import pg from 'pg';
import { listenPglite, listenPostgres, type NotificationHandlers, type StopListening } from './notifications';
import { PGliteDialect } from './pglite-dialect';
import { preparedStatementPool } from './prepared-statements';
import type { Database } from './schema';

import { DATE_OID, INT8_OID, NUMERIC_OID } from './type-oids';

// Dates stay 'YYYY-MM-DD' strings: pg's default turns them into local-midnight Dates.
pg.types.setTypeParser(DATE_OID, (value) => value);
// count(*) and sums come back as int8/numeric; our counts fit in a JS number.
pg.types.setTypeParser(INT8_OID, (value) => Number(value));
pg.types.setTypeParser(NUMERIC_OID, (value) => Number(value));

/** How long a request may wait for a connection before it fails as "database unavailable". */
const CONNECTION_TIMEOUT_MS = 5_000;

/**
 * A connection cut by the server (restart: 57P01, crash: 'Connection terminated
 * unexpectedly') emits 'error' on its pg client. pg-pool listens only while the client is
 * idle; a checked-out client (between two queries, inside a transaction) has no listener, and
 * an unhandled 'error' event ends the process. So every client gets a listener for its whole
 * life. Nothing else is needed there: the pending query rejects on its own, the client is
 * marked not queryable, and pg-pool discards rather than reuses such a client when Kysely
 * releases it. Idle clients' errors reach the pool's own 'error' event, which pg-pool emits
 * after it has already dropped the client.
 */
function keepConnectionErrorsFromCrashing(pool: pg.Pool): void {
  const ignore = () => {};
  pool.on('connect', (client) => client.on('error', ignore));
  pool.on('error', ignore);
}

export interface ConnectionOptions {
  /** postgres://… — when set, a node-postgres pool; otherwise embedded PGlite. */
  databaseUrl?: string | undefined;
  /** Folder for the embedded database; 'memory://' keeps it in memory (tests). */
  dataDir?: string | undefined;
  poolSize?: number;
}

export interface DatabaseHandle {
  db: Kysely<Database>;
  /**
   * For the public reads only: the same connections, with each statement prepared once per
   * connection (prepared-statements.ts). On PGlite, `db` itself.
   */
  readDb: Kysely<Database>;
  kind: 'postgres' | 'pglite';
  /** The embedded engine itself, for what Kysely does not carry (pg-boss's multi-statement scripts); undefined on PostgreSQL. */
  pglite?: PGlite;
  /**
   * LISTEN on a channel: on PostgreSQL over a connection of its own that is reopened when lost
   * (handlers.onListening says when it is in place again), on PGlite in the one process.
   */
  listen(channel: string, handlers: NotificationHandlers): Promise<StopListening>;
  close(): Promise<void>;
}

export function createDatabase(options: ConnectionOptions): DatabaseHandle {
  if (options.databaseUrl) {
    const pool = new pg.Pool({
      connectionString: options.databaseUrl,
      max: options.poolSize ?? 20,
      // While the database is away a request gets its error within this time, whether it
      // waits for a free connection or for a new one to open, instead of hanging.
      connectionTimeoutMillis: CONNECTION_TIMEOUT_MS,
      // Lets the kernel notice a server that vanished without closing the socket (host down).
      keepAlive: true,
      keepAliveInitialDelayMillis: 10_000,
    });
    // Once the database is back, the next request simply opens a new connection: pg-pool has
    // no retry backoff, so recovery is as fast as one connect.
    keepConnectionErrorsFromCrashing(pool);
    const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool }) });
    const readDb = new Kysely<Database>({ dialect: new PostgresDialect({ pool: preparedStatementPool(pool) }) });
    const databaseUrl = options.databaseUrl;
    return { db, readDb, kind: 'postgres', listen: async (channel, handlers) => listenPostgres(databaseUrl, channel, handlers), close: () => db.destroy() };
  }
  const dataDir = options.dataDir ?? './.data';
  if (!dataDir.startsWith('memory://')) mkdirSync(dataDir, { recursive: true });
  // The extensions the search needs (migration 0011); PostgreSQL ships them as contrib.
  const pglite = new PGlite({ dataDir: dataDir.startsWith('memory://') ? undefined : dataDir, extensions: { pg_trgm, unaccent } });
  const db = new Kysely<Database>({ dialect: new PGliteDialect(pglite) });
  return { db, readDb: db, kind: 'pglite', pglite, listen: (channel, handlers) => listenPglite(pglite, db, channel, handlers), close: () => db.destroy() };
}
