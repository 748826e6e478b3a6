import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { migrateTo, migrateToLatest } from '../src/migrate';
import { createTestDatabase, type TestDatabase } from '../src/testing';

// Migration 0050 on a league from before it: seasons whose names differ only in case get a
// number, so the unique index on lower(name) can be built.
describe('migration 0050 (staff corrections) on an existing league', () => {
  let database: TestDatabase;

  beforeAll(async () => {
    database = await createTestDatabase();
    // Later migrations are undone too; what matters is that 0050 runs again on old data.
    expect(await migrateTo(database.db, '0020_auth_hardening')).toContain('0050_staff_corrections');
    await database.db
      .insertInto('seasons')
      .values([
        { name: 'Fall 2026', start_date: '2026-08-01', end_date: '2026-12-20' },
        { name: 'fall 2026', start_date: '2026-09-01', end_date: '2026-12-20' },
        { name: 'FALL 2026', start_date: '2026-10-01', end_date: '2026-12-20' },
        { name: 'Spring 2027', start_date: '2027-01-10', end_date: '2027-05-20' },
      ])
      .execute();
    expect(await migrateToLatest(database.db)).toContain('0050_staff_corrections');
  });
  afterAll(async () => {
    await database?.close();
  });

  it('numbers the later duplicates by start date and keeps the rest', async () => {
    const names = await database.db.selectFrom('seasons').select('name').orderBy('start_date').execute();
    expect(names.map((s) => s.name)).toEqual(['Fall 2026', 'fall 2026 (2)', 'FALL 2026 (3)', 'Spring 2027']);
  });

  it('refuses a new duplicate', async () => {
    await expect(database.db.insertInto('seasons').values({ name: 'SPRING 2027', start_date: '2027-01-10', end_date: '2027-05-20' }).execute()).rejects.toThrow();
  });
});
