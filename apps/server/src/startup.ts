import { createDatabase, migrateToLatest, type DatabaseHandle } from '@campus-elo/db';
import type { Config } from './config';
import { prepareData } from './features/startup-data';

/** Opens the configured database, migrates it and fills what start-up promises. */
export async function openDatabase(config: Config, log: (line: string) => void): Promise<DatabaseHandle> {
  const handle = createDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
  await migrateToLatest(handle.db);
  await prepareData(handle.db, config, log);
  return handle;
}
