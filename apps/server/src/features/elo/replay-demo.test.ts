import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { selectMatchesWithElo } from '@campus-elo/db';
import { teamEloRecalculateInput } from '@campus-elo/api-contract';
import { createStaffTestDatabase, type StaffTestDatabase } from '../../../test/staff-callers';
import { seedDatabase } from '../seed/cli';
import { recalculateAllElo } from './recalculate';

// The typed-array replay (docs/decisions/0095) against the ledger the demo seed wrote with the
// object replay it replaced: a whole replay must find every Elo, ledger row and snapshot as stored.

let t: StaffTestDatabase;
beforeAll(async () => {
  t = await createStaffTestDatabase();
  await seedDatabase(t.db, { kind: 'demo' }, () => {});
}, 120_000);
afterAll(async () => {
  await t?.close();
});

const ledger = () =>
  selectMatchesWithElo(t.db)
    .select(['id', 'elo_applied', 'team1_elo_before', 'team2_elo_before', 'team1_elo_change', 'team2_elo_change'])
    .orderBy('id')
    .execute();
const teams = () => t.db.selectFrom('teams').select(['id', 'elo', 'starting_elo']).orderBy('id').execute();
const snapshots = () => t.db.selectFrom('ranking_items').selectAll().orderBy('ranking_id').orderBy('team_id').execute();

describe('the fast replay on the demo league', () => {
  it('finds the seeded Elo, ledger and snapshots exactly: Recalculate All changes and writes nothing', async () => {
    const [ledgerBefore, teamsBefore, snapshotsBefore] = [await ledger(), await teams(), await snapshots()];
    expect(ledgerBefore.filter((m) => m.elo_applied).length).toBeGreaterThan(400);
    const answer = await recalculateAllElo(t.db, teamEloRecalculateInput.parse({ reset_to_default: false }), null);
    expect(answer.elo_changes).toEqual([]);
    expect(answer.elo_run_id).toBeNull();
    expect(answer.summary.processed_count).toBe(ledgerBefore.filter((m) => m.elo_applied).length);
    const audit = await t.db.selectFrom('audit_log').select('details').where('action', '=', 'recalculate_elo').executeTakeFirstOrThrow();
    expect(audit.details).toMatchObject({ teams_written: 0, matches_written: 0 });
    expect(await ledger()).toEqual(ledgerBefore);
    expect(await teams()).toEqual(teamsBefore);
    expect(await snapshots()).toEqual(snapshotsBefore);
  }, 60_000);

  it('a reset and a recalculation back to the seeded starting Elo give the seeded ledger again', async () => {
    const [ledgerBefore, teamsBefore] = [await ledger(), await teams()];
    // Every team from 1001 moves every Elo; the seeded ledger starts teams from their own starting Elo.
    await recalculateAllElo(t.db, teamEloRecalculateInput.parse({ reset_to_default: true, default_elo: 1001 }), null);
    const moved = await ledger();
    expect(moved.filter((m, i) => m.team1_elo_before !== ledgerBefore[i]?.team1_elo_before).length).toBeGreaterThan(0);
    // Put each team's starting Elo back, then replay without a reset.
    for (const team of teamsBefore) await t.db.updateTable('teams').set({ starting_elo: team.starting_elo }).where('id', '=', team.id).execute();
    await recalculateAllElo(t.db, teamEloRecalculateInput.parse({ reset_to_default: false }), null);
    expect(await ledger()).toEqual(ledgerBefore);
    expect(await teams()).toEqual(teamsBefore);
  }, 60_000);
});
