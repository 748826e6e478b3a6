import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { createDatabase, type DatabaseHandle } from './connection';
import { migrateToLatest } from './migrate';

export interface TestDatabase extends DatabaseHandle {
  /** The URL of the database made for this test run, or undefined on PGlite. */
  url: string | undefined;
}

/**
 * A fresh, migrated database for one test file: a new database on the PostgreSQL server of
 * DATABASE_URL (dropped on close), or an in-memory PGlite when DATABASE_URL is unset.
 */
export async function createTestDatabase(
  options: { engine?: 'auto' | 'pglite' } = {},
): Promise<TestDatabase> {
  const serverUrl = options.engine === 'pglite' ? undefined : process.env.DATABASE_URL;
  if (!serverUrl) {
    const handle = createDatabase({ dataDir: 'memory://' });
    await migrateToLatest(handle.db);
    return { ...handle, url: undefined };
  }
  const name = `campus_test_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  const handle = createDatabase({ databaseUrl: url.toString(), poolSize: 10 });
  await migrateToLatest(handle.db);
  return {
    ...handle,
    url: url.toString(),
    async close() {
      await handle.close();
      const dropper = new pg.Client({ connectionString: serverUrl });
      await dropper.connect();
      await dropper.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await dropper.end();
    },
  };
}
