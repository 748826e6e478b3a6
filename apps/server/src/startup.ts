import { sql } from 'kysely';
import { createDatabase, migrateToLatest, type DatabaseHandle } from '@campus-elo/db';
import type { Config } from './config';
import { prepareData } from './features/startup-data';

/** Any fixed number: replicas starting together take turns on migrations and seeding. */
const STARTUP_LOCK_KEY = 727_001;

/** Opens the configured database, migrates it and fills what start-up promises. */
export async function openDatabase(config: Config, log: (line: string) => void): Promise<DatabaseHandle> {
  const handle = createDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
  await handle.db.connection().execute(async (connection) => {
    if (handle.kind === 'postgres') await sql`SELECT pg_advisory_lock(${STARTUP_LOCK_KEY})`.execute(connection);
    try {
      await migrateToLatest(connection);
      await prepareData(connection, config, log);
    } finally {
      if (handle.kind === 'postgres') await sql`SELECT pg_advisory_unlock(${STARTUP_LOCK_KEY})`.execute(connection);
    }
  });
  return handle;
}
