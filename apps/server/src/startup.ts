import { sql } from 'kysely';
import { createDatabase, migrateToLatest, type DatabaseHandle } from '@campus-elo/db';
import type { Config } from './config';
import { prepareData } from './startup-data';

/** Any fixed number: replicas starting together take turns on migrations and seeding. */
const STARTUP_LOCK_KEY = 727_001;

/** Opens the configured database, migrates it and fills what start-up promises. */
export async function openDatabase(config: Config, log: (line: string) => void): Promise<DatabaseHandle> {
  const handle = createDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
  await handle.db.connection().execute(async (connection) => {
    // A replica that finds the lock taken is starting together with another, which does the
    // once-per-start steps (the demo owner's new password) while this one waits.
    let startedAlongside = false;
    if (handle.kind === 'postgres') {
      const { rows } = await sql<{ locked: boolean }>`SELECT pg_try_advisory_lock(${STARTUP_LOCK_KEY}) AS locked`.execute(connection);
      startedAlongside = !rows[0]?.locked;
      if (startedAlongside) await sql`SELECT pg_advisory_lock(${STARTUP_LOCK_KEY})`.execute(connection);
    }
    try {
      await migrateToLatest(connection);
      await prepareData(connection, config, log, { startedAlongside });
    } finally {
      if (handle.kind === 'postgres') await sql`SELECT pg_advisory_unlock(${STARTUP_LOCK_KEY})`.execute(connection);
    }
  });
  return handle;
}
