import { TRPCError } from '@trpc/server';
import { selectMatchesWithElo } from '@campus-elo/db';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { faceitMatch } from '../../../test-support/fakes';
import { secondsFromNow, setUpImports, type ImportsTestSetup } from './testing';

let setup: ImportsTestSetup;
let seasonId: string;
const championship = 'update-cup';
const soon = secondsFromNow(2);
const overdue = secondsFromNow(-1);
const later = secondsFromNow(20);

const base = { championshipId: championship, championshipName: 'Update Cup' } as const;
const soonMatch = (status: 'SCHEDULED' | 'ONGOING' | 'FINISHED', score?: [number, number]) =>
  faceitMatch({ ...base, matchId: '1-soon', team1: 'North U', team2: 'South U', status, scheduledAt: soon, score });

beforeAll(async () => {
  setup = await setUpImports();
  seasonId = (
    await setup.database.db.insertInto('seasons').values({ name: 'Now', start_date: '2020-01-01', end_date: '2099-12-31' }).returning('id').executeTakeFirstOrThrow()
  ).id;
  setup.faceit.setChampionship(championship, [
    soonMatch('SCHEDULED'),
    faceitMatch({ ...base, matchId: '1-overdue', team1: 'East U', team2: 'West U', status: 'SCHEDULED', scheduledAt: overdue }),
    faceitMatch({ ...base, matchId: '1-later', team1: 'North U', team2: 'West U', status: 'SCHEDULED', scheduledAt: later }),
  ]);
  const preview = await setup.caller.admin.imports.preview({ platform: 'faceit', competition_id: championship });
  await setup.caller.admin.imports.commit({ platform: 'faceit', competition_name: 'Update Cup', season_id: seasonId, data: preview, participant_matches: {} });
});
afterAll(() => setup.close());
afterEach(() => {
  setup.faceit.clearFaults();
  setup.leaguespot.clearFaults();
});

const matchRow = (externalId: string) => selectMatchesWithElo(setup.database.db).selectAll().where('external_id', '=', externalId).executeTakeFirstOrThrow();
const eloOf = async (teamId: string) => (await setup.database.db.selectFrom('teams').select('elo').where('id', '=', teamId).executeTakeFirstOrThrow()).elo;

