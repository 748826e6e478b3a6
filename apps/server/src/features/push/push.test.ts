import { createDatabase, createTestDatabase, type DatabaseHandle, setMatchElo, type TestDatabase } from '@campus-elo/db';
import type { FastifyInstance } from 'fastify';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { ids, insertLeague } from '../../../test/league-fixture';
import { decryptPush, startFakePushService, type FakeBrowser, type FakePushService, type ReceivedPush } from '../../../test-support/fakes';
import { buildApp } from '../../app';
import { truncateClearedTables } from '../database/backup';
import { JobQueue } from '../jobs/queue';
import { loadConfig, type Config } from '../../config';
import { PUSH_WRITES_PER_ADDRESS, PUSH_WRITE_WINDOW_MS } from './subscribe-limit';
import {
  deliverPushNotifications,
  PUSH_ATTEMPTS,
  PUSH_PER_SUBSCRIPTION_PER_MINUTE,
  PUSH_RETRY_BASE_MS,
  schedulePushNotifications,
  type PushDeps,
} from './send';

/**
 * Following a team: two replicas (two apps, two connection pools, one database) take
 * follows and send what the triggers queue to a fake push service; every notification
 * arrives once, encrypted and signed as a browser's push service expects.
 */

let database: TestDatabase;
let secondHandle: DatabaseHandle;
let pushService: FakePushService;
let config: Config;
let replicas: { app: FastifyInstance; deps: PushDeps }[];

const newMatch = '00000005-0000-4000-8000-000000000099';

beforeAll(async () => {
  database = await createTestDatabase();
  await insertLeague(database.db);
  secondHandle = createDatabase({ databaseUrl: database.url });
  pushService = await startFakePushService();
  config = loadConfig({ LOG_LEVEL: 'silent', PUSH_ALLOW_LOCAL_ENDPOINTS: 'true', PLATFORM_TIMEOUT_MS: '5000' });
  replicas = await Promise.all(
    [database, secondHandle].map(async (handle) => ({
      app: await buildApp({ db: handle.db, readDb: handle.readDb, config, logger: false }),
      deps: { db: handle.db, config },
    })),
  );
});
afterAll(async () => {
  for (const replica of replicas ?? []) await replica.app.close();
  await pushService?.close();
  await secondHandle?.close();
  await database?.close();
});

const post = async (replica: number, url: string, payload: unknown) => {
  const response = await replicas[replica]!.app.inject({ method: 'POST', url: `/v1${url}`, payload: payload as object });
  return { status: response.statusCode, body: response.json() };
};
const allChoices = { starting_soon: true, minutes_before: 30, started: true, result: true, rank_change: true };
/** Both replicas' senders at once, as their timers would run. */
const deliverOnBothReplicas = () => Promise.all(replicas.map((r) => deliverPushNotifications(r.deps)));
/** What arrived for `browser` since `from`, decrypted with the browser's keys. */
const readPushes = (browser: FakeBrowser, from = 0) =>
  pushService.received
    .slice(from)
    .filter((p) => p.path === browser.path)
    .map((p) => decryptPush(p, browser, browser.authSecret) as { title: string; body: string; url: string; tag: string });

