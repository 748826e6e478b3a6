import { createTestDatabase, type TestDatabase } from '@campus-elo/db';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { buildApp } from '../app';
import { loadConfig } from '../config';
import { createUser } from '../features/auth/users';

const OTHER_SITE = 'https://partner.example';
const STAFF = { email: 'cors@staff.test', password: 'cors test password' };

let database: TestDatabase;
let app: FastifyInstance;
let token: string;

beforeAll(async () => {
  database = await createTestDatabase();
  await database.db.insertInto('media').values({ key: 'teams/x/logo.svg', content_type: 'image/svg+xml', bytes: Buffer.from('<svg/>'), size: 6 }).execute();
  await createUser(database.db, { ...STAFF, role: 'owner' });
  // With the database's notices, so the response cache is on (as in production).
  app = await buildApp({ db: database.db, config: loadConfig({ LOG_LEVEL: 'silent' }), logger: false, listen: database.listen });
  await vi.waitFor(() => expect(app.responseCache?.active).toBe(true));
  const signIn = await app.inject({ method: 'POST', url: '/v1/auth/token', payload: STAFF });
  token = signIn.json().token;
});
afterAll(async () => {
  await app?.close();
  await database?.close();
});

const corsHeaders = (response: LightMyRequestResponse) =>
  Object.fromEntries(Object.entries(response.headers).filter(([name]) => name.startsWith('access-control-')));
const varyOf = (response: LightMyRequestResponse) => String(response.headers.vary ?? '').toLowerCase();

const PUBLIC_READS = ['/v1/public/teams', '/v1/public/seasons?page=1', '/v1/openapi.json', '/media/teams/x/logo.svg', '/feeds/matches.ics', '/feeds/news.xml'];

describe('CORS on public reads', () => {
  it.each(PUBLIC_READS)('answers a preflight of %s with 204, any origin and no credentials', async (url) => {
    const response = await app.inject({
      method: 'OPTIONS',
      url,
      headers: { origin: OTHER_SITE, 'access-control-request-method': 'GET', 'access-control-request-headers': 'if-none-match' },
    });
    expect(response.statusCode).toBe(204);
    expect(response.headers['access-control-allow-origin']).toBe('*');
    expect(response.headers['access-control-allow-methods']).toBe('GET, HEAD, OPTIONS');
    expect(response.headers['access-control-allow-headers']).toBe('if-none-match');
    expect(response.headers['access-control-allow-credentials']).toBeUndefined();
  });

  it('answers OPTIONS /v1/public/teams without preflight headers with 204 too (it answered 404)', async () => {
    const response = await app.inject({ method: 'OPTIONS', url: '/v1/public/teams' });
    expect(response.statusCode).toBe(204);
    expect(response.headers['access-control-allow-origin']).toBe('*');
  });

  it.each(PUBLIC_READS)('lets another origin read GET and HEAD %s, without credentials and without Vary: Origin', async (url) => {
    for (const method of ['GET', 'HEAD'] as const) {
      const response = await app.inject({ method, url, headers: { origin: OTHER_SITE } });
      expect(response.statusCode).toBe(200);
      expect(corsHeaders(response)).toEqual({ 'access-control-allow-origin': '*' });
      expect(varyOf(response)).not.toContain('origin');
    }
  });

  it('keeps and replays the same CORS headers from the response cache', async () => {
    const url = '/v1/public/teams?sort=name';
    const first = await app.inject({ method: 'GET', url, headers: { origin: OTHER_SITE } });
    const hit = await app.inject({ method: 'GET', url, headers: { origin: 'https://another.example' } });
    const withoutOrigin = await app.inject({ method: 'GET', url });
    expect(first.headers['x-cache']).toBeUndefined();
    expect(hit.headers['x-cache']).toBe('hit');
    for (const response of [first, hit, withoutOrigin]) {
      expect(corsHeaders(response)).toEqual({ 'access-control-allow-origin': '*' });
      expect(varyOf(response)).toBe('accept-encoding');
    }
    const notModified = await app.inject({ method: 'GET', url, headers: { origin: OTHER_SITE, 'if-none-match': String(first.headers.etag) } });
    expect(notModified.statusCode).toBe(304);
    expect(notModified.headers['x-cache']).toBe('hit');
    expect(corsHeaders(notModified)).toEqual({ 'access-control-allow-origin': '*' });
  });
});

