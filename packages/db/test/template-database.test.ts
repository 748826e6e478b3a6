import pg from 'pg';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { migrateToLatest } from '../src/migrate';
import { createTemplateDatabase, createTestDatabase, TEMPLATE_DATABASE_VARIABLE, type TestDatabase } from '../src/testing';

const serverUrl = process.env.DATABASE_URL;

async function databaseExists(name: string): Promise<boolean> {
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  const { rows } = await admin.query('SELECT 1 FROM pg_database WHERE datname = $1', [name]);
  await admin.end();
  return rows.length === 1;
}

// Test databases on PostgreSQL are copies of a template the run migrated once (the root
// vitest global setup); this file makes a template of its own to look at one closely.
describe.runIf(serverUrl)('test databases copied from a migrated template', () => {
  const runTemplate = process.env[TEMPLATE_DATABASE_VARIABLE];
  let template: Awaited<ReturnType<typeof createTemplateDatabase>>;
  let first: TestDatabase;
  let second: TestDatabase;

  beforeAll(async () => {
    template = await createTemplateDatabase(serverUrl!);
    process.env[TEMPLATE_DATABASE_VARIABLE] = template.url;
    [first, second] = await Promise.all([createTestDatabase(), createTestDatabase()]);
  });
  afterAll(async () => {
    if (runTemplate === undefined) delete process.env[TEMPLATE_DATABASE_VARIABLE];
    else process.env[TEMPLATE_DATABASE_VARIABLE] = runTemplate;
    await Promise.all([first?.close(), second?.close()]);
    await template?.drop();
  });

  it('gives copies that already ran every migration', async () => {
    expect(await migrateToLatest(first.db)).toEqual([]);
    expect(await migrateToLatest(second.db)).toEqual([]);
    const { rows } = await sql<{ n: number }>`SELECT count(*)::int AS n FROM kysely_migration`.execute(first.db);
    expect(rows[0]!.n).toBeGreaterThan(30);
  });

  it('gives each test its own database: a write to one copy is not in the other', async () => {
    await first.db.insertInto('seasons').values({ name: 'Fall 2026', start_date: '2026-08-01', end_date: '2026-12-20' }).execute();
    expect(await first.db.selectFrom('seasons').select('name').execute()).toEqual([{ name: 'Fall 2026' }]);
    expect(await second.db.selectFrom('seasons').select('name').execute()).toEqual([]);
  });

  it('refuses connections to the template itself, so nothing can block a copy', async () => {
    const client = new pg.Client({ connectionString: template.url });
    await expect(client.connect()).rejects.toMatchObject({ code: '55000' });
  });

  it('is gone once dropped, as the global setup drops it at the end of the run', async () => {
    const scratch = await createTemplateDatabase(serverUrl!);
    const name = new URL(scratch.url).pathname.slice(1);
    expect(await databaseExists(name)).toBe(true);
    await scratch.drop();
    expect(await databaseExists(name)).toBe(false);
  });

  it('is used only on its own server: another DATABASE_URL server migrates as before', async () => {
    process.env[TEMPLATE_DATABASE_VARIABLE] = 'postgres://postgres@db.example:5432/campus_template_elsewhere';
    const own = await createTestDatabase();
    try {
      expect(await migrateToLatest(own.db)).toEqual([]);
    } finally {
      process.env[TEMPLATE_DATABASE_VARIABLE] = template.url;
      await own.close();
    }
  });
});
