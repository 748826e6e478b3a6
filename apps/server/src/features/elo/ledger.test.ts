import type { PreviewItemOutput } from '@campus-elo/api-contract';
import { eloLedgerBreaks, selectMatchesWithElo } from '@campus-elo/db';
import { faceitMatchToPreview, replayElo } from '@campus-elo/domain';
import fc from 'fast-check';
import { sql } from 'kysely';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { dumpTables } from '../../../test/staff-callers';
import { faceitMatch, type FaceitMatchSpec } from '../../../test-support/fakes';
import { setUpImports, type ImportsTestSetup } from '../imports/testing';

// The Elo ledger through the paths that write it: import, Update Matches, team edits,
// Calculate Team Elo, merges and Recalculate All (docs/architecture.md, "The Elo ledger").

let setup: ImportsTestSetup;
let seasonId: string;
const db = () => setup.database.db;
const CHAMPIONSHIP = 'ledger-cup';
const DAY = 86_400;
/** Unix seconds of a day in March 2026 (day 0 = March 1st, 18:00 UTC). */
const day = (n: number) => Date.UTC(2026, 2, 1, 18) / 1000 + n * DAY;

beforeAll(async () => {
  setup = await setUpImports();
  seasonId = (await db().insertInto('seasons').values({ name: 'Ledger', start_date: '2026-01-01', end_date: '2026-12-31' }).returning('id').executeTakeFirstOrThrow()).id;
}, 60_000);
afterAll(() => setup?.close());

async function clearLeague(): Promise<void> {
  await sql`TRUNCATE matches, participants, player_seasons, player_elo_history, elo_adjustments, players, teams, competitions, audit_log CASCADE`.execute(db());
}

interface Result {
  key: string;
  team1: string;
  team2: string;
  status?: FaceitMatchSpec['status'];
  /** Day number (see `day`); null for a completed match without any date. */
  day: number | null;
  /** 1 or 2; the score then says who won. */
  winner?: 1 | 2;
}

function faceitOf(result: Result) {
  const status = result.status ?? 'FINISHED';
  const match = faceitMatch({
    matchId: `1-${result.key}`,
    championshipId: CHAMPIONSHIP,
    team1: result.team1,
    team2: result.team2,
    status,
    scheduledAt: result.day ?? 0,
    score: result.winner === 2 ? [0, 1] : [1, 0],
  });
  if (result.day === null) {
    delete match.scheduled_at;
    delete match.started_at;
    delete match.finished_at;
  }
  return match;
}

const previewOf = (result: Result) => faceitMatchToPreview(faceitOf(result)).item as PreviewItemOutput;

async function importResults(results: readonly Result[]) {
  return setup.caller.admin.imports.commit({
    platform: 'faceit',
    competition_name: 'Ledger Cup',
    season_id: seasonId,
    data: { items: results.map(previewOf) },
    participant_matches: {},
  });
}

/** The platform now reports these; Update Matches fetches them. */
async function updateResults(results: readonly Result[]) {
  for (const result of results) setup.faceit.setMatch(faceitOf(result));
  const rows = await db().selectFrom('matches').select('id').where('external_id', 'in', results.map((r) => `1-${r.key}`)).execute();
  return setup.caller.admin.imports.updateMatches({ match_ids: rows.map((r) => r.id) });
}

async function teamByName(name: string) {
  return db().selectFrom('teams').select(['id', 'name', 'elo', 'starting_elo']).where('name', '=', name).executeTakeFirstOrThrow();
}

async function eloByName(): Promise<Record<string, number>> {
  const teams = await db().selectFrom('teams').select(['name', 'elo']).execute();
  return Object.fromEntries(teams.map((t) => [t.name, t.elo]));
}

const brokenChains = () => eloLedgerBreaks(db());

/** What the domain's replay gives from the stored starting Elo, adjustments and matches. */
async function domainReplay(): Promise<Record<string, number>> {
  const teams = await db().selectFrom('teams').select(['id', 'name', 'starting_elo']).execute();
  const matches = await db().selectFrom('matches').select(['id', 'date', 'status', 'team1_id', 'team2_id', 'winner_id']).execute();
  const adjustments = await db().selectFrom('elo_adjustments').select(['id', 'team_id', 'at', 'elo_after']).execute();
  const result = replayElo(
    teams.map((t) => ({ id: t.id, name: t.name, elo: t.starting_elo })),
    matches.map((m) => ({ id: m.id, date: m.date, status: m.status, team1Id: m.team1_id, team2Id: m.team2_id, winnerId: m.winner_id })),
    { adjustments: adjustments.map((a) => ({ id: a.id, teamId: a.team_id, at: a.at, elo: a.elo_after })) },
  );
  return Object.fromEntries(teams.map((t) => [t.name, result.elo.get(t.id) as number]));
}

