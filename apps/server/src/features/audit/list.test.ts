import { createTestDatabase, type TestDatabase } from '@campus-elo/db';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { listAudit } from './list';
import { recordAudit } from './record';

let database: TestDatabase;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(() => database.close());

it('names teams and seasons in the changes instead of their ids, and leaves internal fields out', async () => {
  const db = database.db;
  const [owls, foxes] = await db.insertInto('teams').values([{ name: 'Owls' }, { name: 'Foxes' }]).returning('id').execute();
  const season = await db.insertInto('seasons').values({ name: 'Fall 2026', start_date: '2026-08-01', end_date: '2026-12-20' }).returning('id').executeTakeFirstOrThrow();
  await recordAudit(db, {
    user: null,
    action: 'update',
    entity: 'match',
    ids: ['m1'],
    details: {
      before: { id: 'm1', winner_id: owls!.id, season_id: null, search_name: 'owls', updated_at: '2026-11-01T00:00:00Z', score_team1: 13 },
      after: { id: 'm1', winner_id: foxes!.id, season_id: season.id, search_name: 'foxes', updated_at: '2026-11-02T00:00:00Z', score_team1: 9 },
    },
  });
  const page = await listAudit(db, { page: 1, page_size: 10 } as never);
  // jsonb keeps its own key order: compared by field.
  expect([...(page.results[0]?.changes ?? [])].sort((a, b) => a.field.localeCompare(b.field))).toEqual([
    { field: 'score_team1', before: 13, after: 9 },
    { field: 'season_id', before: null, after: 'Fall 2026' },
    { field: 'winner_id', before: 'Owls', after: 'Foxes' },
  ]);
});
