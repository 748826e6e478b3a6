import { teamListInput } from '@campus-elo/api-contract';
import { createTestDatabase, type TestDatabase } from '@campus-elo/db';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { insertLeague, ids } from '../../test/league-fixture';
import { listTeams, teamListQuery } from '../features/teams/queries';
import { compiledPerInput, rowsOf } from './compiled-queries';

let database: TestDatabase;
beforeAll(async () => {
  database = await createTestDatabase();
  await insertLeague(database.db);
});
afterAll(async () => {
  await database.close();
});

describe('compiledPerInput', () => {
  test('compiles once per input and handle', () => {
    const compiled = compiledPerInput(teamListQuery);
    const top10 = teamListInput.parse({ page_size: '10' });
    const first = compiled(database.db, top10);
    expect(compiled(database.db, teamListInput.parse({ page_size: '10' }))).toBe(first);
    expect(compiled(database.db, teamListInput.parse({ page_size: '20' }))).not.toBe(first);
    // Another handle keeps its own (a transaction, the prepared-statement handle).
    expect(compiled(database.readDb, top10)).not.toBe(first);
    expect(compiled(database.readDb, top10).sql).toBe(first.sql);
  });

  test('keeps a bounded number of inputs, dropping the least recently used', () => {
    const compiled = compiledPerInput((db, page: number) => db.selectFrom('teams').select('id').limit(10).offset(page * 10));
    const firstPage = compiled(database.db, 0);
    for (let page = 1; page <= 500; page += 1) compiled(database.db, page);
    expect(compiled(database.db, 500)).toBe(compiled(database.db, 500));
    expect(compiled(database.db, 0)).not.toBe(firstPage);
  });

  test('keeps the statement, not its rows: a read after a write sees the write', async () => {
    const input = teamListInput.parse({ page_size: '1' });
    expect((await listTeams(database.readDb, input)).results[0]).toMatchObject({ id: ids.alpha, elo: 1500 });
    await database.db.updateTable('teams').set({ elo: 1234 }).where('id', '=', ids.alpha).execute();
    const after = await listTeams(database.readDb, input);
    expect(after.results[0]).toMatchObject({ id: ids.beta });
    const compiled = compiledPerInput(teamListQuery);
    const [row] = await rowsOf(database.readDb, compiled(database.readDb, teamListInput.parse({ id: ids.alpha })));
    expect(row?.results).toEqual([expect.objectContaining({ id: ids.alpha, elo: 1234 })]);
  });
});