// match_elo holds each match's Elo (migration 0104).
const LEDGER_TABLES = ['teams', 'matches', 'match_elo', 'elo_adjustments'] as const;

describe('one rule for every path', () => {
  beforeEach(clearLeague);

  it('a completed match without a date moves no Elo in the import, and Recalculate All agrees', async () => {
    const answer = await importResults([{ key: 'undated', team1: 'Alpha', team2: 'Bravo', day: null }]);
    expect(answer.message).toMatch(/1 completed match does not move Elo \(no date: 1\)/);
    expect(await eloByName()).toEqual({ Alpha: 1000, Bravo: 1000 });

    const before = await dumpTables(db(), LEDGER_TABLES);
    const recalculated = await setup.caller.admin.elo.recalculateAll({ reset_to_default: false });
    expect(recalculated.summary).toEqual({ processed_count: 0, error_count: 1 });
    expect(await dumpTables(db(), LEDGER_TABLES)).toEqual(before);
  });

  it('a team named with blanks only is a bye in the replay too', async () => {
    await importResults([{ key: 'm1', team1: 'Alpha', team2: 'Bravo', day: day(0) }]);
    const bravo = await teamByName('Bravo');
    // A rename to blanks (the edit form refuses it; the database does not): the result stops counting.
    await db().updateTable('teams').set({ name: '   ' }).where('id', '=', bravo.id).execute();
    const answer = await setup.caller.admin.elo.recalculateAll({ reset_to_default: false });
    expect(answer.summary).toEqual({ processed_count: 0, error_count: 1 });
    expect(Object.values(await eloByName())).toEqual([1000, 1000]);
  });

  it('appends a later result with the Elo before and the change on both sides', async () => {
    await importResults([{ key: 'm1', team1: 'Alpha', team2: 'Bravo', day: day(0) }]);
    await importResults([{ key: 'm2', team1: 'Bravo', team2: 'Charlie', day: day(1), winner: 2 }]);
    const m2 = await selectMatchesWithElo(db()).selectAll().where('external_id', '=', '1-m2').executeTakeFirstOrThrow();
    // Bravo (925) loses to Charlie (1000): E = 1 / (1 + 10^(75/800)) = 0.4467 -> -67 / +67.
    expect(m2).toMatchObject({ elo_applied: true, team1_elo_before: 925, team1_elo_change: -67, team2_elo_before: 1000, team2_elo_change: 67 });
    expect(await eloByName()).toEqual({ Alpha: 1075, Bravo: 858, Charlie: 1067 });
    expect(await brokenChains()).toEqual([]);
  });

  it('replays from an earlier result when it arrives after later ones', async () => {
    await importResults([{ key: 'late', team1: 'Alpha', team2: 'Bravo', day: day(5) }]);
    await importResults([{ key: 'early', team1: 'Bravo', team2: 'Charlie', day: day(1) }]);
    // In time order: Bravo beats Charlie first (1075 / 925), then Alpha (1000) beats Bravo (1075).
    const late = await selectMatchesWithElo(db()).selectAll().where('external_id', '=', '1-late').executeTakeFirstOrThrow();
    expect(late).toMatchObject({ team1_elo_before: 1000, team2_elo_before: 1075 });
    expect(await eloByName()).toEqual(await domainReplay());
    expect(await brokenChains()).toEqual([]);
  });

  it('replays when Update Matches changes an applied result, and when it is called off', async () => {
    await importResults([
      { key: 'm1', team1: 'Alpha', team2: 'Bravo', day: day(0) },
      { key: 'm2', team1: 'Alpha', team2: 'Charlie', day: day(1) },
    ]);
    await updateResults([{ key: 'm1', team1: 'Alpha', team2: 'Bravo', day: day(0), winner: 2 }]);
    expect((await eloByName()).Bravo).toBeGreaterThan(1000);
    expect(await eloByName()).toEqual(await domainReplay());

    await updateResults([{ key: 'm1', team1: 'Alpha', team2: 'Bravo', day: day(0), status: 'CANCELLED' }]);
    const m1 = await selectMatchesWithElo(db()).selectAll().where('external_id', '=', '1-m1').executeTakeFirstOrThrow();
    expect(m1).toMatchObject({ status: 'cancelled', elo_applied: false, team1_elo_before: null, team1_elo_change: null });
    expect((await eloByName()).Bravo).toBe(1000);
    expect(await brokenChains()).toEqual([]);
  });
});

