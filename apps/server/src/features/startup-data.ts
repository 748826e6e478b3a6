import type { Kysely } from 'kysely';
import type { Database } from '@campus-elo/db';
import type { Config } from '../config';
import { prepareStaff } from './auth/startup';
import { seedDemoIfEmpty } from './seed/startup';

/**
 * Start-up data: the demo league when SEED=demo and the database is empty, and the first
 * owner from ADMIN_EMAIL/ADMIN_PASSWORD. Each feature adds its step here.
 */
export async function prepareData(db: Kysely<Database>, config: Config, log: (line: string) => void): Promise<void> {
  await seedDemoIfEmpty(db, config, log);
  await prepareStaff(db, config, log);
}
