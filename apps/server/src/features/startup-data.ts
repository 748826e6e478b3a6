import type { Kysely } from 'kysely';
import type { Database } from '@campus-elo/db';
import type { Config } from '../config';

/**
 * Start-up data: the demo league when SEED=demo and the database is empty, and the first
 * owner from ADMIN_EMAIL/ADMIN_PASSWORD. Each feature adds its step here.
 */
export async function prepareData(_db: Kysely<Database>, _config: Config, _log: (line: string) => void): Promise<void> {}