describe('adjustments', () => {
  beforeEach(clearLeague);

  it('an Elo edit is an adjustment at its time: later results start from it, Recalculate All keeps it', async () => {
    await importResults([{ key: 'm1', team1: 'Alpha', team2: 'Bravo', day: day(0) }]);
    const alpha = await teamByName('Alpha');
    await setup.caller.admin.teams.update({ id: alpha.id, name: 'Alpha', elo: 1500 });
    const [adjustment] = await db().selectFrom('elo_adjustments').selectAll().execute();
    expect(adjustment).toMatchObject({ team_id: alpha.id, elo_before: 1075, elo_after: 1500, reason: 'edit', user_id: setup.owner.id });

    const before = await dumpTables(db(), LEDGER_TABLES);
    await setup.caller.admin.elo.recalculateAll({ reset_to_default: false });
    expect(await dumpTables(db(), LEDGER_TABLES)).toEqual(before);

    // reset_to_default drops it: every team from 1000, the result replayed once.
    await setup.caller.admin.elo.recalculateAll({ reset_to_default: true });
    expect(await db().selectFrom('elo_adjustments').select('id').execute()).toEqual([]);
    expect(await eloByName()).toEqual({ Alpha: 1075, Bravo: 925 });
    expect(await brokenChains()).toEqual([]);
  });

  it('a result dated after an adjustment starts from the adjusted Elo, even when it arrives first', async () => {
    const future = Math.floor(Date.now() / 1000) + 3 * DAY;
    await importResults([{ key: 'future', team1: 'Alpha', team2: 'Bravo', day: future }]);
    const alpha = await teamByName('Alpha');
    await setup.caller.admin.teams.update({ id: alpha.id, name: 'Alpha', elo: 1500 });
    const match = await selectMatchesWithElo(db()).selectAll().where('external_id', '=', '1-future').executeTakeFirstOrThrow();
    expect(match.team1_elo_before).toBe(1500);
    expect((await teamByName('Alpha')).elo).toBe(1500 + (match.team1_elo_change as number));
    expect(await brokenChains()).toEqual([]);
  });

  it('Calculate Team Elo records one run of adjustments', async () => {
    await importResults([{ key: 'm1', team1: 'Alpha', team2: 'Bravo', day: day(0) }]);
    await db().updateTable('players').set({ elo: 1400 }).execute();
    const answer = await setup.caller.admin.elo.calculateTeams({});
    expect(answer.updated_teams).toBe(2);
    const adjustments = await db().selectFrom('elo_adjustments').select(['reason', 'elo_after', 'run_id']).execute();
    expect(adjustments.map((a) => [a.reason, a.elo_after])).toEqual([
      ['calculate', 1400],
      ['calculate', 1400],
    ]);
    expect(new Set(adjustments.map((a) => a.run_id)).size).toBe(1);
    expect(await brokenChains()).toEqual([]);
  });

  it('a merge replays the secondary results as the primary, which keeps its Elo', async () => {
    await importResults([
      { key: 'm1', team1: 'Alpha', team2: 'Charlie', day: day(0) },
      { key: 'm2', team1: 'Bravo', team2: 'Charlie', day: day(1) },
      { key: 'm3', team1: 'Alpha', team2: 'Bravo', day: day(2) },
    ]);
    const [alpha, bravo] = [await teamByName('Alpha'), await teamByName('Bravo')];
    await setup.caller.admin.merge.commit({ primary_team_id: alpha.id, secondary_team_id: bravo.id });
    expect((await teamByName('Alpha')).elo).toBe(alpha.elo);
    expect(await db().selectFrom('elo_adjustments').select(['reason', 'elo_after']).execute()).toEqual([{ reason: 'merge', elo_after: alpha.elo }]);
    expect(await brokenChains()).toEqual([]);
    const before = await dumpTables(db(), LEDGER_TABLES);
    await setup.caller.admin.elo.recalculateAll({ reset_to_default: false });
    expect(await dumpTables(db(), LEDGER_TABLES)).toEqual(before);
  });
});

// ---- properties: any sequence of writes leaves a ledger that Recalculate All cannot improve on

const TEAMS = ['Alpha', 'Bravo', 'Charlie', 'Delta'];
const resultArb = fc
  .record({
    key: fc.integer({ min: 1, max: 8 }).map(String),
    teams: fc.shuffledSubarray(TEAMS, { minLength: 2, maxLength: 2 }),
    status: fc.constantFrom('FINISHED', 'FINISHED', 'FINISHED', 'SCHEDULED', 'CANCELLED') as fc.Arbitrary<FaceitMatchSpec['status']>,
    day: fc.option(fc.integer({ min: 0, max: 12 }), { nil: null, freq: 8 }),
    winner: fc.constantFrom(1, 2) as fc.Arbitrary<1 | 2>,
  })
  .map(({ teams, day: d, ...r }): Result => ({ ...r, team1: teams[0] as string, team2: teams[1] as string, day: d === null ? null : day(d) }));