describe('following a team', () => {
  let first: FakeBrowser;
  let second: FakeBrowser;
  let gone: FakeBrowser;
  let publicKey: string;

  it('answers the VAPID public key, the same on both replicas', async () => {
    const [a, b] = await Promise.all(replicas.map((r) => r.app.inject({ method: 'GET', url: '/v1/public/push/key' })));
    publicKey = a!.json().public_key;
    expect(publicKey).toMatch(/^[A-Za-z0-9_-]{87}$/);
    expect(b!.json().public_key).toBe(publicKey);
  });

  it('takes follows on either replica and lists them by endpoint', async () => {
    first = pushService.browser('first');
    second = pushService.browser('second');
    gone = pushService.browser('gone');
    expect((await post(0, '/following/follows', { subscription: first.subscription, team_id: ids.alpha, choices: allChoices })).status).toBe(200);
    expect((await post(1, '/following/follows', { subscription: second.subscription, team_id: ids.alpha, choices: { ...allChoices, minutes_before: 60 } })).status).toBe(200);
    expect((await post(1, '/following/follows', { subscription: gone.subscription, team_id: ids.beta, choices: allChoices })).status).toBe(200);
    const listed = await post(1, '/following/list', { endpoint: first.endpoint });
    expect(listed.body.follows).toEqual([{ team: expect.objectContaining({ id: ids.alpha }), choices: allChoices }]);
    expect((await post(0, '/following/list', { endpoint: 'https://push.example/unknown' })).body).toEqual({ follows: [], reminders: [] });
  });

  it('refuses bad subscriptions with 400 and unknown teams with 404', async () => {
    const base = { subscription: first.subscription, team_id: ids.alpha, choices: allChoices };
    const cases = [
      { ...base, subscription: { ...first.subscription, endpoint: 'http://push.example/x' } },
      { ...base, subscription: { ...first.subscription, keys: { p256dh: 'short', auth: first.authSecret } } },
      { ...base, choices: { ...allChoices, minutes_before: 2 } },
      { ...base, team_id: 'not-a-uuid' },
    ];
    for (const payload of cases) expect((await post(0, '/following/follows', payload)).status).toBe(400);
    expect((await post(0, '/following/follows', { ...base, team_id: ids.unknown })).status).toBe(404);
    // Without the test setting, even 127.0.0.1 over http is refused.
    const strict = await buildApp({ db: database.db, readDb: database.readDb, config: loadConfig({ LOG_LEVEL: 'silent' }), logger: false });
    try {
      const response = await strict.inject({ method: 'POST', url: '/v1/following/follows', payload: base });
      expect(response.statusCode).toBe(400);
      expect(response.body).toContain('https');
    } finally {
      await strict.close();
    }
  });

  it('sends starting soon, started, result and rank change exactly once each across two replicas', async () => {
    pushService.answer(gone.path, 410);
    const soon = new Date(Date.now() + 20 * 60_000);
    // Alpha v Beta in 20 minutes: within both follows' minutes and the third browser's (Beta).
    await database.db
      .insertInto('matches')
      .values({ id: newMatch, platform: 'faceit', external_id: 'm-push', season_id: ids.fall, competition_id: ids.necc, team1_id: ids.alpha, team2_id: ids.beta, status: 'scheduled', date: soon })
      .execute();
    const mark = pushService.received.length;
    const [a, b] = await deliverOnBothReplicas();
    expect(a!.sent + b!.sent).toBe(2);
    expect(a!.gone + b!.gone).toBe(1);
    expect(readPushes(first, mark)).toEqual([{ title: 'Alpha Wolves vs Beta Bears starts in 20 min', body: 'NECC', url: `/matches/${newMatch}`, tag: `match-${newMatch}` }]);
    expect(readPushes(second, mark)).toHaveLength(1);
    // The push service said 410: the subscription and its follows are gone.
    expect(await database.db.selectFrom('push_subscriptions').select('id').where('endpoint', '=', gone.endpoint).execute()).toEqual([]);

    // It starts, then ends and counts; a new ranking snapshot moves Alpha.
    await database.db.updateTable('matches').set({ status: 'in_progress', date: new Date(), score_team1: 0, score_team2: 0 }).where('id', '=', newMatch).execute();
    await deliverOnBothReplicas();
    await database.db.updateTable('matches').set({ status: 'completed', score_team1: 2, score_team2: 1, winner_id: ids.alpha }).where('id', '=', newMatch).execute();
    const newMatchElo = { team1_elo_before: 1000, team1_elo_change: 16, team2_elo_before: 1010, team2_elo_change: -16 };
    await setMatchElo(database.db, newMatch, newMatchElo);
    const before = await database.db.selectFrom('ranking_items').select('rank').where('ranking_id', '=', ids.weekTwo).where('team_id', '=', ids.alpha).executeTakeFirst();
    const newRank = before?.rank === 1 ? 2 : 1;
    const ranking = await database.db.insertInto('rankings').values({ season_id: ids.fall, date: new Date() }).returning('id').executeTakeFirstOrThrow();
    await database.db.insertInto('ranking_items').values({ ranking_id: ranking.id, team_id: ids.alpha, rank: newRank, elo: 1016 }).execute();
    await deliverOnBothReplicas();
    // A restart runs the sender again; a redelivered webhook applies the result again.
    await deliverOnBothReplicas();
    await setMatchElo(database.db, newMatch, null);
    await setMatchElo(database.db, newMatch, newMatchElo);
    await deliverOnBothReplicas();

    for (const browser of [first, second]) {
      const titles = readPushes(browser, mark).map((p) => p.title);
      expect(titles).toEqual(['Alpha Wolves vs Beta Bears starts in 20 min', 'Alpha Wolves vs Beta Bears has started', 'Alpha Wolves 2–1 Beta Bears', `Alpha Wolves is now #${newRank}`]);
    }
    const result = readPushes(first, mark)[2]!;
    expect(result).toEqual({ title: 'Alpha Wolves 2–1 Beta Bears', body: 'Alpha Wolves: 1000 → 1016 Elo (+16)', url: `/matches/${newMatch}`, tag: `match-${newMatch}` });
  });

  it('encrypts with aes128gcm, sets TTL and urgency, and signs with the VAPID key', () => {
    const pushes = pushService.received.filter((p: ReceivedPush) => p.path === first.path);
    expect(pushes.length).toBeGreaterThan(0);
    for (const push of pushes) {
      expect(push.headers['content-encoding']).toBe('aes128gcm');
      expect(push.headers['content-type']).toBe('application/octet-stream');
      expect(Number(push.headers.ttl)).toBeGreaterThan(0);
      expect(['high', 'normal', 'low']).toContain(push.headers.urgency);
      expect(push.headers.authorization).toMatch(new RegExp(`^vapid t=[A-Za-z0-9_-]+\\.[A-Za-z0-9_-]+\\.[A-Za-z0-9_-]+, k=${publicKey}$`));
      // The JWT's audience is the push service's origin.
      const claims = JSON.parse(Buffer.from(push.headers.authorization!.split('.')[1]!, 'base64url').toString());
      expect(claims.aud).toBe(pushService.url);
    }
    // The result may wait a day; a match starting soon is worthless once it has started.
    expect(pushes.map((p) => p.headers.urgency)).toEqual(['high', 'high', 'normal', 'low']);
    expect(Number(pushes[2]!.headers.ttl)).toBe(24 * 60 * 60);
    expect(Number(pushes[0]!.headers.ttl)).toBeLessThanOrEqual(20 * 60);
  });

  it('reminds of one match once, even for a browser that also follows its team', async () => {
    const match = '00000005-0000-4000-8000-000000000098';
    await database.db
      .insertInto('matches')
      .values({ id: match, platform: 'faceit', external_id: 'm-push-2', season_id: ids.fall, team1_id: ids.alpha, team2_id: ids.gamma, status: 'scheduled', date: new Date(Date.now() + 10 * 60_000) })
      .execute();
    expect((await post(0, '/following/reminders', { subscription: first.subscription, match_id: match, minutes_before: 15 })).status).toBe(200);
    expect((await post(0, '/following/reminders', { subscription: first.subscription, match_id: ids.fallFinal })).status).toBe(409);
    expect((await post(1, '/following/list', { endpoint: first.endpoint })).body.reminders).toEqual([expect.objectContaining({ match_id: match, minutes_before: 15 })]);
    const mark = pushService.received.length;
    await deliverOnBothReplicas();
    expect(readPushes(first, mark).map((p) => p.url)).toEqual([`/matches/${match}`]);
  });

  it('drops notifications past the per-subscription limit', async () => {
    await database.db.updateTable('push_subscriptions').set({ window_started_at: new Date(), sent_in_window: PUSH_PER_SUBSCRIPTION_PER_MINUTE }).where('endpoint', '=', second.endpoint).execute();
    await database.db.updateTable('matches').set({ status: 'in_progress', date: new Date() }).where('id', '=', '00000005-0000-4000-8000-000000000098').execute();
    const mark = pushService.received.length;
    const reports = await deliverOnBothReplicas();
    expect(readPushes(first, mark).map((p) => p.title)).toEqual(['Alpha Wolves vs Gamma Rays has started']);
    expect(readPushes(second, mark)).toEqual([]);
    expect(reports.reduce((sum, r) => sum + r.rateLimited, 0)).toBe(1);
    // The match is under way: its reminder is used up.
    expect((await post(0, '/following/list', { endpoint: first.endpoint })).body.reminders).toEqual([]);
    expect(await database.db.selectFrom('push_reminders').select('match_id').execute()).toEqual([]);
  });

  it('runs as a pg-boss task on either replica, each notification once', async () => {
    const quiet = { warn: () => {} };
    const queues = [database, secondHandle].map((handle) => new JobQueue({ db: handle.db, config, kind: handle.kind }, handle, quiet));
    const schedules: { stop(): Promise<void> }[] = [];
    try {
      for (const [index, queue] of queues.entries()) {
        await queue.start();
        schedules.push(await schedulePushNotifications(replicas[index]!.deps, queue, quiet));
      }
      const fourth = pushService.browser('fourth');
      expect((await post(1, '/following/follows', { subscription: fourth.subscription, team_id: ids.gamma, choices: { ...allChoices, started: false } })).status).toBe(200);
      await database.db
        .updateTable('matches')
        .set({ status: 'completed', score_team1: 0, score_team2: 2, winner_id: ids.gamma })
        .where('id', '=', '00000005-0000-4000-8000-000000000098')
        .execute();
      await setMatchElo(database.db, '00000005-0000-4000-8000-000000000098', { team1_elo_before: 1016, team1_elo_change: -14, team2_elo_before: 1200, team2_elo_change: 14 });
      // Both replicas' timers queue a turn; the queue keeps one waiting.
      await Promise.all(queues.map((queue) => queue.queueServerTask('push')));
      await vi.waitFor(() => expect(readPushes(fourth)).toHaveLength(1), { timeout: 20_000, interval: 100 });
      await vi.waitFor(async () => expect(await database.db.selectFrom('push_events').select('id').where('handled_at', 'is', null).execute()).toEqual([]), { timeout: 20_000, interval: 100 });
      await Promise.all(queues.map((queue) => queue.queueServerTask('push')));
      // Both turns ran (or the second was refused as one waited): none is left.
      const turnsLeft = async () =>
        Number(
          (await sql<{ n: number }>`SELECT count(*) AS n FROM pgboss.job WHERE name = 'push-notifications' AND state IN ('created', 'retry', 'active')`.execute(database.db)).rows[0]!.n,
        );
      await vi.waitFor(async () => expect(await turnsLeft()).toBe(0), { timeout: 20_000, interval: 100 });
      expect(readPushes(fourth).map((p) => p.body)).toEqual(['Gamma Rays: 1200 → 1214 Elo (+14)']);
    } finally {
      for (const schedule of schedules) await schedule.stop();
      for (const queue of queues) await queue.stop();
    }
  });

  it('tries again after a 429 (its Retry-After) and a 500, then gives up with a log line, keeping the subscription', async () => {
    const busy = pushService.browser('busy');
    const broken = pushService.browser('broken');
    const slow = pushService.browser('slow');
    for (const browser of [busy, broken, slow]) {
      expect((await post(0, '/following/follows', { subscription: browser.subscription, team_id: ids.beta, choices: { ...allChoices, starting_soon: false } })).status).toBe(200);
    }
    pushService.answer(busy.path, { status: 429, headers: { 'retry-after': '2' } }, 201);
    pushService.answer(broken.path, 500);
    // Asked to wait an hour: not worth holding the sender's turn for.
    pushService.answer(slow.path, { status: 429, headers: { 'retry-after': '3600' } });
    const match = '00000005-0000-4000-8000-000000000097';
    const mark = pushService.received.length;
    await database.db
      .insertInto('matches')
      .values({ id: match, platform: 'faceit', external_id: 'm-push-3', season_id: ids.fall, team1_id: ids.beta, team2_id: ids.gamma, status: 'in_progress', date: new Date() })
      .execute();
    const waits: number[] = [];
    const errors: string[] = [];
    const [a, b] = await Promise.all(
      replicas.map((r) => deliverPushNotifications({ ...r.deps, wait: async (ms) => void waits.push(ms) }, new Date(), (error) => errors.push(error))),
    );
    const arrived = (browser: FakeBrowser) => pushService.received.slice(mark).filter((p) => p.path === browser.path);
    expect(arrived(busy)).toHaveLength(2);
    expect(readPushes(busy, mark).map((p) => p.title)).toEqual(['Beta Bears vs Gamma Rays has started', 'Beta Bears vs Gamma Rays has started']);
    expect(arrived(broken)).toHaveLength(PUSH_ATTEMPTS);
    expect(arrived(slow)).toHaveLength(1);
    // Retry-After: 2 for the busy one; the doubling backoff for the broken one.
    expect(waits.sort((x, y) => x - y)).toEqual([PUSH_RETRY_BASE_MS, 2000, 2 * PUSH_RETRY_BASE_MS].sort((x, y) => x - y));
    expect({ sent: a!.sent + b!.sent, failed: a!.failed + b!.failed, gone: a!.gone + b!.gone }).toEqual({ sent: 1, failed: 2, gone: 0 });
    expect(errors.sort()).toEqual(['The push service answered 429 and asked to wait 3600 s; given up', `The push service answered 500; given up after ${PUSH_ATTEMPTS} tries`]);
    // Neither said the subscription is gone: both stay, and the next turn sends nothing again.
    const endpoints = await database.db.selectFrom('push_subscriptions').select('endpoint').where('endpoint', 'in', [broken.endpoint, slow.endpoint]).execute();
    expect(endpoints).toHaveLength(2);
    const again = pushService.received.length;
    await deliverOnBothReplicas();
    expect(pushService.received.length).toBe(again);
    for (const browser of [busy, broken, slow]) expect((await post(0, '/following/unfollow', { endpoint: browser.endpoint })).status).toBe(200);
  });

  it('tries an unreachable push service again, then gives up', async () => {
    // A port that was just free: nothing answers there.
    const closed = createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const port = (closed.address() as AddressInfo).port;
    await new Promise((resolve) => closed.close(resolve));
    const unreachable = pushService.browser('unreachable');
    const subscription = { ...unreachable.subscription, endpoint: `http://127.0.0.1:${port}/push/unreachable` };
    expect((await post(0, '/following/follows', { subscription, team_id: ids.gamma, choices: { ...allChoices, starting_soon: false } })).status).toBe(200);
    await database.db
      .updateTable('matches')
      .set({ status: 'completed', score_team1: 1, score_team2: 2, winner_id: ids.gamma })
      .where('id', '=', '00000005-0000-4000-8000-000000000097')
      .execute();
    await setMatchElo(database.db, '00000005-0000-4000-8000-000000000097', { team1_elo_before: 1000, team1_elo_change: -10, team2_elo_before: 1214, team2_elo_change: 10 });
    const waits: number[] = [];
    const errors: string[] = [];
    const report = await deliverPushNotifications({ ...replicas[1]!.deps, wait: async (ms) => void waits.push(ms) }, new Date(), (error) => errors.push(error));
    expect(waits).toEqual([PUSH_RETRY_BASE_MS, 2 * PUSH_RETRY_BASE_MS]);
    expect(errors).toEqual([expect.stringMatching(new RegExp(`; given up after ${PUSH_ATTEMPTS} tries$`))]);
    expect(report.failed).toBe(1);
    expect((await post(0, '/following/unfollow', { endpoint: subscription.endpoint })).status).toBe(200);
  });

  it('limits follow and reminder writes per address across both replicas, then forgets the window', async () => {
    const limited = pushService.browser('limited');
    const from = (replica: number, remoteAddress: string) =>
      replicas[replica]!.app.inject({
        method: 'POST',
        url: '/v1/following/follows',
        remoteAddress,
        payload: { subscription: limited.subscription, team_id: ids.gamma, choices: allChoices },
      });
    // Written in parallel on both replicas, from two addresses of one IPv6 /64.
    const writes = await Promise.all(Array.from({ length: PUSH_WRITES_PER_ADDRESS + 4 }, (_, i) => from(i % 2, `2001:db8:7:1::${i + 1}`)));
    const statuses = writes.map((w) => w.statusCode);
    expect(statuses.filter((status) => status === 200)).toHaveLength(PUSH_WRITES_PER_ADDRESS);
    expect(statuses.filter((status) => status === 429)).toHaveLength(4);
    const refused = writes.find((w) => w.statusCode === 429)!;
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    expect(Number(refused.headers['retry-after'])).toBeLessThanOrEqual(PUSH_WRITE_WINDOW_MS / 1000);
    // Another /64 still writes; the sender's turn after the window forgets the count.
    expect((await from(1, '2001:db8:7:2::1')).statusCode).toBe(200);
    await deliverPushNotifications(replicas[0]!.deps, new Date(Date.now() + PUSH_WRITE_WINDOW_MS + 1000));
    expect(await database.db.selectFrom('push_write_windows').select('address').where('address', 'like', '2001:db8:7:%').execute()).toEqual([]);
    expect((await from(0, '2001:db8:7:1::99')).statusCode).toBe(200);
    expect((await post(0, '/following/unfollow', { endpoint: limited.endpoint })).status).toBe(200);
  });

  it('ends a follow, then the whole subscription', async () => {
    expect((await post(0, '/following/unfollow', { endpoint: first.endpoint, team_id: ids.alpha })).status).toBe(200);
    expect((await post(0, '/following/list', { endpoint: first.endpoint })).body.follows).toEqual([]);
    expect((await post(1, '/following/unfollow', { endpoint: second.endpoint })).status).toBe(200);
    expect(await database.db.selectFrom('push_subscriptions').select('endpoint').where('endpoint', '=', second.endpoint).execute()).toEqual([]);
  });

  it("Clear Database takes the league's follows with it and keeps the subscriptions", async () => {
    const third = pushService.browser('third');
    expect((await post(0, '/following/follows', { subscription: third.subscription, team_id: ids.gamma, choices: allChoices })).status).toBe(200);
    await database.db.transaction().execute((trx) => truncateClearedTables(trx));
    expect(await database.db.selectFrom('push_follows').select('team_id').execute()).toEqual([]);
    expect(await database.db.selectFrom('push_subscriptions').select('endpoint').where('endpoint', '=', third.endpoint).execute()).toHaveLength(1);
  });
});
