import type { FastifyInstance } from 'fastify';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { faceitMatch, faceitWebhookDelivery, faceitWebhookSample, type FaceitWebhookTarget } from '../../../test-support/fakes';
import { openSse } from '../../../test-support/sse-client';
import { buildApp } from '../../app';
import { loadConfig } from '../../config';
import { setUpImports, type ImportsTestSetup } from '../imports/testing';

const SECRET = 'shared-webhook-secret';
const sample = faceitWebhookSample();

let setup: ImportsTestSetup;
let app: FastifyInstance;
let target: FaceitWebhookTarget;

/** The fixture's match (its id, championship and teams), as the fake Faceit serves it. */
const fixtureMatch = (status: 'SCHEDULED' | 'READY' | 'ONGOING' | 'FINISHED' | 'CANCELLED', score?: [number, number]) =>
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
const otherMatch = (status: 'SCHEDULED' | 'ONGOING' | 'FINISHED' | 'CANCELLED', score?: [number, number]) =>
  faceitMatch({ ...fixtureMatchSpec, matchId: '1-webhook-second', team1: 'Northfield Phoenix', team2: 'Harbor Tech', status, score });
const fixtureMatchSpec = { championshipId: sample.payload.entity.id, championshipName: sample.payload.entity.name, scheduledAt: Math.floor(Date.now() / 1000) + 1800 };

const matchRow = (externalId: string) => setup.database.db.selectFrom('matches').selectAll().where('external_id', '=', externalId).executeTakeFirstOrThrow();
const eloOf = async (teamId: string) => (await setup.database.db.selectFrom('teams').select('elo').where('id', '=', teamId).executeTakeFirstOrThrow()).elo;

async function post(body: unknown, headers: Record<string, string>) {
  const response = await app.inject({ method: 'POST', url: '/v1/webhooks/faceit', headers: { 'content-type': 'application/json', ...headers }, payload: JSON.stringify(body) });
  return { status: response.statusCode, body: response.json() };
}

beforeAll(async () => {
  setup = await setUpImports({ env: { FACEIT_WEBHOOK_SECRET: SECRET } });
  const season = await setup.database.db.insertInto('seasons').values({ name: 'Webhook season', start_date: '2020-01-01', end_date: '2099-12-31' }).returning('id').executeTakeFirstOrThrow();
  setup.faceit.setChampionship(sample.payload.entity.id, [fixtureMatch('SCHEDULED'), otherMatch('SCHEDULED')]);
  const preview = await setup.caller.admin.imports.preview({ platform: 'faceit', competition_id: sample.payload.entity.id });
  await setup.caller.admin.imports.commit({ platform: 'faceit', competition_name: sample.payload.entity.name, season_id: season.id, data: preview, participant_matches: {} });

  app = await buildApp({
    db: setup.database.db,
    config: setup.config,
    logger: false,
    listen: setup.database.listen,
  });
  const base = await app.listen({ port: 0, host: '127.0.0.1' });
  target = { url: `${base}/v1/webhooks/faceit`, header: 'X-Webhook-Secret', secret: SECRET };
  setup.faceit.subscribeWebhooks(target);
});
afterAll(async () => {
  await app?.close();
  await setup?.close();
});
afterEach(() => setup.faceit.clearFaults());

