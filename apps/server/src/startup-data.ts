import type { Kysely } from 'kysely';
import type { Database } from '@campus-elo/db';
import type { Config } from './config';
import { prepareStaff } from './features/auth/startup';
import { seedDemoIfEmpty } from './features/seed/startup';

export interface StartupOptions {
  /** Another replica held the start-up lock when this one asked for it: it did the once-per-start steps. */
  startedAlongside?: boolean;
}

/**
 * Start-up data: the demo league when SEED=demo and the database is empty, and the first
 * owner from ADMIN_EMAIL/ADMIN_PASSWORD. Each feature adds its step here.
 */
export async function prepareData(db: Kysely<Database>, config: Config, log: (line: string) => void, options: StartupOptions = {}): Promise<void> {
  await seedDemoIfEmpty(db, config, log);
  await prepareStaff(db, config, log, options);
}
