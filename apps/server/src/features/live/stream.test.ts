import { createDatabase, createTestDatabase, LISTENER_APPLICATION_NAME, type TestDatabase } from '@campus-elo/db';
import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { ids, insertLeague } from '../../../test/league-fixture';
import { openSse, type SseStream } from '../../../test-support/sse-client';
import { buildApp } from '../../app';
import { loadConfig } from '../../config';
import { HEARTBEAT_INTERVAL_MS } from './match-feed';

async function startApp(database: Pick<TestDatabase, 'db' | 'listen'>): Promise<{ app: FastifyInstance; base: string }> {
  const app = await buildApp({ db: database.db, config: loadConfig({ LOG_LEVEL: 'silent' }), logger: false, listen: database.listen });
  const address = await app.listen({ port: 0, host: '127.0.0.1' });
  return { app, base: address };
}

const isMatchEvent = (matchId: string) => (event: { event?: string; data?: string }) => event.event === 'match' && JSON.parse(event.data ?? '{}').id === matchId;

describe('GET /v1/public/stream', () => {
  let database: TestDatabase;
  let app: FastifyInstance;
  let base: string;
  const streams: SseStream[] = [];

  beforeAll(async () => {
    database = await createTestDatabase();
    await insertLeague(database.db);
    ({ app, base } = await startApp(database));
  });

  afterEach(() => {
    for (const stream of streams.splice(0)) stream.close();
    vi.useRealTimers();
  });

  afterAll(async () => {
    await app?.close();
    await database?.close();
  });

  const open = async (headers: Record<string, string> = {}, path = '/v1/public/stream') => {
    const stream = await openSse(base + path, headers);
    streams.push(stream);
    return stream;
  };

  const setScore = (matchId: string, score1: number, score2: number) =>
    database.db.updateTable('matches').set({ score_team1: score1, score_team2: score2 }).where('id', '=', matchId).execute();

  it('sends a changed score as the public match item, with an id', async () => {
    const stream = await open();
    // Opened: the stream listens before the first byte, so what follows is heard.
    await stream.next((event) => event.data === undefined && event.comment === undefined);
    await setScore(ids.liveToday, 9, 7);
    const event = await stream.next(isMatchEvent(ids.liveToday));
    // Asked on the stream's host: pictures are absolute on the request's origin in both.
    const list = await app.inject({ method: 'GET', url: '/v1/public/matches?status=in_progress&page_size=100', headers: { host: new URL(base).host } });
    const listed = list.json().results.find((item: { id: string }) => item.id === ids.liveToday);
    expect(JSON.parse(event.data!)).toEqual(listed);
    expect(listed).toMatchObject({ score_team1: 9, score_team2: 7 });
    expect(event.id).toMatch(/^\d+$/);
  });

  it('sends a status change too, but not a write that changes neither status nor score', async () => {
    const stream = await open();
    await stream.next(() => true);
    await database.db.updateTable('matches').set({ url: 'https://example.com/renamed' }).where('id', '=', ids.lateTonight).execute();
    await database.db.updateTable('matches').set({ status: 'in_progress' }).where('id', '=', ids.lateTonight).execute();
    const event = await stream.next(isMatchEvent(ids.lateTonight));
    expect(JSON.parse(event.data!)).toMatchObject({ id: ids.lateTonight, status: 'in_progress', url: 'https://example.com/renamed' });
    const { count } = await database.db
      .selectFrom('match_changes')
      .select((eb) => eb.fn.countAll<number>().as('count'))
      .where('match_id', '=', ids.lateTonight)
      .executeTakeFirstOrThrow();
    expect(count).toBe(1);
  });

  it('announces a match inserted in progress, but not one inserted scheduled or finished', async () => {
    const stream = await open();
    await stream.next(() => true);
    const newMatch = (id: string, externalId: string, status: 'scheduled' | 'in_progress' | 'completed') => ({
      id,
      external_id: externalId,
      platform: 'faceit' as const,
      competition_id: ids.necc,
      season_id: ids.fall,
      team1_id: ids.beta,
      team2_id: ids.gamma,
      status,
      score_team1: status === 'scheduled' ? null : 3,
      score_team2: status === 'scheduled' ? null : 1,
      date: '2026-11-22T10:00:00Z',
    });
    const quiet = ['66666666-0000-4000-8000-000000000001', '66666666-0000-4000-8000-000000000002'];
    const live = '66666666-0000-4000-8000-000000000003';
    await database.db
      .insertInto('matches')
      .values([newMatch(quiet[0]!, 'm-new-scheduled', 'scheduled'), newMatch(quiet[1]!, 'm-new-old', 'completed'), newMatch(live, 'm-new-live', 'in_progress')])
      .execute();
    const event = await stream.next(isMatchEvent(live));
    expect(JSON.parse(event.data!)).toMatchObject({ id: live, status: 'in_progress', score_team1: 3, score_team2: 1 });
    const logged = await database.db.selectFrom('match_changes').select('match_id').where('match_id', 'in', [...quiet, live]).execute();
    expect(logged).toEqual([{ match_id: live }]);
    await database.db.deleteFrom('matches').where('id', 'in', [...quiet, live]).execute();
  });

  it('answers an event stream that no compression, ETag or cache holds back', async () => {
    const stream = await open({ 'accept-encoding': 'gzip, br' });
    expect(stream.response.statusCode).toBe(200);
    expect(stream.response.headers['content-type']).toBe('text/event-stream; charset=utf-8');
    expect(stream.response.headers['content-encoding']).toBeUndefined();
    expect(stream.response.headers.etag).toBeUndefined();
    expect(stream.response.headers['cache-control']).toBe('no-cache, no-transform');
    // The security headers still apply.
    expect(stream.response.headers['x-content-type-options']).toBe('nosniff');
    // Readable as it comes: the first change arrives as plain text without the stream ending.
    await stream.next(() => true);
    await setScore(ids.liveToday, 10, 7);
    const event = await stream.next(isMatchEvent(ids.liveToday));
    expect(JSON.parse(event.data!)).toMatchObject({ score_team1: 10 });
  });

  it('resumes after Last-Event-ID with what changed since, each match once as it is now', async () => {
    const watcher = await open();
    await watcher.next(() => true);
    await setScore(ids.liveToday, 11, 7);
    const first = await watcher.next((event) => isMatchEvent(ids.liveToday)(event) && JSON.parse(event.data!).score_team1 === 11);
    await setScore(ids.lateTonight, 1, 0);
    await setScore(ids.liveToday, 12, 7);
    await setScore(ids.liveToday, 13, 7);
    const last = await watcher.next((event) => isMatchEvent(ids.liveToday)(event) && JSON.parse(event.data!).score_team1 === 13);

    const resumed = await open({ 'last-event-id': first.id! });
    const replayed = await resumed.next(isMatchEvent(ids.liveToday));
    const matchEvents = resumed.events.filter((event) => event.event === 'match');
    expect(matchEvents.map((event) => JSON.parse(event.data!).id)).toEqual([ids.lateTonight, ids.liveToday]);
    // An event carries the match as it is when sent, so its id is that of the last change or an earlier one.
    expect(Number(replayed.id)).toBeGreaterThanOrEqual(Number(last.id));
    expect(JSON.parse(replayed.data!)).toMatchObject({ score_team1: 13 });

    // The query parameter does the same for clients that cannot set the header.
    const byQuery = await open({}, `/v1/public/stream?last_event_id=${first.id}`);
    await byQuery.next(isMatchEvent(ids.liveToday));

    // Up to date: nothing to replay, and live changes follow.
    const current = await open({ 'last-event-id': replayed.id! });
    await current.next(() => true);
    await setScore(ids.liveToday, 14, 7);
    const live = await current.next(isMatchEvent(ids.liveToday));
    expect(current.events.filter((event) => event.event === 'match')).toEqual([live]);
  });

  it('tells a stream to reload when its Last-Event-ID is older than the log keeps', async () => {
    const watcher = await open();
    await watcher.next(() => true);
    await setScore(ids.liveToday, 20, 7);
    await watcher.next((event) => isMatchEvent(ids.liveToday)(event) && JSON.parse(event.data!).score_team1 === 20);
    await setScore(ids.liveToday, 21, 7);
    const latest = await watcher.next((event) => isMatchEvent(ids.liveToday)(event) && JSON.parse(event.data!).score_team1 === 21);
    // As pruning would: the oldest changes are gone.
    await database.db.deleteFrom('match_changes').where('id', '<', Number(latest.id)).execute();

    const stale = await open({ 'last-event-id': '1' });
    const resync = await stale.next((event) => event.event === 'resync');
    expect(resync.id).toBe(latest.id);
  });

  it('keeps an idle stream open with a comment every 15 s from one shared timer', async () => {
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval'] });
    const first = await open();
    const second = await open();
    await first.next(() => true);
    await second.next(() => true);
    expect(vi.getTimerCount()).toBe(1);
    vi.advanceTimersByTime(HEARTBEAT_INTERVAL_MS);
    await first.next((event) => event.comment === 'keep-alive');
    await second.next((event) => event.comment === 'keep-alive');
  });
});

