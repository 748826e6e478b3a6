import type { FastifyInstance } from 'fastify';
import { selectMatchesWithElo } from '@campus-elo/db';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { faceitMatch, faceitWebhookDelivery, faceitWebhookSample, type FaceitWebhookTarget } from '../../../test-support/fakes';
import { openSse } from '../../../test-support/sse-client';
import { buildApp } from '../../app';
import { loadConfig } from '../../config';
import { adminHeaders, importFaceitChampionship, setUpImports, type ImportsTestSetup } from '../imports/testing';
import { JobQueue } from '../jobs/queue';

const SECRET = 'shared-webhook-secret';
const sample = faceitWebhookSample();

let setup: ImportsTestSetup;
/** The server as main.ts runs it, with a job queue: a delivery queues the refresh. */
let app: FastifyInstance;
let queue: JobQueue;
let target: FaceitWebhookTarget;
/** A server without a job queue: it refreshes within the request. */
let inlineApp: FastifyInstance;
let inlineTarget: FaceitWebhookTarget;
let admin: Record<string, string>;

type FaceitStatus = 'SCHEDULED' | 'READY' | 'ONGOING' | 'FINISHED' | 'CANCELLED';
/** The fixture's match (its id, championship and teams), as the fake Faceit serves it. */
const fixtureMatch = (status: FaceitStatus, score?: [number, number]) =>
  faceitMatch({
    matchId: sample.payload.id,
    championshipId: sample.payload.entity.id,
    championshipName: sample.payload.entity.name,
    team1: 'Northfield Phoenix',
    team2: 'Lake Tamsin Comets',
    status,
    scheduledAt: Math.floor(Date.parse('2026-11-20T21:00:00Z') / 1000),
    score,
  });
const fixtureMatchSpec = { championshipId: sample.payload.entity.id, championshipName: sample.payload.entity.name, scheduledAt: Math.floor(Date.now() / 1000) + 1800 };
/** Another match of the fixture's championship. */
const leagueMatch = (matchId: string, status: FaceitStatus, score?: [number, number]) =>
  faceitMatch({ ...fixtureMatchSpec, matchId, team1: 'Northfield Phoenix', team2: 'Harbor Tech', status, score });
const otherMatch = (status: FaceitStatus, score?: [number, number]) => leagueMatch('1-webhook-second', status, score);

const matchRow = (externalId: string) => selectMatchesWithElo(setup.database.db).selectAll().where('external_id', '=', externalId).executeTakeFirstOrThrow();
const eloOf = async (teamId: string) => (await setup.database.db.selectFrom('teams').select('elo').where('id', '=', teamId).executeTakeFirstOrThrow()).elo;
const jobCount = async () => (await setup.database.db.selectFrom('jobs').select((eb) => eb.fn.countAll<string>().as('n')).executeTakeFirstOrThrow()).n;
const faceitCallsFor = (matchId: string) => setup.faceit.requests.filter((request) => request.path === `/matches/${matchId}`).length;

/** The job, once it ended, as staff read it from GET /v1/jobs/{id}/. */
async function endedJob(id: string) {
  const read = async () => (await app.inject({ method: 'GET', url: `/v1/jobs/${id}/`, headers: admin })).json();
  await vi.waitFor(async () => expect(['done', 'failed']).toContain((await read()).state), { timeout: 15_000, interval: 50 });
  return read();
}

async function post(body: unknown, headers: Record<string, string>) {
  const response = await app.inject({ method: 'POST', url: '/v1/webhooks/faceit', headers: { 'content-type': 'application/json', ...headers }, payload: JSON.stringify(body) });
  return { status: response.statusCode, body: response.json() };
}

async function listen(instance: FastifyInstance): Promise<FaceitWebhookTarget> {
  const base = await instance.listen({ port: 0, host: '127.0.0.1' });
  return { url: `${base}/v1/webhooks/faceit`, header: 'X-Webhook-Secret', secret: SECRET };
}

