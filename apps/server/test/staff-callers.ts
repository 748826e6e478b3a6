import { createTestDatabase, type Database, type TestDatabase } from '@campus-elo/db';
import { sql, type Kysely } from 'kysely';
import { loadConfig, type Config } from '../src/config';
import type { SessionUser } from '../src/features/auth/session';
import { appRouter } from '../src/router';
import { createCallerFactory } from '../src/trpc';
import { testRequest } from '../test-support/request-info';

const createCaller = createCallerFactory(appRouter);

export interface StaffTestDatabase extends TestDatabase {
  config: Config;
  owner: SessionUser;
  admin: SessionUser;
  /** The tRPC caller a signed-in staff member gets. */
  callerFor(user: SessionUser): ReturnType<typeof createCaller>;
}

/** A fresh database with one owner and one admin (audit rows point at real users). */
export async function createStaffTestDatabase(env: Record<string, string> = {}): Promise<StaffTestDatabase> {
  const database = await createTestDatabase();
  const config = loadConfig({ LOG_LEVEL: 'silent', ...env });
  const users = await database.db
    .insertInto('users')
    .values([
      { email: 'owner@tools.test', password_hash: 'not-used', role: 'owner' },
      { email: 'admin@tools.test', password_hash: 'not-used', role: 'admin' },
    ])
    .returning(['id', 'email', 'role'])
    .execute();
  const owner = users.find((u) => u.role === 'owner')!;
  const admin = users.find((u) => u.role === 'admin')!;
  return {
    ...database,
    config,
    owner,
    admin,
    callerFor: (user) =>
      createCaller({ db: database.db, config, user, request: testRequest() }),
  };
}

/** Every row of a table as text, in a stable order: equal dumps mean identical rows. */
export async function dumpTable(db: Kysely<Database>, table: keyof Database): Promise<string[]> {
  const rows = await sql<{ row: string }>`SELECT to_jsonb(t)::text AS row FROM ${sql.table(table)} t ORDER BY 1`.execute(db);
  return rows.rows.map((r) => r.row);
}

export async function dumpTables(db: Kysely<Database>, tables: readonly (keyof Database)[]): Promise<Record<string, string[]>> {
  const dump: Record<string, string[]> = {};
  for (const table of tables) dump[table] = await dumpTable(db, table);
  return dump;
}