describe.skipIf(!process.env.DATABASE_URL)('the stream across replicas (PostgreSQL)', () => {
  let database: TestDatabase;
  let replicaA: { app: FastifyInstance; base: string };
  let replicaB: { app: FastifyInstance; base: string };
  let secondHandle: ReturnType<typeof createDatabase>;

  beforeAll(async () => {
    database = await createTestDatabase();
    await insertLeague(database.db);
    // Two app instances, each with its own pool and LISTEN connection, on one database.
    secondHandle = createDatabase({ databaseUrl: database.url, poolSize: 4 });
    replicaA = await startApp(database);
    replicaB = await startApp(secondHandle);
  });

  afterAll(async () => {
    await replicaA?.app.close();
    await replicaB?.app.close();
    await secondHandle?.close();
    await database?.close();
  });

  it('delivers a change written through one replica to streams open on the other', async () => {
    const onB = await openSse(`${replicaB.base}/v1/public/stream`);
    const onA = await openSse(`${replicaA.base}/v1/public/stream`);
    try {
      await onB.next(() => true);
      await onA.next(() => true);
      await database.db.updateTable('matches').set({ score_team1: 5, score_team2: 3 }).where('id', '=', ids.liveToday).execute();
      const [fromB, fromA] = await Promise.all([onB.next(isMatchEvent(ids.liveToday)), onA.next(isMatchEvent(ids.liveToday))]);
      expect(JSON.parse(fromB.data!)).toMatchObject({ score_team1: 5, score_team2: 3 });
      // One change, one id, whichever replica sends it.
      expect(fromB.id).toBe(fromA.id);
    } finally {
      onA.close();
      onB.close();
    }
  });

  it('reconnects a lost LISTEN connection and sends what changed while it was away', async () => {
    const onB = await openSse(`${replicaB.base}/v1/public/stream`);
    try {
      await onB.next(() => true);
      // Every listening connection (the live stream's, and the response cache's if it is on).
      const listeners = () =>
        sql<{ pid: number }>`SELECT pid FROM pg_stat_activity WHERE datname = current_database() AND application_name = ${LISTENER_APPLICATION_NAME}`.execute(database.db);
      const before = (await listeners()).rows.length;
      expect(before).toBeGreaterThanOrEqual(2);
      // Cut every listening connection, then change a score before they are back.
      await sql`SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = current_database() AND application_name = ${LISTENER_APPLICATION_NAME}`.execute(database.db);
      await database.db.updateTable('matches').set({ score_team1: 6 }).where('id', '=', ids.liveToday).execute();
      const event = await onB.next((e) => isMatchEvent(ids.liveToday)(e) && JSON.parse(e.data!).score_team1 === 6);
      expect(event.id).toMatch(/^\d+$/);
      // As many listening connections as before.
      await vi.waitFor(async () => expect((await listeners()).rows).toHaveLength(before));
    } finally {
      onB.close();
    }
  });
});
