import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { migrateTo } from '../src/migrate';
import { createTestDatabase, eloLedgerBreaks, selectMatchesWithElo, type TestDatabase } from '../src/testing';

// Migration 0010 on a league from before the Elo ledger: applied results with their changes
// and nothing else. The ledger it fills must chain to every team's Elo.
describe('migration 0010 (the Elo ledger) on an existing league', () => {
  let database: TestDatabase;
  const id = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`;

  beforeAll(async () => {
    database = await createTestDatabase();
    // Later migrations are undone too; what matters is that 0010 ran again on old data.
    expect(await migrateTo(database.db, '0005_column_comments')).toEqual(
      expect.arrayContaining(['0011_search', '0010_elo_ledger']),
    );
    const { db } = database;
    // Alpha 1000 beat Bravo 1000 (+75/-75), then Charlie 1100 beat Alpha 1075 (+72/-72, say):
    // the stored Elo is what those changes left.
    await db
      .insertInto('teams')
      .values([
        { id: id(1), name: 'Alpha', elo: 1003 },
        { id: id(2), name: 'Bravo', elo: 925 },
        { id: id(3), name: 'Charlie', elo: 1172 },
        { id: id(4), name: 'Idle', elo: 1234 },
      ])
      .execute();
    const match = (n: number, date: string, team1: number, team2: number, change1: number | null) => ({
      id: id(100 + n),
      platform: 'faceit' as const,
      external_id: `m${n}`,
      team1_id: id(team1),
      team2_id: id(team2),
      winner_id: change1 === null ? null : change1 > 0 ? id(team1) : id(team2),
      status: change1 === null ? ('scheduled' as const) : ('completed' as const),
      date,
      elo_applied: change1 !== null,
      team1_elo_change: change1,
      team2_elo_change: change1 === null ? null : -change1,
    });
    await db
      .insertInto('matches')
      .values([match(2, '2026-03-02T18:00:00Z', 3, 1, 72), match(1, '2026-03-01T18:00:00Z', 1, 2, 75), match(3, '2026-03-09T18:00:00Z', 1, 3, null)])
      .execute();
    await migrateTo(database.db, undefined);
  }, 60_000);
  afterAll(async () => {
    await database?.close();
  });

  it('gives each team the Elo before its results as its starting Elo, and each result its Elo before', async () => {
    const teams = await database.db.selectFrom('teams').select(['name', 'elo', 'starting_elo']).orderBy('name').execute();
    expect(teams).toEqual([
      { name: 'Alpha', elo: 1003, starting_elo: 1000 },
      { name: 'Bravo', elo: 925, starting_elo: 1000 },
      { name: 'Charlie', elo: 1172, starting_elo: 1100 },
      { name: 'Idle', elo: 1234, starting_elo: 1234 },
    ]);
    const matches = await selectMatchesWithElo(database.db).select(['external_id', 'team1_elo_before', 'team2_elo_before']).orderBy('external_id').execute();
    expect(matches).toEqual([
      { external_id: 'm1', team1_elo_before: 1000, team2_elo_before: 1000 },
      { external_id: 'm2', team1_elo_before: 1100, team2_elo_before: 1075 },
      { external_id: 'm3', team1_elo_before: null, team2_elo_before: null },
    ]);
    expect(await eloLedgerBreaks(database.db)).toEqual([]);
  });

  it('starts a team created later at the Elo it is created with', async () => {
    await database.db.insertInto('teams').values({ name: 'Newcomer', elo: 1400 }).execute();
    const row = await sql<{ starting_elo: number }>`SELECT starting_elo FROM teams WHERE name = 'Newcomer'`.execute(database.db);
    expect(row.rows[0]?.starting_elo).toBe(1400);
  });
});