type Step =
  | { kind: 'import'; results: Result[] }
  | { kind: 'update'; result: Result }
  | { kind: 'edit'; team: string; elo: number }
  | { kind: 'calculate'; elo: number }
  | { kind: 'merge'; primary: string; secondary: string };

const stepArb: fc.Arbitrary<Step> = fc.oneof(
  { weight: 4, arbitrary: fc.array(resultArb, { minLength: 1, maxLength: 4 }).map((results): Step => ({ kind: 'import', results })) },
  { weight: 2, arbitrary: resultArb.map((result): Step => ({ kind: 'update', result })) },
  { weight: 1, arbitrary: fc.record({ team: fc.constantFrom(...TEAMS), elo: fc.integer({ min: 500, max: 2500 }) }).map((r): Step => ({ kind: 'edit', ...r })) },
  { weight: 1, arbitrary: fc.integer({ min: 500, max: 2500 }).map((elo): Step => ({ kind: 'calculate', elo })) },
  {
    weight: 1,
    arbitrary: fc.shuffledSubarray(TEAMS, { minLength: 2, maxLength: 2 }).map(([primary, secondary]): Step => ({ kind: 'merge', primary: primary!, secondary: secondary! })),
  },
);

async function run(step: Step): Promise<void> {
  switch (step.kind) {
    case 'import':
      // One item per match id: the import keeps the last repeat anyway.
      await importResults([...new Map(step.results.map((r) => [r.key, r])).values()]);
      return;
    case 'update': {
      // Only a match already imported can be refreshed; the platform keeps its teams.
      const known = await db().selectFrom('matches').select('id').where('external_id', '=', `1-${step.result.key}`).executeTakeFirst();
      if (!known) return importResults([step.result]).then(() => undefined);
      const row = await db()
        .selectFrom('matches')
        .innerJoin('teams as t1', 't1.id', 'matches.team1_id')
        .innerJoin('teams as t2', 't2.id', 'matches.team2_id')
        .select(['t1.name as team1', 't2.name as team2'])
        .where('matches.id', '=', known.id)
        .executeTakeFirstOrThrow();
      await updateResults([{ ...step.result, team1: row.team1, team2: row.team2 }]);
      return;
    }
    case 'edit': {
      const team = await db().selectFrom('teams').select('id').where('name', '=', step.team).executeTakeFirst();
      if (team) await setup.caller.admin.teams.update({ id: team.id, name: step.team, elo: step.elo });
      return;
    }
    case 'calculate':
      await db().updateTable('players').set({ elo: step.elo }).execute();
      await setup.caller.admin.elo.calculateTeams({});
      return;
    case 'merge': {
      const [primary, secondary] = await Promise.all([step.primary, step.secondary].map((name) => db().selectFrom('teams').select('id').where('name', '=', name).executeTakeFirst()));
      if (primary && secondary) await setup.caller.admin.merge.commit({ primary_team_id: primary.id, secondary_team_id: secondary.id });
      return;
    }
  }
}

describe('ledger properties', () => {
  it('after any imports, updates, adjustments and merges, the ledger chains, the replay agrees, and Recalculate All (reset_to_default false) changes nothing', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(stepArb, { minLength: 1, maxLength: 6 }), async (steps) => {
        await clearLeague();
        for (const step of steps) await run(step);

        expect(await brokenChains()).toEqual([]);
        expect(await eloByName()).toEqual(await domainReplay());
        const before = await dumpTables(db(), LEDGER_TABLES);
        await setup.caller.admin.elo.recalculateAll({ reset_to_default: false });
        expect(await dumpTables(db(), LEDGER_TABLES)).toEqual(before);
      }),
      { numRuns: 40 },
    );
  }, 300_000);

  it('Recalculate All (reset_to_default) equals the domain replay of the same matches from the default Elo', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(stepArb, { minLength: 1, maxLength: 5 }), async (steps) => {
        await clearLeague();
        for (const step of steps) await run(step);
        await setup.caller.admin.elo.recalculateAll({ reset_to_default: true, default_elo: 1000 });
        expect((await db().selectFrom('teams').select('starting_elo').distinct().execute()).map((t) => t.starting_elo)).toEqual(
          (await db().selectFrom('teams').select('id').limit(1).execute()).length > 0 ? [1000] : [],
        );
        expect(await eloByName()).toEqual(await domainReplay());
        expect(await brokenChains()).toEqual([]);
      }),
      { numRuns: 25 },
    );
  }, 300_000);
});