beforeAll(async () => {
  setup = await setUpImports({ env: { FACEIT_WEBHOOK_SECRET: SECRET } });
  const matches = [fixtureMatch('SCHEDULED'), otherMatch('SCHEDULED'), leagueMatch('1-webhook-retried', 'SCHEDULED'), leagueMatch('1-webhook-inline', 'SCHEDULED')];
  await importFaceitChampionship(setup, { id: sample.payload.entity.id, name: sample.payload.entity.name }, matches);

  queue = new JobQueue({ db: setup.database.db, config: setup.config, kind: setup.database.kind }, setup.database, { warn: () => {} });
  await queue.start();
  app = await buildApp({ db: setup.database.db, config: setup.config, jobs: queue, logger: false, listen: setup.database.listen });
  target = await listen(app);
  setup.faceit.subscribeWebhooks(target);
  inlineApp = await buildApp({ db: setup.database.db, config: setup.config, logger: false });
  inlineTarget = await listen(inlineApp);
  admin = await adminHeaders(setup, app);
}, 60_000);
afterAll(async () => {
  await inlineApp?.close();
  await app?.close();
  await queue?.stop();
  await setup?.close();
});
afterEach(() => setup.faceit.clearFaults());

describe('POST /v1/webhooks/faceit', () => {
  it('queues the fixture delivery as an Update Matches job: the match finishes, Elo moves once, a redelivery changes nothing', async () => {
    const before = await matchRow(sample.payload.id);
    const [elo1, elo2] = [await eloOf(before.team1_id), await eloOf(before.team2_id)];
    // The delivery carries no score: the job asks Faceit for the match.
    setup.faceit.setMatch(fixtureMatch('FINISHED', [13, 9]));

    const first = await setup.faceit.deliverWebhook(target, sample);
    expect(first).toMatchObject({ status: 200, body: { status: 'queued', match_id: before.id, job_id: expect.any(String) } });
    const job = await endedJob((first.body as { job_id: string }).job_id);
    expect(job).toMatchObject({ kind: 'update_matches', state: 'done', created_by: null, result: { updated_count: 1, error_count: 0, total_processed: 1 } });
    const finished = await matchRow(sample.payload.id);
    expect(finished).toMatchObject({ status: 'completed', score_team1: 13, score_team2: 9, winner_id: before.team1_id, elo_applied: true });
    expect(await eloOf(before.team1_id)).toBe(elo1 + finished.team1_elo_change!);
    // Issue 24: the refresh also brought the map and its scoreboard in (a best-of-one: its rounds).
    const maps = await setup.database.db.selectFrom('match_maps').select(['score_team1', 'score_team2', 'source']).where('match_id', '=', before.id).execute();
    expect(maps).toEqual([{ score_team1: 13, score_team2: 9, source: 'faceit' }]);
    expect(job.result).toMatchObject({ map_details: { saved: 1, not_yet: 0, failed: 0 } });

    // FACEIT redelivers (same event_id, retry_count 1): no job, no call to Faceit, nothing written.
    const [jobsBefore, callsBefore] = [await jobCount(), setup.faceit.requests.length];
    const again = await setup.faceit.deliverWebhook(target, { ...sample, retry_count: 1 });
    expect(again).toMatchObject({ status: 200, body: { status: 'duplicate', match_id: before.id, job_id: null } });
    expect(await jobCount()).toBe(jobsBefore);
    expect(setup.faceit.requests.length).toBe(callsBefore);
    expect(await matchRow(sample.payload.id)).toEqual(finished);
    expect(await eloOf(before.team1_id)).toBe(elo1 + finished.team1_elo_change!);
    expect(await eloOf(before.team2_id)).toBe(elo2 + finished.team2_elo_change!);
  });

  it('refreshes a match whose status the fake Faceit changes, and open live streams see it', async () => {
    const stream = await openSse(target.url.replace('/v1/webhooks/faceit', '/v1/public/stream'));
    try {
      await stream.next(() => true);
      const [ongoing] = await setup.faceit.updateMatch(otherMatch('ONGOING'));
      expect(ongoing).toMatchObject({ status: 200, body: { status: 'queued' }, delivery: { event: 'match_status_ongoing' } });
      const row = await matchRow('1-webhook-second');
      const event = await stream.next((e) => e.event === 'match' && JSON.parse(e.data!).id === row.id);
      expect(JSON.parse(event.data!)).toMatchObject({ status: 'in_progress' });

      // A second event whose match did not change on Faceit writes nothing.
      const [ready] = await setup.faceit.updateMatch(otherMatch('ONGOING'));
      expect(await endedJob((ready!.body as { job_id: string }).job_id)).toMatchObject({ state: 'done', result: { updated_count: 0, total_processed: 1 } });

      const [cancelled] = await setup.faceit.updateMatch(otherMatch('CANCELLED'));
      expect(cancelled).toMatchObject({ status: 200, body: { status: 'queued' }, delivery: { event: 'match_status_cancelled' } });
      expect(await endedJob((cancelled!.body as { job_id: string }).job_id)).toMatchObject({ state: 'done', result: { updated_count: 1 } });
      expect(await matchRow('1-webhook-second')).toMatchObject({ status: 'cancelled' });
    } finally {
      stream.close();
    }
  });

  it('leaves a failing Faceit to the queue, which tries again until the match is refreshed', async () => {
    setup.faceit.fault({ path: '/matches/1-webhook-retried', status: 500, times: 1 });
    const callsBefore = faceitCallsFor('1-webhook-retried');
    const finished = leagueMatch('1-webhook-retried', 'FINISHED', [2, 0]);
    setup.faceit.setMatch(finished);
    const answer = await setup.faceit.deliverWebhook(target, faceitWebhookDelivery('match_status_finished', finished));
    expect(answer).toMatchObject({ status: 200, body: { status: 'queued' } });

    expect(await endedJob((answer.body as { job_id: string }).job_id)).toMatchObject({ state: 'done', result: { updated_count: 1, error_count: 0 } });
    // The failed call and the queue's retry.
    expect(faceitCallsFor('1-webhook-retried') - callsBefore).toBe(2);
    expect(await matchRow('1-webhook-retried')).toMatchObject({ status: 'completed', score_team1: 2, score_team2: 0 });
  });

  it('answers 200 and does nothing for a match it does not know or an event it does not handle', async () => {
    const unknown = faceitWebhookDelivery('match_status_finished', faceitMatch({ ...fixtureMatchSpec, matchId: '1-not-ours', team1: 'A', team2: 'B', status: 'FINISHED' }));
    const jobsBefore = await jobCount();
    expect(await setup.faceit.deliverWebhook(target, unknown)).toMatchObject({ status: 200, body: { status: 'ignored', match_id: null, job_id: null } });
    const created = { ...sample, event: 'match_object_created', event_id: 'another-event' };
    expect(await setup.faceit.deliverWebhook(target, created)).toMatchObject({ status: 200, body: { status: 'ignored' } });
    expect(await jobCount()).toBe(jobsBefore);
  });

  it('refuses a missing or wrong secret with 401, before looking at the body, and queues nothing', async () => {
    const jobsBefore = await jobCount();
    expect(await post(sample, {})).toEqual({ status: 401, body: { error: 'Missing or wrong webhook secret' } });
    expect(await post(sample, { 'x-webhook-secret': `${SECRET}x` })).toMatchObject({ status: 401 });
    expect(await post(sample, { 'x-webhook-secret': '' })).toMatchObject({ status: 401 });
    expect(await post({ not: 'a delivery' }, { 'x-webhook-secret': 'wrong' })).toMatchObject({ status: 401 });
    expect(await setup.faceit.deliverWebhook({ ...target, secret: 'guessed' }, sample)).toMatchObject({ status: 401 });
    expect(await jobCount()).toBe(jobsBefore);
  });

  it('checks the secret before reading the body: without it, a malformed or oversized body answers 401 on both doors', async () => {
    const send = (url: string, headers: Record<string, string>, payload: string) =>
      app.inject({ method: 'POST', url, headers: { 'content-type': 'application/json', ...headers }, payload });
    const malformed = '{"event":';
    const oversized = JSON.stringify({ ...sample, pad: 'x'.repeat(200 * 1024) });
    for (const url of ['/v1/webhooks/faceit', '/trpc/webhooks.faceit', '/trpc/auth.signOut,webhooks.faceit?batch=1']) {
      for (const payload of [malformed, oversized]) {
        const response = await send(url, { 'x-webhook-secret': 'wrong' }, payload);
        expect({ url, status: response.statusCode, body: response.json() }).toEqual({ url, status: 401, body: { error: 'Missing or wrong webhook secret' } });
      }
    }
    // With the secret, the same bodies are read and judged.
    expect((await send('/v1/webhooks/faceit', { 'x-webhook-secret': SECRET }, malformed)).statusCode).toBe(400);
    expect((await send('/v1/webhooks/faceit', { 'x-webhook-secret': SECRET }, oversized)).statusCode).toBe(413);
  });

  it('answers 400 to a malformed delivery', async () => {
    const headers = { 'x-webhook-secret': SECRET };
    expect(await post({ event: 'match_status_finished', event_id: 'x' }, headers)).toMatchObject({ status: 400 });
    expect(await post({ ...sample, payload: { id: 42 } }, headers)).toMatchObject({ status: 400 });
    const text = await app.inject({ method: 'POST', url: '/v1/webhooks/faceit', headers: { 'content-type': 'application/json', ...headers }, payload: '{"event":' });
    expect(text.statusCode).toBe(400);
  });
});

