import { playerEloResetInput, teamEloCalculateInput, teamEloRecalculateInput } from '@campus-elo/api-contract';
import { selectMatchesWithElo } from '@campus-elo/db';
import { DEFAULT_ELO, DEFAULT_SKILL_LEVEL, replayElo } from '@campus-elo/domain';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createStaffTestDatabase, dumpTables, type StaffTestDatabase } from '../../../test/staff-callers';
import { recalculateAllElo } from './recalculate';

let t: StaffTestDatabase;

beforeAll(async () => {
  t = await createStaffTestDatabase();
});
afterAll(async () => {
  await t?.close();
});
beforeEach(async () => {
  await t.db.deleteFrom('matches').execute();
  await t.db.deleteFrom('players').execute();
  await t.db.deleteFrom('teams').execute();
  await t.db.deleteFrom('audit_log').execute();
});

const id = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`;

async function auditActions(): Promise<string[]> {
  const rows = await t.db.selectFrom('audit_log').select('action').orderBy('created_at').execute();
  return rows.map((r) => r.action);
}

describe('contract defaults', () => {
  it('match the domain constants', () => {
    expect(playerEloResetInput.parse({})).toEqual({ default_elo: DEFAULT_ELO, default_skill_level: DEFAULT_SKILL_LEVEL });
    expect(teamEloCalculateInput.parse({})).toEqual({ only_default_elo: false, default_elo: DEFAULT_ELO });
    expect(teamEloRecalculateInput.parse({})).toEqual({ reset_to_default: true, default_elo: DEFAULT_ELO, dry_run: false });
  });
});

describe('reset player Elo', () => {
  beforeEach(async () => {
    await t.db
      .insertInto('players')
      .values([
        { name: 'One', elo: 1800, skill_level: 9 },
        { name: 'Two', elo: 700, skill_level: 3 },
        { name: 'Three', elo: 1000, skill_level: 1 },
      ])
      .execute();
  });

  it('sets every player to the defaults and counts them', async () => {
    const answer = await t.callerFor(t.owner).admin.elo.resetPlayers({});
    expect(answer).toMatchObject({ updated_players: 3 });
    const players = await t.db.selectFrom('players').select(['elo', 'skill_level']).execute();
    expect(players).toEqual(Array(3).fill({ elo: 1000, skill_level: 1 }));
    expect(await auditActions()).toEqual(['reset_elo']);
  });

  it("keeps each Elo the reset changes in the players' history", async () => {
    await t.callerFor(t.owner).admin.elo.resetPlayers({ default_elo: 1000 });
    const history = await t.db.selectFrom('player_elo_history').select(['elo', 'source']).execute();
    // 'Three' was at 1000 already.
    expect(history).toEqual([
      { elo: 1000, source: 'reset' },
      { elo: 1000, source: 'reset' },
    ]);
  });

  it('uses the given values', async () => {
    await t.callerFor(t.owner).admin.elo.resetPlayers({ default_elo: 1200, default_skill_level: 4 });
    const players = await t.db.selectFrom('players').select(['elo', 'skill_level']).distinct().execute();
    expect(players).toEqual([{ elo: 1200, skill_level: 4 }]);
  });

  it('refuses a skill level outside 1-10', async () => {
    await expect(t.callerFor(t.owner).admin.elo.resetPlayers({ default_skill_level: 11 })).rejects.toMatchObject({ code: 'BAD_REQUEST' });
  });

  it('is for owners only', async () => {
    await expect(t.callerFor(t.admin).admin.elo.resetPlayers({})).rejects.toMatchObject({ code: 'FORBIDDEN' });
    const elos = await t.db.selectFrom('players').select('elo').orderBy('elo').execute();
    expect(elos.map((p) => p.elo)).toEqual([700, 1000, 1800]);
  });
});

describe('calculate team Elo', () => {
  beforeEach(async () => {
    await t.db
      .insertInto('teams')
      .values([
        { id: id(1), name: 'Full Roster', elo: 1000 },
        { id: id(2), name: 'Pair', elo: 1000 },
        { id: id(3), name: 'Solo', elo: 1000 },
        { id: id(4), name: 'Empty', elo: 1000 },
        { id: id(5), name: 'Already Rated', elo: 1450 },
      ])
      .execute();
    await t.db
      .insertInto('players')
      .values([
        ...[1500, 1400, 1300, 1200, 1100, 1000].map((elo, i) => ({ name: `Full ${i}`, elo, team_id: id(1) })),
        { name: 'Full benched', elo: 2500, team_id: id(1), benched: true },
        { name: 'Pair A', elo: 1200, team_id: id(2) },
        { name: 'Pair B', elo: 1000, team_id: id(2) },
        { name: 'Solo A', elo: 1600, team_id: id(3) },
        { name: 'Solo benched', elo: 1600, team_id: id(3), benched: true },
        { name: 'Rated A', elo: 1600, team_id: id(5) },
        { name: 'Rated B', elo: 1600, team_id: id(5) },
        { name: 'Free agent', elo: 3000, team_id: null },
      ])
      .execute();
  });

  const teamElo = async (n: number) => (await t.db.selectFrom('teams').select('elo').where('id', '=', id(n)).executeTakeFirstOrThrow()).elo;

  it('rates every team from its best five active players', async () => {
    const answer = await t.callerFor(t.admin).admin.elo.calculateTeams({});
    expect(answer).toMatchObject({ updated_teams: 3, teams_without_enough_players: 2, total_teams_processed: 5 });
    // Top five 1500..1100: mean 1300, sample sd 158.11 -> 1300 - 15.81 = 1284.
    expect(await teamElo(1)).toBe(1284);
    // 1200 and 1000: mean 1100, sample sd 141.42 -> 1085.86 -> 1086.
    expect(await teamElo(2)).toBe(1086);
    expect(await teamElo(3)).toBe(1000);
    expect(await teamElo(4)).toBe(1000);
    expect(await teamElo(5)).toBe(1600);
    expect(await auditActions()).toEqual(['calculate_elo']);
  });

  it('keeps the players, mean and spread it used with each adjustment (migration 0101)', async () => {
    await t.callerFor(t.admin).admin.elo.calculateTeams({});
    const { calculation } = await t.db.selectFrom('elo_adjustments').select('calculation').where('team_id', '=', id(1)).executeTakeFirstOrThrow();
    const players = await t.db.selectFrom('players').select(['id', 'name', 'elo']).where('team_id', '=', id(1)).where('benched', '=', false).orderBy('elo', 'desc').limit(5).execute();
    expect(calculation).toEqual({ players, mean: 1300, spread: expect.closeTo(158.114, 3), spread_penalty: 0.1, elo: 1284 });
  });

  it('leaves rated teams alone with only_default_elo', async () => {
    const answer = await t.callerFor(t.admin).admin.elo.calculateTeams({ only_default_elo: true, default_elo: 1000 });
    expect(answer).toMatchObject({ updated_teams: 2, teams_without_enough_players: 2, total_teams_processed: 4 });
    expect(await teamElo(5)).toBe(1450);
    expect(await teamElo(1)).toBe(1284);
  });
});

describe('recalculate all Elo', () => {
  const [x, y, z, bye] = [id(11), id(12), id(13), id(14)];
  // match_elo holds each match's Elo (migration 0104).
  const LEDGER_TABLES = ['teams', 'matches', 'match_elo'] as const;
  const match = (n: number, date: string | null, team1: string, team2: string, winner: string | null, status: 'completed' | 'scheduled' = 'completed') => ({
    id: id(100 + n),
    platform: 'faceit' as const,
    external_id: `m${n}`,
    team1_id: team1,
    team2_id: team2,
    winner_id: winner,
    status,
    date,
  });

  beforeEach(async () => {
    await t.db
      .insertInto('teams')
      .values([
        { id: x, name: 'X', elo: 1234 },
        { id: y, name: 'Y', elo: 800 },
        { id: z, name: 'Z', elo: 1000 },
        { id: bye, name: 'BYE', elo: 1000 },
      ])
      .execute();
    await t.db
      .insertInto('matches')
      .values([
        // Inserted out of order: the replay goes by date.
        match(3, '2026-03-03T18:00:00Z', z, x, z),
        match(1, '2026-03-01T18:00:00Z', x, y, x),
        match(2, '2026-03-02T18:00:00Z', y, z, y),
        match(4, '2026-03-04T18:00:00Z', x, y, null),
        match(5, null, x, z, x),
        match(6, '2026-03-05T18:00:00Z', x, bye, x),
        match(7, '2026-03-06T18:00:00Z', y, z, null, 'scheduled'),
      ])
      .execute();
  });

  it('Recalculate All on its defaults shows its effect first: a dry run answers the changes and writes nothing', async () => {
    const eloBefore = await t.db.selectFrom('teams').select(['id', 'elo']).orderBy('id').execute();
    const [runsBefore, auditBefore] = [await t.db.selectFrom('elo_runs').select('id').execute(), await auditActions()];
    const dry = await t.callerFor(t.owner).admin.elo.recalculateAll({ dry_run: true });
    expect(dry).toMatchObject({ dry_run: true, elo_run_id: null, summary: { processed_count: 3, error_count: 3 } });
    expect(dry.elo_changes.map((c) => c.after).sort()).toEqual([1008, 1009, 983].sort());
    expect(await t.db.selectFrom('teams').select(['id', 'elo']).orderBy('id').execute()).toEqual(eloBefore);
    expect(await t.db.selectFrom('elo_runs').select('id').execute()).toEqual(runsBefore);
    expect(await auditActions()).toEqual(auditBefore);
  });

  it('replays completed matches from the default Elo and answers the counts', async () => {
    const answer = await t.callerFor(t.owner).admin.elo.recalculateAll({});
    expect(answer).toMatchObject({ summary: { processed_count: 3, error_count: 3 }, total_elo_changes: 3 });

    // By hand (K 150, scale 800): X beats Y at 1000-1000 -> 1075/925; Y (925) beats Z (1000) ->
    // 1008/917; Z (917) beats X (1075) -> 1009/983.
    const teams = await t.db.selectFrom('teams').select(['id', 'elo']).orderBy('name').execute();
    expect(Object.fromEntries(teams.map((team) => [team.id, team.elo]))).toEqual({ [bye]: 1000, [x]: 983, [y]: 1008, [z]: 1009 });

    const matches = await selectMatchesWithElo(t.db)
      .select(['external_id', 'team1_elo_change', 'team2_elo_change', 'elo_applied'])
      .orderBy('external_id')
      .execute();
    expect(matches).toEqual([
      { external_id: 'm1', team1_elo_change: 75, team2_elo_change: -75, elo_applied: true },
      { external_id: 'm2', team1_elo_change: 83, team2_elo_change: -83, elo_applied: true },
      { external_id: 'm3', team1_elo_change: 92, team2_elo_change: -92, elo_applied: true },
      { external_id: 'm4', team1_elo_change: null, team2_elo_change: null, elo_applied: false },
      { external_id: 'm5', team1_elo_change: null, team2_elo_change: null, elo_applied: false },
      { external_id: 'm6', team1_elo_change: null, team2_elo_change: null, elo_applied: false },
      { external_id: 'm7', team1_elo_change: null, team2_elo_change: null, elo_applied: false },
    ]);
    expect(await auditActions()).toEqual(['recalculate_elo']);
  });

  it('gives the same result when run twice', async () => {
    await t.callerFor(t.owner).admin.elo.recalculateAll({});
    const first = await dumpTables(t.db, LEDGER_TABLES);
    const answer = await t.callerFor(t.owner).admin.elo.recalculateAll({});
    expect(answer.summary.processed_count).toBe(3);
    expect(await dumpTables(t.db, LEDGER_TABLES)).toEqual(first);
  });

  it("replays from each team's starting Elo when reset_to_default is false, counting every match once", async () => {
    const owner = t.callerFor(t.owner).admin.elo;
    const answer = await owner.recalculateAll({ reset_to_default: false });
    expect(answer.summary).toEqual({ processed_count: 3, error_count: 3 });
    // The teams start where they were created (X 1234, Y 800, Z 1000), not at 1000.
    const expected = replayElo(
      [
        { id: x, name: 'X', elo: 1234 },
        { id: y, name: 'Y', elo: 800 },
        { id: z, name: 'Z', elo: 1000 },
      ],
      [
        { id: id(101), date: '2026-03-01T18:00:00Z', status: 'completed', team1Id: x, team2Id: y, winnerId: x },
        { id: id(102), date: '2026-03-02T18:00:00Z', status: 'completed', team1Id: y, team2Id: z, winnerId: y },
        { id: id(103), date: '2026-03-03T18:00:00Z', status: 'completed', team1Id: z, team2Id: x, winnerId: z },
      ],
    );
    const teams = await t.db.selectFrom('teams').select(['id', 'elo']).where('id', 'in', [x, y, z]).execute();
    expect(Object.fromEntries(teams.map((team) => [team.id, team.elo]))).toEqual(Object.fromEntries(expected.elo));

    // Run again, it finds nothing to change: each match counted once, not on top of the last run.
    const first = await dumpTables(t.db, LEDGER_TABLES);
    await owner.recalculateAll({ reset_to_default: false });
    expect(await dumpTables(t.db, LEDGER_TABLES)).toEqual(first);
  });

  it('writes exactly the ledger rows that differ from the replay, which the database finds', async () => {
    await recalculateAllElo(t.db, teamEloRecalculateInput.parse({}), t.owner);
    const replayed = await dumpTables(t.db, LEDGER_TABLES);
    // Four rows gone wrong: a changed one (m2), a missing one (m3), and rows of a result that
    // does not count (m4, no winner) and of a match that is not completed (m7).
    await t.db.updateTable('match_elo').set({ team1_elo_change: 0 }).where('match_id', '=', id(102)).execute();
    await t.db.deleteFrom('match_elo').where('match_id', '=', id(103)).execute();
    const stale = { team1_elo_before: 1000, team2_elo_before: 1000, team1_elo_change: 5, team2_elo_change: -5 };
    await t.db.insertInto('match_elo').values([{ match_id: id(104), ...stale }, { match_id: id(107), ...stale }]).execute();

    const matchesWritten = async () => {
      const audit = await t.db.selectFrom('audit_log').select('details').where('action', '=', 'recalculate_elo').orderBy('created_at', 'desc').executeTakeFirstOrThrow();
      return (audit.details as { matches_written: number }).matches_written;
    };
    await recalculateAllElo(t.db, teamEloRecalculateInput.parse({}), t.owner);
    expect(await dumpTables(t.db, LEDGER_TABLES)).toEqual(replayed);
    expect(await matchesWritten()).toBe(4);
    // Nothing left to write: the next run sends every row and changes none.
    await recalculateAllElo(t.db, teamEloRecalculateInput.parse({}), t.owner);
    expect(await matchesWritten()).toBe(0);
  });

  it("leaves every match's Elo as it was when it fails after writing some of them", async () => {
    await recalculateAllElo(t.db, teamEloRecalculateInput.parse({ reset_to_default: false }), t.owner);
    const before = await dumpTables(t.db, LEDGER_TABLES);
    const written: number[] = [];
    // One row per batch: three teams' Elo, then the six completed matches; it fails after two of them.
    const failing = recalculateAllElo(t.db, teamEloRecalculateInput.parse({}), t.owner, {
      batchSize: 1,
      afterBatch: (n) => {
        written.push(n);
        if (n === 5) throw new Error('injected failure after two matches');
      },
    });
    await expect(failing).rejects.toThrow('injected failure');
    expect(written).toEqual([1, 2, 3, 4, 5]);
    expect(await dumpTables(t.db, LEDGER_TABLES)).toEqual(before);
    // The same run without the failure does change them.
    await recalculateAllElo(t.db, teamEloRecalculateInput.parse({}), t.owner);
    expect((await dumpTables(t.db, LEDGER_TABLES)).match_elo).not.toEqual(before.match_elo);
  });

  it('leaves every Elo as it was when it fails midway', async () => {
    const before = await dumpTables(t.db, LEDGER_TABLES);
    const failing = recalculateAllElo(t.db, teamEloRecalculateInput.parse({}), t.owner, {
      batchSize: 1,
      afterBatch: (n) => {
        if (n === 2) throw new Error('injected failure after the second batch');
      },
    });
    await expect(failing).rejects.toThrow('injected failure');
    expect(await dumpTables(t.db, LEDGER_TABLES)).toEqual(before);
    expect(await auditActions()).toEqual([]);
  });

  it('rolls back when its job is cancelled between batches, having told its steps so far', async () => {
    const before = await dumpTables(t.db, LEDGER_TABLES);
    const cancel = new AbortController();
    const steps: string[] = [];
    const cancelled = recalculateAllElo(t.db, teamEloRecalculateInput.parse({}), t.owner, {
      batchSize: 1,
      afterBatch: (n) => {
        if (n === 2) cancel.abort(new Error('cancelled by staff'));
      },
      signal: cancel.signal,
      onProgress: (done, total) => steps.push(`${done}/${total}`),
    });
    await expect(cancelled).rejects.toThrow('cancelled by staff');
    expect(steps).toEqual(['0/3', '1/3']);
    expect(await dumpTables(t.db, LEDGER_TABLES)).toEqual(before);
    expect(await auditActions()).toEqual([]);
  });

  it('is for owners only', async () => {
    await expect(t.callerFor(t.admin).admin.elo.recalculateAll({})).rejects.toMatchObject({ code: 'FORBIDDEN' });
  });
});