describe('POST /v1/webhooks/faceit', () => {
  it('takes the fixture delivery: the match finishes, Elo moves once, a redelivery changes nothing', async () => {
    const before = await matchRow(sample.payload.id);
    const [elo1, elo2] = [await eloOf(before.team1_id), await eloOf(before.team2_id)];
    // The delivery carries no score: the server asks Faceit for the match.
    setup.faceit.setMatch(fixtureMatch('FINISHED', [13, 9]));

    const first = await setup.faceit.deliverWebhook(target, sample);
    expect(first).toMatchObject({ status: 200, body: { status: 'updated', match_id: before.id } });
    const finished = await matchRow(sample.payload.id);
    expect(finished).toMatchObject({ status: 'completed', score_team1: 13, score_team2: 9, winner_id: before.team1_id, elo_applied: true });
    expect(await eloOf(before.team1_id)).toBe(elo1 + finished.team1_elo_change!);

    // FACEIT redelivers (same event_id, retry_count 1): no call to Faceit, nothing written.
    const callsBefore = setup.faceit.requests.length;
    const again = await setup.faceit.deliverWebhook(target, { ...sample, retry_count: 1 });
    expect(again).toMatchObject({ status: 200, body: { status: 'duplicate', match_id: before.id } });
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
      expect(ongoing).toMatchObject({ status: 200, body: { status: 'updated' }, delivery: { event: 'match_status_ongoing' } });
      const row = await matchRow('1-webhook-second');
      const event = await stream.next((e) => e.event === 'match' && JSON.parse(e.data!).id === row.id);
      expect(JSON.parse(event.data!)).toMatchObject({ status: 'in_progress' });

      // A second event whose match did not change on Faceit writes nothing.
      const [ready] = await setup.faceit.updateMatch(otherMatch('ONGOING'));
      expect(ready).toMatchObject({ status: 200, body: { status: 'unchanged' } });

      const [cancelled] = await setup.faceit.updateMatch(otherMatch('CANCELLED'));
      expect(cancelled).toMatchObject({ status: 200, body: { status: 'updated' }, delivery: { event: 'match_status_cancelled' } });
      expect(await matchRow('1-webhook-second')).toMatchObject({ status: 'cancelled' });
    } finally {
      stream.close();
    }
  });

  it('answers 200 and does nothing for a match it does not know or an event it does not handle', async () => {
    const unknown = faceitWebhookDelivery('match_status_finished', faceitMatch({ ...fixtureMatchSpec, matchId: '1-not-ours', team1: 'A', team2: 'B', status: 'FINISHED' }));
    expect(await setup.faceit.deliverWebhook(target, unknown)).toMatchObject({ status: 200, body: { status: 'ignored', match_id: null } });
    const created = { ...sample, event: 'match_object_created', event_id: 'another-event' };
    expect(await setup.faceit.deliverWebhook(target, created)).toMatchObject({ status: 200, body: { status: 'ignored' } });
  });

  it('refuses a missing or wrong secret with 401, before looking at the body', async () => {
    expect(await post(sample, {})).toEqual({ status: 401, body: { error: 'Missing or wrong webhook secret' } });
    expect(await post(sample, { 'x-webhook-secret': `${SECRET}x` })).toMatchObject({ status: 401 });
    expect(await post(sample, { 'x-webhook-secret': '' })).toMatchObject({ status: 401 });
    expect(await post({ not: 'a delivery' }, { 'x-webhook-secret': 'wrong' })).toMatchObject({ status: 401 });
    expect(await setup.faceit.deliverWebhook({ ...target, secret: 'guessed' }, sample)).toMatchObject({ status: 401 });
  });

  it('answers 400 to a malformed delivery', async () => {
    const headers = { 'x-webhook-secret': SECRET };
    expect(await post({ event: 'match_status_finished', event_id: 'x' }, headers)).toMatchObject({ status: 400 });
    expect(await post({ ...sample, payload: { id: 42 } }, headers)).toMatchObject({ status: 400 });
    const text = await app.inject({ method: 'POST', url: '/v1/webhooks/faceit', headers: { 'content-type': 'application/json', ...headers }, payload: '{"event":' });
    expect(text.statusCode).toBe(400);
  });

  it('answers 502 when Faceit cannot be asked, and takes the redelivery once it can', async () => {
    const delivery = faceitWebhookDelivery('match_status_finished', otherMatch('CANCELLED'));
    setup.faceit.fault({ path: `/matches/1-webhook-second`, status: 500 });
    expect(await setup.faceit.deliverWebhook(target, delivery)).toMatchObject({ status: 502 });
    setup.faceit.clearFaults();
    expect(await setup.faceit.deliverWebhook(target, { ...delivery, retry_count: 1 })).toMatchObject({ status: 200, body: { status: 'unchanged' } });
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