describe('staff paths stay same-origin', () => {
  it('answers a preflight of a staff path 404 without Allow-Origin', async () => {
    for (const [url, method] of [
      ['/v1/teams/', 'GET'],
      ['/v1/seasons/create/', 'POST'],
      ['/v1/auth/token', 'POST'],
      ['/trpc/admin.teams.list', 'GET'],
    ] as const) {
      const response = await app.inject({ method: 'OPTIONS', url, headers: { origin: OTHER_SITE, 'access-control-request-method': method } });
      expect(response.statusCode, url).not.toBe(204);
      expect(corsHeaders(response), url).toEqual({});
    }
  });

  it('sends no CORS header on staff answers, signed in or not', async () => {
    const signedIn = await app.inject({ method: 'GET', url: '/v1/teams/', headers: { origin: OTHER_SITE, authorization: `Bearer ${token}` } });
    expect(signedIn.statusCode).toBe(200);
    const anonymous = await app.inject({ method: 'GET', url: '/v1/teams/', headers: { origin: OTHER_SITE } });
    expect(anonymous.statusCode).toBe(401);
    const signInAttempt = await app.inject({ method: 'POST', url: '/v1/auth/token', headers: { origin: OTHER_SITE }, payload: { email: 'x@y.test', password: 'nope nope' } });
    for (const response of [signedIn, anonymous, signInAttempt]) {
      expect(corsHeaders(response)).toEqual({});
      expect(varyOf(response)).not.toContain('origin');
    }
  });

  it('still refuses a cookie write from another origin (the CSRF rule)', async () => {
    const response = await app.inject({
      method: 'POST',
      url: '/v1/seasons/create/',
      headers: { origin: OTHER_SITE, cookie: `auth_session=${token}` },
      payload: { name: 'From elsewhere', start_date: '2030-01-01', end_date: '2030-02-01' },
    });
    expect(response.statusCode).toBe(403);
    expect(corsHeaders(response)).toEqual({});
  });

  it('leaves unknown paths and pages without CORS headers', async () => {
    for (const url of ['/v1/public/no-such-thing', '/', '/teams/x']) {
      const response = await app.inject({ method: 'GET', url, headers: { origin: OTHER_SITE } });
      expect(corsHeaders(response), url).toEqual({});
    }
  });
});

describe('pictures as absolute URLs without PUBLIC_URL', () => {
  it("answers them on the request's own origin, and the response cache never gives one host another's", async () => {
    await database.db.insertInto('teams').values({ name: 'Logo Team', picture: '/media/teams/x/logo.svg', elo: 1000 }).execute();
    const url = '/v1/public/teams?name=logo';
    const pictureFor = async (host: string) => {
      const response = await app.inject({ method: 'GET', url, headers: { host, origin: OTHER_SITE } });
      return [response.headers['x-cache'] ?? 'miss', response.json().results[0].picture];
    };
    // The insert's change notice empties the cache when it arrives: wait until a.example's answer is kept.
    await vi.waitFor(async () => expect(await pictureFor('a.example')).toEqual(['hit', 'http://a.example/media/teams/x/logo.svg']));
    expect(await pictureFor('b.example')).toEqual(['miss', 'http://b.example/media/teams/x/logo.svg']);
    expect(await pictureFor('b.example')).toEqual(['hit', 'http://b.example/media/teams/x/logo.svg']);
    expect(await pictureFor('a.example')).toEqual(['hit', 'http://a.example/media/teams/x/logo.svg']);
    // The web app, on this origin, keeps the path.
    const trpc = await app.inject({ method: 'GET', url: `/trpc/public.teams?input=${encodeURIComponent(JSON.stringify({ name: 'logo' }))}` });
    expect(trpc.json().result.data.results[0].picture).toBe('/media/teams/x/logo.svg');
  });
});
