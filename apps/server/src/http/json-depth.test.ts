import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app';
import { createStaffTestApp, type StaffTestApp } from '../features/auth/testing';
import { JobQueue } from '../features/jobs/queue';
import { jsonNestsDeeperThan, MAX_JSON_DEPTH } from './json-depth';

let t: StaffTestApp;
let queue: JobQueue;
let app: FastifyInstance;
let headers: Record<string, string>;
let seasonId: string;

beforeAll(async () => {
  t = await createStaffTestApp();
  // Enqueue only: 'Prefer: respond-async' queues the import, as a server with a worker elsewhere does.
  queue = new JobQueue({ db: t.database.db, config: t.config, kind: t.database.kind }, t.database, { warn: () => {} });
  await queue.start({ worker: false });
  app = await buildApp({ db: t.database.db, config: t.config, jobs: queue, logger: false });
  headers = { authorization: `Bearer ${await t.tokenFor(t.admin)}`, 'content-type': 'application/json' };
  seasonId = (await t.database.db.insertInto('seasons').values({ name: 'Deep Season', start_date: '2026-09-01', end_date: '2026-12-31' }).returning('id').executeTakeFirstOrThrow()).id;
}, 60_000);
afterAll(async () => {
  await app?.close();
  await queue?.stop();
  await t?.close();
});

/** `[[[…0…]]]`, `depth` arrays inside each other, built as text (no recursion anywhere). */
const nestedArrays = (depth: number) => `${'['.repeat(depth)}0${']'.repeat(depth)}`;

/** An import of one match whose `voting` is `voting` (JSON text). */
function importBody(voting: string, matchId = '1-deep-json'): string {
  const item = {
    match_id: matchId,
    competition_id: 'deep-cup',
    competition_name: 'Deep Cup',
    region: 'NA',
    status: 'SCHEDULED',
    scheduled_at: 1_800_000_000,
    teams: { faction1: { name: 'Deep North' }, faction2: { name: 'Deep South' } },
  };
  const body = JSON.stringify({ platform: 'faceit', competition_name: 'Deep Cup', season_id: seasonId, data: { items: [item] } });
  return body.replace('"teams":', `"voting":${voting},"teams":`);
}

const tooDeep = { error: `The JSON body nests deeper than ${MAX_JSON_DEPTH} levels` };

describe('JSON nesting limit', () => {
  it('answers 400, not 500, to an import whose voting nests a million deep, with and without Prefer: respond-async', async () => {
    const payload = importBody(nestedArrays(1_000_000));
    const direct = await app.inject({ method: 'POST', url: '/v1/import-matches/', headers, payload });
    expect({ status: direct.statusCode, body: direct.json() }).toEqual({ status: 400, body: tooDeep });
    const queued = await app.inject({ method: 'POST', url: '/v1/import-matches/', headers: { ...headers, prefer: 'respond-async' }, payload });
    expect({ status: queued.statusCode, body: queued.json() }).toEqual({ status: 400, body: tooDeep });
    expect(await t.database.db.selectFrom('jobs').select('id').execute()).toEqual([]);
  });

  it('refuses the same body on /trpc, alone and in a batch', async () => {
    const payload = importBody(nestedArrays(1_000_000));
    const alone = await app.inject({ method: 'POST', url: '/trpc/admin.imports.commit', headers, payload });
    expect({ status: alone.statusCode, body: alone.json() }).toEqual({ status: 400, body: tooDeep });
    const batch = await app.inject({ method: 'POST', url: '/trpc/admin.imports.commit?batch=1', headers, payload: `{"0":${payload}}` });
    expect(batch.statusCode).toBe(400);
  });

  it('still takes normal bodies: an import with a few levels of voting is queued and imported as before', async () => {
    const voting = JSON.stringify({ map: { entities: [{ guid: 'de_inferno', properties: { picked: [1, [2, [3]]] } }] } });
    const queued = await app.inject({ method: 'POST', url: '/v1/import-matches/', headers: { ...headers, prefer: 'respond-async' }, payload: importBody(voting) });
    expect(queued.statusCode).toBe(202);
    const direct = await app.inject({ method: 'POST', url: '/v1/import-matches/', headers, payload: importBody(voting, '1-shallow-json') });
    expect(direct.statusCode).toBe(200);
    expect(direct.json()).toMatchObject({ matches_imported: 1 });
    // Right at the limit (the body's object, data, items and the item are four levels) is still taken.
    const atLimit = await app.inject({ method: 'POST', url: '/v1/import-matches/', headers, payload: importBody(nestedArrays(MAX_JSON_DEPTH - 4), '1-limit-json') });
    expect(atLimit.json()).toMatchObject({ matches_imported: 1 });
    const pastLimit = await app.inject({ method: 'POST', url: '/v1/import-matches/', headers, payload: importBody(nestedArrays(MAX_JSON_DEPTH - 3), '1-past-json') });
    expect(pastLimit.json()).toEqual(tooDeep);
  });

  it('counts only brackets outside strings', () => {
    expect(jsonNestsDeeperThan(`{"a":"${'['.repeat(100)}"}`, 2)).toBe(false);
    expect(jsonNestsDeeperThan(`{"a":"\\"${'['.repeat(100)}"}`, 2)).toBe(false);
    expect(jsonNestsDeeperThan(nestedArrays(3), 2)).toBe(true);
    expect(jsonNestsDeeperThan(`[${nestedArrays(2)},${nestedArrays(2)}]`, 3)).toBe(false);
  });
});
