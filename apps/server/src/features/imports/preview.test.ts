import { TRPCError } from '@trpc/server';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { faceitChampionship, faceitMatch } from '../../../test-support/fakes';
import { secondsFromNow, setUpImports, type ImportsTestSetup } from './testing';

let setup: ImportsTestSetup;
beforeAll(async () => {
  setup = await setUpImports();
});
afterAll(() => setup.close());
afterEach(() => {
  setup.faceit.clearFaults();
  setup.leaguespot.clearFaults();
});

async function errorOf(promise: Promise<unknown>): Promise<TRPCError> {
  const error = await promise.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(TRPCError);
  return error as TRPCError;
}

describe('Faceit preview', () => {
  it('pages the championship by 100 until a short page, with the server key', async () => {
    setup.faceit.setChampionship('champ-230', faceitChampionship({ championshipId: 'champ-230', count: 230, teams: 12, startAt: secondsFromNow(-100) }));
    const before = setup.faceit.requests.length;
    const preview = await setup.caller.admin.imports.preview({ platform: 'faceit', competition_id: 'champ-230' });

    const calls = setup.faceit.requests.slice(before);
    expect(calls.map((r) => [r.path, r.query.get('offset'), r.query.get('limit')])).toEqual([
      ['/championships/champ-230/matches', '0', '100'],
      ['/championships/champ-230/matches', '100', '100'],
      ['/championships/champ-230/matches', '200', '100'],
    ]);
    expect(calls.every((r) => r.headers.authorization === `Bearer ${setup.faceit.apiKey}`)).toBe(true);
    expect(preview.items).toHaveLength(230);
    expect(preview.skipped).toEqual([]);
    expect(new Set(preview.items.map((i) => i.match_id)).size).toBe(230);
  });

  it('asks once more when the last page is exactly full, and lists byes as skipped', async () => {
    const matches = faceitChampionship({ championshipId: 'champ-100', count: 100, teams: 8, startAt: secondsFromNow(-50) });
    const bye = faceitMatch({ matchId: '1-bye', championshipId: 'champ-100', team1: 'Lonely U', team2: 'bye', status: 'FINISHED', scheduledAt: secondsFromNow(-1) });
    setup.faceit.setChampionship('champ-100', [...matches.slice(0, 99), bye]);
    const before = setup.faceit.requests.length;
    const preview = await setup.caller.admin.imports.preview({ platform: 'faceit', competition_id: 'champ-100' });
    expect(setup.faceit.requests.length - before).toBe(2);
    expect(preview.items).toHaveLength(99);
    expect(preview.skipped).toEqual([{ kind: 'match', id: '1-bye', label: 'Lonely U vs bye', reason: 'bye' }]);
  });

  it('keeps the Faceit status words and results only for finished matches', async () => {
    const preview = await setup.caller.admin.imports.preview({ platform: 'faceit', competition_id: 'champ-230' });
    const finished = preview.items.find((i) => i.status === 'FINISHED');
    const scheduled = preview.items.find((i) => i.status === 'SCHEDULED');
    expect(finished?.results?.winner).toMatch(/^faction[12]$/);
    expect(scheduled?.results).toBeUndefined();
    expect(scheduled?.teams.faction1?.roster).toHaveLength(5);
  });

  it('answers 404 for a championship Faceit does not know', async () => {
    const error = await errorOf(setup.caller.admin.imports.preview({ platform: 'faceit', competition_id: 'nope' }));
    expect(error.code).toBe('NOT_FOUND');
  });

  it('answers 502 when Faceit fails, and when it does not answer in time', async () => {
    setup.faceit.fault({ path: '/championships/champ-230/matches', status: 500 });
    expect((await errorOf(setup.caller.admin.imports.preview({ platform: 'faceit', competition_id: 'champ-230' }))).code).toBe('BAD_GATEWAY');
    setup.faceit.clearFaults();

    setup.faceit.fault({ path: '/championships/champ-230/matches', delayMs: 5_000 });
    const started = Date.now();
    const impatient = setup.callerWith({ PLATFORM_TIMEOUT_MS: '500' });
    const timeout = await errorOf(impatient.admin.imports.preview({ platform: 'faceit', competition_id: 'champ-230' }));
    expect(timeout.code).toBe('BAD_GATEWAY');
    expect(timeout.message).toMatch(/did not answer within 0.5 s/);
    expect(Date.now() - started).toBeLessThan(4_000);
  });

  it('waits out a 429 for as long as Retry-After says, then goes on', async () => {
    setup.faceit.fault({ path: '/championships/champ-100/matches', status: 429, retryAfter: '1', times: 1 });
    const started = Date.now();
    const preview = await setup.caller.admin.imports.preview({ platform: 'faceit', competition_id: 'champ-100' });
    expect(Date.now() - started).toBeGreaterThanOrEqual(950);
    expect(preview.items).toHaveLength(99);
  });

  it('gives up after three retries of a 429 with 502', async () => {
    setup.faceit.fault({ path: '/championships/champ-100/matches', status: 429, retryAfter: '0' });
    const before = setup.faceit.requests.length;
    const error = await errorOf(setup.caller.admin.imports.preview({ platform: 'faceit', competition_id: 'champ-100' }));
    expect(error.code).toBe('BAD_GATEWAY');
    expect(setup.faceit.requests.length - before).toBe(4);
  });

  it('explains that the key is missing', async () => {
    const keyless = setup.callerWith({ FACEIT_API_KEY: '' });
    const error = await errorOf(keyless.admin.imports.preview({ platform: 'faceit', competition_id: 'champ-230' }));
    expect(error.code).toBe('UNPROCESSABLE_CONTENT');
    expect(error.message).toMatch(/Faceit import is not set up: the site owner must add the Faceit API key/);
  });
});