describe('update matches', () => {
  it('auto-detects scheduled matches up to a week ahead, overdue ones included', async () => {
    const before = setup.faceit.requests.length;
    const answer = await setup.caller.admin.imports.updateMatches({});
    expect(answer).toMatchObject({ updated_count: 2, error_count: 0, total_processed: 2 });
    const fetched = setup.faceit.requests.slice(before).map((r) => r.path).sort();
    expect(fetched).toEqual(['/matches/1-overdue', '/matches/1-soon']);
  });

  it('follows a match from scheduled to in progress to completed, moving Elo once', async () => {
    setup.faceit.setMatch(soonMatch('ONGOING'));
    await setup.caller.admin.imports.updateMatches({ platform: 'faceit' });
    expect(await matchRow('1-soon')).toMatchObject({ status: 'in_progress', winner_id: null, elo_applied: false });

    const initial = await matchRow('1-soon');
    const elo1 = await eloOf(initial.team1_id);
    const elo2 = await eloOf(initial.team2_id);
    setup.faceit.setMatch(soonMatch('FINISHED', [2, 1]));
    const answer = await setup.caller.admin.imports.updateMatches({ platform: 'faceit' });
    expect(answer.updated_count).toBe(2);

    const completed = await matchRow('1-soon');
    expect(completed).toMatchObject({ status: 'completed', winner_id: completed.team1_id, score_team1: 2, score_team2: 1, elo_applied: true });
    expect(completed.date?.getTime()).toBe((soon + 3600) * 1000);
    expect(await eloOf(completed.team1_id)).toBe(elo1 + completed.team1_elo_change!);
    expect(await eloOf(completed.team2_id)).toBe(elo2 + completed.team2_elo_change!);
    expect(completed.team1_elo_change).toBeGreaterThan(0);

    // Completed matches leave auto-detection; asked for by id, they are refreshed without moving Elo again.
    for (let i = 0; i < 2; i += 1) {
      const again = await setup.caller.admin.imports.updateMatches({ match_ids: [completed.id] });
      expect(again).toMatchObject({ updated_count: 1, error_count: 0, total_processed: 1 });
    }
    expect(await eloOf(completed.team1_id)).toBe(elo1 + completed.team1_elo_change!);
    expect(await eloOf(completed.team2_id)).toBe(elo2 + completed.team2_elo_change!);
    expect(await matchRow('1-soon')).toMatchObject({ team1_elo_change: completed.team1_elo_change, elo_applied: true });
  });

  it('keeps a result corrected by hand and reports where the platform disagrees', async () => {
    const match = await matchRow('1-soon');
    const corrected = await setup.caller.admin.matches.update({ id: match.id, winner_id: match.team2_id, score_team1: 0, score_team2: 2 });
    expect(corrected.match).toMatchObject({ manual_result: true, winner_id: match.team2_id });
    const elo = [await eloOf(match.team1_id), await eloOf(match.team2_id)];

    setup.faceit.setMatch(soonMatch('FINISHED', [2, 1]));
    const answer = await setup.caller.admin.imports.updateMatches({ match_ids: [match.id] });
    expect(answer).toMatchObject({ updated_count: 0, error_count: 0, total_processed: 1 });
    expect(answer.message).toContain('Kept 1 result set by hand; the platform disagrees on 1 (match 1-soon: the platform says completed 2-1, won by team 1; kept completed 0-2, won by team 2)');
    expect(await matchRow('1-soon')).toMatchObject({ winner_id: match.team2_id, score_team1: 0, score_team2: 2 });
    expect([await eloOf(match.team1_id), await eloOf(match.team2_id)]).toEqual(elo);

    // A re-import keeps it too.
    const preview = await setup.caller.admin.imports.preview({ platform: 'faceit', competition_id: championship });
    const reimport = await setup.caller.admin.imports.commit({ platform: 'faceit', competition_name: 'Update Cup', season_id: seasonId, data: preview, participant_matches: {} });
    expect(reimport.message).toContain('Kept 1 result set by hand; the platform disagrees on 1');
    expect(await matchRow('1-soon')).toMatchObject({ winner_id: match.team2_id, score_team1: 0, score_team2: 2 });
  });

  it('counts a failing or slow platform call as an error and updates the rest', async () => {
    setup.faceit.fault({ path: '/matches/1-overdue', status: 500 });
    setup.faceit.fault({ path: '/matches/1-later', delayMs: 5_000 });
    const impatient = setup.callerWith({ PLATFORM_TIMEOUT_MS: '500' });
    const answer = await impatient.admin.imports.updateMatches({ auto_detect: false, status_filter: 'scheduled' });
    expect(answer).toMatchObject({ updated_count: 0, error_count: 2, total_processed: 2 });
    // Each failed match is listed with the platform's reason, for the panel's yellow result.
    expect(answer.failures.map((f) => f.external_id).sort()).toEqual(['1-later', '1-overdue']);
    for (const failure of answer.failures) expect(failure.reason.length).toBeGreaterThan(0);
  });

  it('names a failed match by the teams that played it, not by the platform id', async () => {
    setup.faceit.fault({ path: '/matches/1-overdue', status: 500 });
    const answer = await setup.caller.admin.imports.updateMatches({ auto_detect: false, status_filter: 'scheduled' });
    const failure = answer.failures.find((f) => f.external_id === '1-overdue')!;
    const row = await matchRow('1-overdue');
    const names = await setup.database.db.selectFrom('teams').select(['id', 'name']).where('id', 'in', [row.team1_id, row.team2_id]).execute();
    const name = (id: string) => names.find((t) => t.id === id)!.name;
    expect(failure.match_name).toBe(`${name(row.team1_id)} vs ${name(row.team2_id)}`);
  });

  it('keeps Faceit going while Leaguespot is down', async () => {
    const db = setup.database.db;
    const spring = await db.insertInto('seasons').values({ name: 'Spring', start_date: '2025-01-01', end_date: '2025-06-30' }).returning('id').executeTakeFirstOrThrow();
    const preview = await setup.caller.admin.imports.preview({ platform: 'leaguespot', season_id: setup.leaguespot.seasonId });
    await setup.caller.admin.imports.commit({ platform: 'leaguespot', competition_name: 'Playfly', season_id: spring.id, data: preview });
    const leaguespotPending = await db.selectFrom('matches').select('id').where('platform', '=', 'leaguespot').where('status', '=', 'scheduled').execute();
    expect(leaguespotPending.length).toBeGreaterThan(0);

    setup.leaguespot.fault({ path: /^\/matches\//, status: 500 });
    const answer = await setup.caller.admin.imports.updateMatches({ auto_detect: false });
    const faceitPending = await db.selectFrom('matches').select('id').where('platform', '=', 'faceit').where('status', 'in', ['scheduled', 'in_progress']).execute();
    expect(answer).toMatchObject({
      updated_count: faceitPending.length,
      error_count: leaguespotPending.length,
      total_processed: faceitPending.length + leaguespotPending.length,
    });
  });

  it('completes a Leaguespot match with the winner from its participants', async () => {
    const db = setup.database.db;
    const pending = await db.selectFrom('matches').selectAll().where('platform', '=', 'leaguespot').where('status', '=', 'scheduled').orderBy('date').executeTakeFirstOrThrow();
    setup.leaguespot.setMatchState(pending.external_id, 3, [0, 2]);
    const answer = await setup.caller.admin.imports.updateMatches({ match_ids: [pending.id] });
    expect(answer).toMatchObject({ updated_count: 1, error_count: 0 });
    expect(await matchRow(pending.external_id)).toMatchObject({ status: 'completed', score_team1: 0, score_team2: 2, winner_id: pending.team2_id, elo_applied: true });
  });

  it('answers 404 for an unknown match id and 400 for a wrong status', async () => {
    const code = (promise: Promise<unknown>) => promise.then(() => 'ok', (e: unknown) => (e instanceof TRPCError ? e.code : String(e)));
    expect(await code(setup.caller.admin.imports.updateMatches({ match_ids: ['00000000-0000-4000-8000-000000000000'] }))).toBe('NOT_FOUND');
    expect(await code(setup.caller.admin.imports.updateMatches({ status_filter: 'finished' as never }))).toBe('BAD_REQUEST');
    expect(await code(setup.caller.admin.imports.updateMatches({ match_ids: ['nope'] }))).toBe('BAD_REQUEST');
  });

  it('without a Faceit key, explains it when only Faceit matches are asked for', async () => {
    const keyless = setup.callerWith({ FACEIT_API_KEY: '' });
    const error = await keyless.admin.imports.updateMatches({ platform: 'faceit', auto_detect: false, status_filter: ['scheduled', 'completed'] }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(TRPCError);
    expect((error as TRPCError).code).toBe('UNPROCESSABLE_CONTENT');
  });
});