describe('a server without a job queue', () => {
  it('refreshes within the request: 502 while Faceit cannot be asked, and the redelivery updates the match once it can', async () => {
    const finished = leagueMatch('1-webhook-inline', 'FINISHED', [1, 2]);
    setup.faceit.setMatch(finished);
    const delivery = faceitWebhookDelivery('match_status_finished', finished);
    setup.faceit.fault({ path: '/matches/1-webhook-inline', status: 500 });
    expect(await setup.faceit.deliverWebhook(inlineTarget, delivery)).toMatchObject({ status: 502 });
    setup.faceit.clearFaults();
    const jobsBefore = await jobCount();
    const match = await matchRow('1-webhook-inline');
    expect(await setup.faceit.deliverWebhook(inlineTarget, { ...delivery, retry_count: 1 })).toMatchObject({ status: 200, body: { status: 'updated', match_id: match.id, job_id: null } });
    expect(await matchRow('1-webhook-inline')).toMatchObject({ status: 'completed', score_team1: 1, score_team2: 2, winner_id: match.team2_id });
    expect(await jobCount()).toBe(jobsBefore);
  });
});

describe('the secret header and its absence', () => {
  it('reads the secret from FACEIT_WEBHOOK_HEADER, and refuses everything while no secret is set', async () => {
    const custom = await buildApp({ db: setup.database.db, config: loadConfig({ LOG_LEVEL: 'silent', FACEIT_WEBHOOK_SECRET: SECRET, FACEIT_WEBHOOK_HEADER: 'X-Faceit-Token' }), logger: false });
    const unset = await buildApp({ db: setup.database.db, config: loadConfig({ LOG_LEVEL: 'silent' }), logger: false });
    try {
      const ignored = { ...sample, event: 'match_object_created' };
      const send = (instance: FastifyInstance, headers: Record<string, string>) =>
        instance.inject({ method: 'POST', url: '/v1/webhooks/faceit', headers: { 'content-type': 'application/json', ...headers }, payload: JSON.stringify(ignored) });
      expect((await send(custom, { 'x-faceit-token': SECRET })).statusCode).toBe(200);
      expect((await send(custom, { 'x-webhook-secret': SECRET })).statusCode).toBe(401);
      expect((await send(unset, { 'x-webhook-secret': '' })).statusCode).toBe(401);
      expect((await send(unset, { 'x-webhook-secret': SECRET })).statusCode).toBe(401);
    } finally {
      await custom.close();
      await unset.close();
    }
  });
});