describe('Leaguespot preview over the real fixture', () => {
  it('walks season -> stage -> rounds -> matches -> detail and participants', async () => {
    const { leaguespot } = setup;
    const before = leaguespot.requests.length;
    const preview = await setup.caller.admin.imports.preview({ platform: 'leaguespot', season_id: leaguespot.seasonId });
    const paths = leaguespot.requests.slice(before).map((r) => r.path);

    expect(paths[0]).toBe(`/seasons/${leaguespot.seasonId}`);
    expect(paths[1]).toBe(`/stages/${leaguespot.stageId}`);
    expect(paths.filter((p) => /^\/rounds\/.+\/matches$/.test(p))).toHaveLength(7);
    // 140 matches, 21 byes: details and participants only for the 119 real ones.
    expect(paths.filter((p) => /^\/matches\/[^/]+$/.test(p))).toHaveLength(119);
    expect(paths.filter((p) => /^\/matches\/.+\/participants$/.test(p))).toHaveLength(119);

    expect(preview.items).toHaveLength(119);
    expect(preview.skipped).toHaveLength(21);
    expect(preview.skipped.every((s) => s.reason === 'bye' && s.kind === 'match')).toBe(true);
    const statuses = new Set(preview.items.map((i) => i.status));
    expect(statuses).toEqual(new Set(['FINISHED', 'SCHEDULED', 'READY']));
    const finished = preview.items.filter((i) => i.status === 'FINISHED');
    expect(finished.every((i) => i.results?.winner && i.results.score.faction1 !== null)).toBe(true);
    expect(preview.items.filter((i) => i.status !== 'FINISHED').every((i) => i.results === undefined)).toBe(true);
    expect(preview.items[0]).toMatchObject({ competition_id: leaguespot.seasonId, competition_name: leaguespot.seasonName });
  });

  it('skips a failing round and a failing match detail, and imports the rest', async () => {
    const { leaguespot } = setup;
    const failing = leaguespot.rounds[2]!;
    const otherRound = leaguespot.rounds[4]!;
    const failingMatch = otherRound.matchIds.find((id) => (leaguespot.matches.get(id)?.participants?.length ?? 0) === 2)!;
    leaguespot.fault({ path: `/rounds/${failing.id}/matches`, status: 500 });
    leaguespot.fault({ path: `/matches/${failingMatch}/participants`, status: 503 });

    const preview = await setup.caller.admin.imports.preview({ platform: 'leaguespot', season_id: leaguespot.seasonId });
    const realInFailingRound = failing.matchIds.filter((id) => (leaguespot.matches.get(id)?.participants?.length ?? 0) === 2).length;
    expect(preview.items).toHaveLength(119 - realInFailingRound - 1);
    expect(preview.skipped).toContainEqual({ kind: 'round', id: failing.id, label: failing.name, reason: 'round_failed', detail: 'Leaguespot answered 500' });
    expect(preview.skipped).toContainEqual(expect.objectContaining({ kind: 'match', id: failingMatch, reason: 'match_failed', detail: 'Leaguespot answered 503' }));
    expect(preview.items.some((i) => failing.matchIds.includes(i.match_id))).toBe(false);
  });

  it('answers 404 for an unknown season and 502 when the season call fails', async () => {
    expect((await errorOf(setup.caller.admin.imports.preview({ platform: 'leaguespot', season_id: 'unknown-season' }))).code).toBe('NOT_FOUND');
    setup.leaguespot.fault({ path: `/seasons/${setup.leaguespot.seasonId}`, status: 500 });
    expect((await errorOf(setup.caller.admin.imports.preview({ platform: 'leaguespot', season_id: setup.leaguespot.seasonId }))).code).toBe('BAD_GATEWAY');
  });

  it('answers 422 when the season has no current stage or the stage no rounds', async () => {
    const { leaguespot } = setup;
    try {
      leaguespot.behaviour.withoutStage = true;
      const stageError = await errorOf(setup.caller.admin.imports.preview({ platform: 'leaguespot', season_id: leaguespot.seasonId }));
      expect([stageError.code, stageError.message]).toEqual(['UNPROCESSABLE_CONTENT', 'No current stage found for this season']);
      leaguespot.behaviour.withoutStage = false;
      leaguespot.behaviour.withoutRounds = true;
      const roundsError = await errorOf(setup.caller.admin.imports.preview({ platform: 'leaguespot', season_id: leaguespot.seasonId }));
      expect([roundsError.code, roundsError.message]).toEqual(['UNPROCESSABLE_CONTENT', 'No rounds found for this stage']);
    } finally {
      Object.assign(leaguespot.behaviour, { withoutStage: false, withoutRounds: false });
    }
  });

  it('passes single calls through the proxy procedures', async () => {
    const season = await setup.caller.admin.imports.leaguespot.season({ id: setup.leaguespot.seasonId });
    expect(season).toMatchObject({ currentStageId: setup.leaguespot.stageId });
    const matches = await setup.caller.admin.imports.leaguespot.roundMatches({ id: setup.leaguespot.rounds[0]!.id });
    expect(Array.isArray(matches) && matches.length).toBe(20);
  });
});
