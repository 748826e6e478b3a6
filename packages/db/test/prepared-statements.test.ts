import { Kysely, PostgresDialect, sql } from 'kysely';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDatabase, type DatabaseHandle } from '../src/connection';
import { preparedStatementPool } from '../src/prepared-statements';
import type { Database } from '../src/schema';
import { createTestDatabase, type TestDatabase } from '../src/testing';

/** The public reads' handle (readDb): each statement prepared once per connection, within a cap. */
const onPostgres = Boolean(process.env.DATABASE_URL);
if (!onPostgres) console.log('prepared-statements.test.ts skipped: it needs a PostgreSQL server (DATABASE_URL)');

describe.skipIf(!onPostgres)('prepared statements for the public reads', () => {
  let database: TestDatabase;
  /** One connection, so every statement below meets the same session. */
  let handle: DatabaseHandle;

  beforeAll(async () => {
    database = await createTestDatabase();
    handle = createDatabase({ databaseUrl: database.url, poolSize: 1 });
  });
  afterAll(async () => {
    await handle?.close();
    await database?.close();
  });

  type Prepared = { name: string; statement: string; runs: number };
  const preparedIn = async (db: Kysely<Database>) =>
    (await sql<Prepared>`SELECT name, statement, generic_plans + custom_plans AS runs FROM pg_prepared_statements`.execute(db)).rows;

  it('prepares a statement once and runs it again by name', async () => {
    for (const name of ['Fall', 'Spring', 'Summer']) await handle.readDb.selectFrom('seasons').select('id').where('name', '=', name).execute();
    const seasons = (await preparedIn(handle.readDb)).filter((row) => row.statement.includes('"seasons"'));
    expect(seasons).toEqual([{ name: expect.stringMatching(/^ce_\d+$/), statement: 'select "id" from "seasons" where "name" = $1', runs: 3 }]);
  });

  it('leaves the ordinary handle unnamed on the same connection', async () => {
    await handle.db.selectFrom('teams').select('id').where('name', '=', 'Owls').execute();
    const statements = (await preparedIn(handle.readDb)).map((row) => row.statement);
    expect(statements.some((text) => text.includes('"teams"'))).toBe(false);
  });

  it('runs texts past the cap unnamed', async () => {
    const pool = new pg.Pool({ connectionString: database.url, max: 1 });
    const capped = new Kysely<Database>({ dialect: new PostgresDialect({ pool: preparedStatementPool(pool, 2) }) });
    try {
      await capped.selectFrom('teams').select('id').execute();
      await capped.selectFrom('players').select('id').execute();
      await capped.selectFrom('seasons').select('id').execute();
      const rows = await preparedIn(capped);
      expect(rows.map((row) => row.statement).sort()).toEqual(['select "id" from "players"', 'select "id" from "teams"']);
    } finally {
      await capped.destroy();
      await pool.end();
    }
  });

  it('drops a connection whose statement a schema change made stale, and the next read succeeds', async () => {
    await sql`CREATE TABLE prepared_probe (a int)`.execute(handle.db);
    await sql`INSERT INTO prepared_probe VALUES (1)`.execute(handle.db);
    const read = () => handle.readDb.selectFrom('prepared_probe' as never).selectAll().execute();
    const pid = async () => (await sql<{ pid: number }>`SELECT pg_backend_pid() AS pid`.execute(handle.db)).rows[0]!.pid;
    expect(await read()).toEqual([{ a: 1 }]);
    const before = await pid();
    await sql`ALTER TABLE prepared_probe ADD COLUMN b int`.execute(handle.db);
    await expect(read()).rejects.toThrow(/cached plan must not change result type/);
    expect(await read()).toEqual([{ a: 1, b: null }]);
    expect(await pid()).not.toBe(before);
  });
});
