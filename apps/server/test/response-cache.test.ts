import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { createDatabase, createTestDatabase, type Database, type DatabaseHandle, type TestDatabase } from '@campus-elo/db';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import type { KyselyPlugin, Kysely, PluginTransformQueryArgs, PluginTransformResultArgs, QueryResult, RootOperationNode, UnknownRow } from 'kysely';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { buildApp } from '../src/app';
import { loadConfig } from '../src/config';
import { createUser } from '../src/features/auth/users';
import { publicReadOf } from '../src/http/caching';
import { restEndpoints } from '../src/http/rest-endpoints';
import { appRouter } from '../src/router';
import { accessOf } from '../src/trpc';
import { ids, insertLeague } from './league-fixture';

/**
 * Counts the reading statements an app runs on the database: when their answers come back,
 * since a compiled statement may be run again without being built anew (lib/compiled-queries.ts).
 */
class ReadCounter implements KyselyPlugin {
  count = 0;
  readonly #reads = new WeakSet<object>();
  transformQuery({ node, queryId }: PluginTransformQueryArgs): RootOperationNode {
    if (node.kind === 'SelectQueryNode' || node.kind === 'RawNode') this.#reads.add(queryId);
    return node;
  }
  async transformResult({ result, queryId }: PluginTransformResultArgs): Promise<QueryResult<UnknownRow>> {
    if (this.#reads.has(queryId)) this.count += 1;
    return result;
  }
}

interface Replica {
  app: FastifyInstance;
  reads: ReadCounter;
  get(url: string, headers?: Record<string, string>): Promise<LightMyRequestResponse>;
  close(): Promise<void>;
}

const STAFF = { email: 'cache@staff.test', password: 'cache test password' };
const team = (id: string) => `/v1/public/teams/${id}`;
const trpcUrl = (procedures: string[], inputs: unknown[]) =>
  `/trpc/${procedures.join(',')}?batch=1&input=${encodeURIComponent(JSON.stringify(Object.fromEntries(inputs.map((input, i) => [i, input]))))}`;

/**
 * One server replica: its own app, and on PostgreSQL its own pool and listening connection to
 * the shared database, as a second process would have.
 */
async function startReplica(database: TestDatabase, env: Record<string, string> = {}): Promise<Replica> {
  const handle: DatabaseHandle = database.url ? createDatabase({ databaseUrl: database.url, poolSize: 4 }) : database;
  const reads = new ReadCounter();
  const db = handle.db.withPlugin(reads) as Kysely<Database>;
  const app = await buildApp({ db, config: loadConfig({ LOG_LEVEL: 'silent', ...env }), logger: false, listen: handle.listen });
  if (app.responseCache) await vi.waitFor(() => expect(app.responseCache?.active).toBe(true));
  return {
    app,
    reads,
    get: (url, headers = {}) => app.inject({ method: 'GET', url, headers }),
    async close() {
      await app.close();
      if (handle !== database) await handle.close();
    },
  };
}

describe('what the response cache may share', () => {
  const procedures = appRouter._def.procedures as unknown as Record<string, { _def: { type: string } }>;

  it('is only what anyone may read: every public.* procedure is an unguarded query', () => {
    const shared = Object.keys(procedures).filter((path) => publicReadOf(`/trpc/${path}`));
    expect(shared.length).toBeGreaterThan(5);
    expect(shared.filter((path) => accessOf(procedures[path]!) !== 'public' || procedures[path]!._def.type !== 'query')).toEqual([]);
    expect(Object.keys(procedures).filter((path) => !path.startsWith('public.') && publicReadOf(`/trpc/${path}`))).toEqual([]);
  });

  it('covers every /v1/public path, each served by a public.* procedure', () => {
    const endpoints = restEndpoints(appRouter).filter((endpoint) => endpoint.paths.some((path) => publicReadOf(path)));
    expect(endpoints.length).toBeGreaterThan(5);
    expect(endpoints.filter((endpoint) => !endpoint.procedure.startsWith('public.') || endpoint.rest.method !== 'GET').map((e) => e.procedure)).toEqual([]);
    const publicProcedures = restEndpoints(appRouter).filter((endpoint) => endpoint.procedure.startsWith('public.'));
    expect(publicProcedures.filter((endpoint) => !endpoint.paths.every((path) => publicReadOf(path))).map((e) => e.procedure)).toEqual([]);
  });
});

describe('the response cache', () => {
  let database: TestDatabase;
  let one: Replica;
  let two: Replica;
  let bearer: string;

  beforeAll(async () => {
    database = await createTestDatabase();
    await insertLeague(database.db);
    await createUser(database.db, { ...STAFF, role: 'admin' });
    one = await startReplica(database);
    two = await startReplica(database);
    const token = await one.app.inject({ method: 'POST', url: '/v1/auth/token', payload: STAFF });
    bearer = `Bearer ${token.json().token}`;
  }, 60_000);

  afterAll(async () => {
    await one?.close();
    await two?.close();
    await database?.close();
  });

  /** The replica's cache, which held answers, is emptied by the data change notice within the bound. */
  async function heardWithinASecond(replica: Replica): Promise<void> {
    await vi.waitFor(() => expect(replica.app.responseCache!.stats.entries).toBe(0), { timeout: 1_000, interval: 5 });
  }

  /** Runs `action` and answers how many reads it made the replica send to the database. */
  async function readsDuring(replica: Replica, action: () => Promise<unknown>): Promise<number> {
    const before = replica.reads.count;
    await action();
    return replica.reads.count - before;
  }

  it('answers a repeated public read from memory, with the same bytes and headers', async () => {
    const url = '/v1/public/teams?sort=name&page_size=3';
    const first = await one.get(url);
    let second!: LightMyRequestResponse;
    expect(await readsDuring(one, async () => (second = await one.get(url)))).toBe(0);
    expect(first.statusCode).toBe(200);
    expect(first.headers['x-cache']).toBeUndefined();
    expect(second.headers['x-cache']).toBe('hit');
    expect(second.body).toBe(first.body);
    for (const header of ['etag', 'cache-control', 'content-type', 'vary', 'x-content-type-options']) {
      expect(second.headers[header], header).toBe(first.headers[header]);
    }
    // The kept policy is the leader's without its nonce: a nonce is never sent twice.
    const nonceless = String(first.headers['content-security-policy']).replace(/ 'nonce-[^']*'/g, '');
    expect(first.headers['content-security-policy']).toMatch(/'nonce-/);
    expect(second.headers['content-security-policy']).toBe(nonceless);
    expect(second.headers['content-security-policy']).toMatch(/script-src 'self';/);
  });

  it('answers hits over a real socket at its front door, the same as through Fastify', async () => {
    const url = '/v1/public/teams?sort=elo&order=desc&page_size=4';
    const address = await one.app.listen({ port: 0, host: '127.0.0.1' });
    try {
      const leader = await fetch(`${address}${url}`, { headers: { 'accept-encoding': 'gzip' } });
      const leaderBody = await leader.text();
      let hit!: Response;
      expect(await readsDuring(one, async () => (hit = await fetch(`${address}${url}`, { headers: { 'accept-encoding': 'gzip' } })))).toBe(0);
      expect(leader.headers.get('x-cache')).toBeNull();
      expect(hit.headers.get('x-cache')).toBe('hit');
      expect(await hit.text()).toBe(leaderBody);
      for (const header of ['etag', 'cache-control', 'content-type', 'vary', 'x-frame-options', 'referrer-policy']) {
        expect(hit.headers.get(header), header).toBe(leader.headers.get(header));
      }
      const revalidated = await fetch(`${address}${url}`, { headers: { 'if-none-match': hit.headers.get('etag')! } });
      expect([revalidated.status, revalidated.headers.get('x-cache')]).toEqual([304, 'hit']);
      // A signed-in request walks past the door.
      const staff = await fetch(`${address}${url}`, { headers: { authorization: bearer } });
      expect([staff.status, staff.headers.get('x-cache')]).toEqual([200, null]);
    } finally {
      await one.app.server.close();
    }
  });

  it('shares one entry between query strings that differ only in parameter order', async () => {
    const first = await one.get(`/v1/public/matches?team_id=${ids.alpha}&page_size=2&status=completed`);
    let reordered!: LightMyRequestResponse;
    expect(await readsDuring(one, async () => (reordered = await one.get(`/v1/public/matches?status=completed&page_size=2&team_id=${ids.alpha}`)))).toBe(0);
    expect(reordered.headers['x-cache']).toBe('hit');
    expect(reordered.body).toBe(first.body);
  });

  it('keeps the compressed bytes it sends: brotli, gzip or none, as the client takes them', async () => {
    const url = '/v1/public/players?page_size=50';
    const plain = await one.get(url);
    expect(plain.rawPayload.length).toBeGreaterThan(1024);
    const brotli = await one.get(url, { 'accept-encoding': 'gzip, deflate, br' });
    const gzip = await one.get(url, { 'accept-encoding': 'gzip' });
    const brotliAgain = await one.get(url, { 'accept-encoding': 'br;q=1, gzip;q=0.5' });
    expect([brotli, gzip, brotliAgain].map((r) => [r.headers['x-cache'], r.headers['content-encoding']])).toEqual([
      ['hit', 'br'],
      ['hit', 'gzip'],
      ['hit', 'br'],
    ]);
    expect(brotliDecompressSync(brotli.rawPayload).toString()).toBe(plain.body);
    expect(gunzipSync(gzip.rawPayload).toString()).toBe(plain.body);
    expect(brotliAgain.rawPayload.equals(brotli.rawPayload)).toBe(true);
  });

  it('answers a matching If-None-Match with 304 from memory', async () => {
    const url = `/v1/public/teams/${ids.beta}`;
    const first = await one.get(url);
    let revalidated!: LightMyRequestResponse;
    expect(await readsDuring(one, async () => (revalidated = await one.get(url, { 'if-none-match': first.headers.etag as string })))).toBe(0);
    expect(revalidated.statusCode).toBe(304);
    expect(revalidated.headers['x-cache']).toBe('hit');
    expect(revalidated.headers.etag).toBe(first.headers.etag);
    expect(revalidated.body).toBe('');
  });

  it('skips requests with a session both ways', async () => {
    const url = '/v1/public/seasons?page_size=5';
    const signedIn = { authorization: bearer };
    const cookie = { cookie: 'theme=dark; auth_session=not-a-real-token' };
    // A signed-in read runs the procedure and keeps nothing...
    const staffFirst = await one.get(url, signedIn);
    expect(staffFirst.statusCode).toBe(200);
    expect(staffFirst.headers['x-cache']).toBeUndefined();
    expect((await one.get(url)).headers['x-cache']).toBeUndefined();
    // ...and is never answered from what an anonymous read kept.
    expect((await one.get(url)).headers['x-cache']).toBe('hit');
    for (const headers of [signedIn, cookie]) {
      let answer!: LightMyRequestResponse;
      expect(await readsDuring(one, async () => (answer = await one.get(url, headers)))).toBeGreaterThan(0);
      expect(answer.headers['x-cache']).toBeUndefined();
    }
  });

  it('caches public tRPC reads, batched or not, and nothing else', async () => {
    const single = `/trpc/public.team?input=${encodeURIComponent(JSON.stringify({ id: ids.gamma }))}`;
    const batch = trpcUrl(['public.teams', 'public.seasons'], [{ page_size: 2 }, {}]);
    for (const url of [single, batch]) {
      const first = await one.get(url);
      const second = await one.get(url);
      expect([first.statusCode, first.headers['x-cache'], second.headers['x-cache']], url).toEqual([200, undefined, 'hit']);
      expect(second.body).toBe(first.body);
      expect(second.headers.vary).toBe(first.headers.vary);
    }
    const mixed = trpcUrl(['public.seasons', 'auth.me'], [{}, undefined]);
    await one.get(mixed);
    expect((await one.get(mixed)).headers['x-cache']).toBeUndefined();
    // An error is never kept.
    const missing = `/trpc/public.team?input=${encodeURIComponent(JSON.stringify({ id: ids.unknown }))}`;
    expect((await one.get(missing)).statusCode).toBe(404);
    expect((await one.get(missing)).headers['x-cache']).toBeUndefined();
  });

  it('runs the procedure once for concurrent misses of one key', async () => {
    const url = (size: number) => `/v1/public/teams?sort=elo&page_size=${size}&order=asc`;
    const readsOfOne = await readsDuring(two, () => two.get(url(5)));
    expect(readsOfOne).toBeGreaterThan(0);
    let answers: LightMyRequestResponse[] = [];
    const reads = await readsDuring(two, async () => {
      answers = await Promise.all(Array.from({ length: 12 }, () => two.get(url(4))));
    });
    expect(reads).toBe(readsOfOne);
    expect(answers.map((a) => a.statusCode)).toEqual(Array(12).fill(200));
    expect(new Set(answers.map((a) => a.body)).size).toBe(1);
  });

  it('makes a write visible on the next read, through the replica that wrote and the other one', async () => {
    const url = team(ids.alpha);
    const trpc = `/trpc/public.team?input=${encodeURIComponent(JSON.stringify({ id: ids.alpha }))}`;
    for (const replica of [one, two]) {
      for (const path of [url, trpc]) {
        await replica.get(path);
        expect((await replica.get(path)).headers['x-cache'], path).toBe('hit');
      }
    }
    const before = (await one.get(url)).json() as { name: string; school_name: string | null; elo: number };
    const write = await one.app.inject({
      method: 'PUT',
      url: `/v1/teams/${ids.alpha}/`,
      headers: { authorization: bearer },
      payload: { name: 'Alpha Renamed', school_name: before.school_name, elo: before.elo },
    });
    expect(write.statusCode).toBe(200);
    // The replica that wrote empties its cache before it answers the write.
    expect((await one.get(url)).json()).toMatchObject({ name: 'Alpha Renamed' });
    // The other hears of it from the database within a second, and drops what it kept.
    await heardWithinASecond(two);
    expect((await two.get(url)).json()).toMatchObject({ name: 'Alpha Renamed' });
    expect(JSON.parse((await two.get(trpc)).body)).toMatchObject({ result: { data: { name: 'Alpha Renamed' } } });
  });

  it('keeps a server-rendered page like a public read: one render for many visitors, a new one after a write', async () => {
    const page = `/teams/${ids.alpha}`;
    const rendered = await one.get(page);
    expect(rendered.statusCode).toBe(200);
    expect(rendered.headers['content-type']).toMatch(/^text\/html/);
    // Kept once no data change notice (a start-up job's write) arrived while it was rendered.
    let first!: LightMyRequestResponse;
    await vi.waitFor(async () => {
      first = await one.get(page);
      expect(first.headers['x-cache']).toBe('hit');
    });
    let second!: LightMyRequestResponse;
    expect(await readsDuring(one, async () => (second = await one.get(page)))).toBe(0);
    expect(second.headers['x-cache']).toBe('hit');
    expect(second.body).toBe(first.body);
    // The page's scripts run by their hashes and its styles by the nonce it was rendered with, so it is kept whole.
    expect(second.headers['content-security-policy']).toBe(first.headers['content-security-policy']);
    expect(second.headers['content-security-policy']).toMatch(/script-src 'self'( 'sha256-[^']+')+;/);
    expect(second.headers['server-timing']).toBeUndefined();
    const renamed = await two.app.inject({ method: 'GET', url: team(ids.alpha) });
    const current = renamed.json() as { name: string; school_name: string | null; elo: number };
    await two.app.inject({
      method: 'PUT',
      url: `/v1/teams/${ids.alpha}/`,
      headers: { authorization: bearer },
      payload: { name: 'Alpha Page Renamed', school_name: current.school_name, elo: current.elo },
    });
    await heardWithinASecond(one);
    const after = await one.get(page);
    expect(after.headers['x-cache']).toBeUndefined();
    expect(after.body).toContain('Alpha Page Renamed');
  });

  it('is not emptied by writes that were refused', async () => {
    const url = '/v1/public/seasons?page_size=2';
    await two.get(url);
    const refused = [
      await two.app.inject({ method: 'PUT', url: `/v1/teams/${ids.alpha}/`, payload: { name: 'Nobody' } }),
      await two.app.inject({ method: 'POST', url: '/trpc/admin.teams.update', payload: { id: ids.alpha, name: 'Nobody' } }),
    ];
    expect(refused.map((answer) => answer.statusCode)).toEqual([401, 401]);
    expect((await two.get(url)).headers['x-cache']).toBe('hit');
  });

  it('is not emptied by a write that changed no data: an anonymous sign-out answers 200 and leaves the cache', async () => {
    const url = '/v1/public/seasons?page_size=4';
    const trpc = `/trpc/public.team?input=${encodeURIComponent(JSON.stringify({ id: ids.beta }))}`;
    for (const path of [url, trpc]) {
      await one.get(path);
      expect((await one.get(path)).headers['x-cache'], path).toBe('hit');
    }
    for (const payload of [{}, { 0: {} }]) {
      const signOut = await one.app.inject({ method: 'POST', url: Object.keys(payload).length ? '/trpc/auth.signOut?batch=1' : '/trpc/auth.signOut', payload });
      expect(signOut.statusCode).toBe(200);
    }
    for (const path of [url, trpc]) expect((await one.get(path)).headers['x-cache'], path).toBe('hit');
    // A write that changes data still empties it before its answer leaves.
    const before = (await one.get(team(ids.beta))).json() as { name: string; school_name: string | null; elo: number };
    const write = await one.app.inject({
      method: 'PUT',
      url: `/v1/teams/${ids.beta}/`,
      headers: { authorization: bearer },
      payload: { name: 'Beta Renamed', school_name: before.school_name, elo: before.elo },
    });
    expect(write.statusCode).toBe(200);
    const after = await one.get(trpc);
    expect(after.headers['x-cache']).toBeUndefined();
    expect(JSON.parse(after.body)).toMatchObject({ result: { data: { name: 'Beta Renamed' } } });
  });

  it('hears writes made outside the server (another process, the CLI)', async () => {
    const url = team(ids.delta);
    await two.get(url);
    expect((await two.get(url)).headers['x-cache']).toBe('hit');
    await database.db.updateTable('teams').set({ name: 'Delta From Elsewhere' }).where('id', '=', ids.delta).execute();
    await heardWithinASecond(two);
    expect((await two.get(url)).json()).toMatchObject({ name: 'Delta From Elsewhere' });
  });
});

describe('the response cache, bounded', () => {
  let database: TestDatabase;

  beforeAll(async () => {
    database = await createTestDatabase();
    await insertLeague(database.db);
  });
  afterAll(async () => {
    await database?.close();
  });

  it('keeps at most its size, dropping the least recently used, however many unknown parameters arrive', async () => {
    const maxBytes = Math.round(0.02 * 1024 * 1024);
    const replica = await startReplica(database, { RESPONSE_CACHE_MAX_MB: '0.02' });
    try {
      const cache = replica.app.responseCache!;
      const url = (n: number) => `/v1/public/seasons?page_size=1&unknown=${n}`;
      const entryBytes = (await replica.get(url(0))).rawPayload.length;
      for (let n = 1; n < 400; n++) expect((await replica.get(url(n))).statusCode).toBe(200);
      expect(cache.stats.bytes).toBeLessThanOrEqual(maxBytes);
      expect(cache.stats.entries).toBeLessThan(400);
      expect(cache.stats.entries).toBeGreaterThan(maxBytes / (entryBytes * 4));
      expect((await replica.get(url(399))).headers['x-cache']).toBe('hit');
      expect((await replica.get(url(0))).headers['x-cache']).toBeUndefined();
    } finally {
      await replica.close();
    }
  });

  it('gives each hit the HSTS of its own request, not of the one that filled the entry', async () => {
    // With PUBLIC_URL the answers do not depend on the request's protocol (pictures are absolute on it), so both share an entry.
    const replica = await startReplica(database, { TRUST_PROXY: 'true', PUBLIC_URL: 'https://campus-elo.test' });
    const hsts = (response: LightMyRequestResponse) => [response.headers['x-cache'], response.headers['strict-transport-security']];
    try {
      const url = '/v1/public/seasons?page_size=2';
      expect(hsts(await replica.get(url, { 'x-forwarded-proto': 'http' }))).toEqual([undefined, undefined]);
      expect(hsts(await replica.get(url, { 'x-forwarded-proto': 'https' }))).toEqual(['hit', 'max-age=31536000; includeSubDomains']);
      expect(hsts(await replica.get(url, { 'x-forwarded-proto': 'http' }))).toEqual(['hit', undefined]);
      const secure = await replica.get('/v1/public/seasons?page_size=3', { 'x-forwarded-proto': 'https' });
      expect(hsts(secure)).toEqual([undefined, 'max-age=31536000; includeSubDomains']);
      expect(hsts(await replica.get('/v1/public/seasons?page_size=3'))).toEqual(['hit', undefined]);
      const revalidated = await replica.get('/v1/public/seasons?page_size=3', { 'x-forwarded-proto': 'https', 'if-none-match': String(secure.headers.etag) });
      expect([revalidated.statusCode, ...hsts(revalidated)]).toEqual([304, 'hit', 'max-age=31536000; includeSubDomains']);
    } finally {
      await replica.close();
    }
  });

  it('stops answering at its front door once the server is closing, leaving Fastify to turn clients away', async () => {
    const replica = await startReplica(database);
    const cache = replica.app.responseCache!;
    await replica.get('/v1/public/seasons');
    expect((await replica.get('/v1/public/seasons')).headers['x-cache']).toBe('hit');
    await replica.close();
    expect(cache.active).toBe(false);
    expect(cache.stats.entries).toBe(0);
  });

  it('is off with RESPONSE_CACHE=off: every read runs its procedure', async () => {
    const replica = await startReplica(database, { RESPONSE_CACHE: 'off' });
    try {
      expect(replica.app.responseCache).toBeUndefined();
      const url = '/v1/public/seasons';
      const first = await replica.get(url);
      const before = replica.reads.count;
      const second = await replica.get(url);
      expect(replica.reads.count).toBeGreaterThan(before);
      expect(second.headers['x-cache']).toBeUndefined();
      // The answers carry the same validators as with the cache.
      expect(second.headers.etag).toBe(first.headers.etag);
      expect((await replica.get(url, { 'if-none-match': first.headers.etag as string })).statusCode).toBe(304);
    } finally {
      await replica.close();
    }
  });
});
