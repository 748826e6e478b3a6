import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { createTestDatabase, type TestDatabase } from '../src/testing';

describe.each(['auto', 'pglite'] as const)('database (%s)', (engine) => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await createTestDatabase({ engine });
  });
  afterAll(async () => {
    await database?.close();
  });

  it('migrates every table', async () => {
    const tables = await sql<{ table_name: string }>`
      SELECT table_name FROM information_schema.tables WHERE table_schema = 'public' ORDER BY 1
    `.execute(database.db);
    const names = tables.rows.map((r) => r.table_name);
    for (const t of ['seasons', 'teams', 'players', 'matches', 'rankings', 'ranking_items', 'users', 'sessions', 'media', 'audit_log']) {
      expect(names).toContain(t);
    }
  });

  it('keeps dates as strings and counts as numbers, and rolls back a failed transaction', async () => {
    const db = database.db;
    await db.insertInto('seasons').values({ name: 'Fall 2026', start_date: '2026-07-01', end_date: '2026-12-31' }).execute();
    const season = await db.selectFrom('seasons').selectAll().executeTakeFirstOrThrow();
    expect(season.start_date).toBe('2026-07-01');
    const { n } = await db.selectFrom('seasons').select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
    expect(n).toBe(1);
    await expect(
      db.transaction().execute(async (trx) => {
        await trx.insertInto('teams').values({ name: 'A' }).execute();
        throw new Error('boom');
      }),
    ).rejects.toThrow('boom');
    const teams = await db.selectFrom('teams').selectAll().execute();
    expect(teams).toHaveLength(0);
  });
});
