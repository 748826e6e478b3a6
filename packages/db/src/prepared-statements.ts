import type { PostgresPool, PostgresPoolClient } from 'kysely';
import type pg from 'pg';

/**
 * How many distinct statement texts get a name. The public reads have a few dozen shapes; a
 * text past the cap (an IN list of an unusual length) simply runs unnamed, so neither this map
 * nor each connection's statements grow without bound.
 */
export const MAX_PREPARED_STATEMENTS = 256;

/** SQLSTATE 0A000 with this text: a table a prepared statement reads changed shape (a migration). */
const RESULT_TYPE_CHANGED = /cached plan must not change result type/;

/**
 * A pool for Kysely whose clients run each statement as a named, prepared one
 * (docs/decisions/0070-prepared-public-reads.md). PostgreSQL then parses it once per
 * connection and, after a few runs, plans it once too: for the public reads, planning cost
 * three to five times what running them does. It shares `pool` (its connections, limits and
 * error handling) with the handle's ordinary Kysely; ending it leaves `pool` open.
 */
export function preparedStatementPool(pool: pg.Pool, maxStatements = MAX_PREPARED_STATEMENTS): PostgresPool {
  const names = new Map<string, string>();
  const nameOf = (text: string): string | undefined => {
    let name = names.get(text);
    if (name === undefined && names.size < maxStatements) {
      name = `ce_${names.size + 1}`;
      names.set(text, name);
    }
    return name;
  };
  return {
    async connect(): Promise<PostgresPoolClient> {
      const client = await pool.connect();
      // pg keeps each connection's prepared statements for its life, so a connection whose
      // statement went stale is dropped rather than returned to the pool.
      let stale = false;
      const query = (text: string, parameters: readonly unknown[]) => {
        const name = nameOf(text);
        return client.query({ name, text, values: [...parameters] }).catch((error: unknown) => {
          if (name && error instanceof Error && RESULT_TYPE_CHANGED.test(error.message)) stale = true;
          throw error;
        });
      };
      // Only Kysely's plain query(text, parameters): its streaming form needs a cursor class the dialect is not given.
      return { query, release: () => client.release(stale) } as unknown as PostgresPoolClient;
    },
    end: async () => {},
  };
}
