import type { ParseArgsConfig } from 'node:util';
import { createDatabase, migrateToLatest } from '@campus-elo/db';
import type { Config } from './config';
import { userCommand } from './features/auth/cli';
import { restoreCommand } from './features/database/cli';
import { seedCommand } from './features/seed/cli';

export interface CliContext {
  config: Config;
  values: Record<string, string | boolean | (string | boolean)[] | undefined>;
  positionals: string[];
  log: (line: string) => void;
}

export interface CliCommand {
  name: string;
  usage: string;
  summary: string;
  options?: ParseArgsConfig['options'];
  run(ctx: CliContext): Promise<void>;
}

/** Opens the configured database for one command and always closes it. */
export async function withDatabase<T>(config: Config, work: (db: ReturnType<typeof createDatabase>['db']) => Promise<T>): Promise<T> {
  const handle = createDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
  try {
    await migrateToLatest(handle.db);
    return await work(handle.db);
  } finally {
    await handle.close();
  }
}

const migrate: CliCommand = {
  name: 'migrate',
  usage: 'migrate',
  summary: 'Bring the database schema up to date',
  async run({ config, log }) {
    await withDatabase(config, async () => log('Database is up to date'));
  },
};

/** Each feature's commands join this list (seed, user add, restore, …). */
export const cliCommands: CliCommand[] = [migrate, userCommand, restoreCommand, seedCommand];
