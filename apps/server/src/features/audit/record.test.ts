import { createTestDatabase, type TestDatabase } from '@campus-elo/db';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { recordAudit } from './record';

let database: TestDatabase;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(() => database.close());

it('records who did what to which rows, with JSON details, inside the caller’s transaction', async () => {
  const user = await database.db.insertInto('users').values({ email: 'a@audit.test', password_hash: 'x', role: 'admin' }).returning('id').executeTakeFirstOrThrow();
  await database.db.transaction().execute((trx) =>
    recordAudit(trx, { user, action: 'merge', entity: 'team', ids: ['t1', 't2'], details: { players_moved: 3, note: 'ok' } }),
  );
  await recordAudit(database.db, { user: null, action: 'clear', entity: 'database', ids: [] });
  await expect(
    database.db.transaction().execute(async (trx) => {
      await recordAudit(trx, { user, action: 'update', entity: 'team', ids: ['t3'] });
      throw new Error('the change failed');
    }),
  ).rejects.toThrow('the change failed');

  const rows = await database.db.selectFrom('audit_log').select(['user_id', 'action', 'entity', 'entity_ids', 'details']).orderBy('created_at').execute();
  expect(rows).toEqual([
    { user_id: user.id, action: 'merge', entity: 'team', entity_ids: ['t1', 't2'], details: { players_moved: 3, note: 'ok' } },
    { user_id: null, action: 'clear', entity: 'database', entity_ids: [], details: null },
  ]);
});
