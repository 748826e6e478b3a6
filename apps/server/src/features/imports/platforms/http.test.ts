import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFakeServer, type FakeServer } from '../../../../test-support/fakes';
import { getJson, PlatformError, retryAfterMs, type PlatformHttp } from './http';

let server: FakeServer;
let http: PlatformHttp;
beforeAll(async () => {
  server = await startFakeServer((req) =>
    req.path === '/text' ? { status: 200, body: undefined, headers: { 'content-type': 'text/plain' } } : { status: 200, body: { ok: true, query: req.query.get('q') } },
  );
  http = { platform: 'Faceit', baseUrl: `${server.url}/`, headers: { 'x-test': '1' }, timeoutMs: 2_000 };
});
afterAll(() => server.close());

const failureOf = (promise: Promise<unknown>) => promise.then(() => undefined, (e: unknown) => (e instanceof PlatformError ? e.failure : String(e)));

describe('retryAfterMs', () => {
  it('reads delta-seconds and HTTP dates', () => {
    expect(retryAfterMs('3')).toBe(3_000);
    expect(retryAfterMs('0.5')).toBe(500);
    expect(retryAfterMs('Wed, 21 Oct 2015 07:28:10 GMT', Date.parse('Wed, 21 Oct 2015 07:28:00 GMT'))).toBe(10_000);
    expect(retryAfterMs('Wed, 21 Oct 2015 07:28:00 GMT', Date.parse('Wed, 21 Oct 2015 08:00:00 GMT'))).toBe(0);
    expect(retryAfterMs(null)).toBeUndefined();
    expect(retryAfterMs('soon')).toBeUndefined();
  });
});

describe('getJson', () => {
  it('joins the base and path, sends the headers and the query', async () => {
    expect(await getJson(http, '/thing', { q: 'a b' })).toEqual({ ok: true, query: 'a b' });
    expect(server.requests.at(-1)?.headers['x-test']).toBe('1');
  });

  it('names what went wrong', async () => {
    expect(await failureOf(getJson(http, '/text'))).toBe('failed');
    server.fault({ path: '/missing', status: 404 });
    server.fault({ path: '/locked', status: 403 });
    expect(await failureOf(getJson(http, '/missing'))).toBe('not_found');
    expect(await failureOf(getJson(http, '/locked'))).toBe('rejected');
    expect(await failureOf(getJson({ ...http, baseUrl: 'http://127.0.0.1:9' }, '/x'))).toBe('unreachable');
  });

  it('refuses a Retry-After longer than it is willing to wait', async () => {
    server.fault({ path: '/slow-down', status: 429, retryAfter: '120' });
    const started = Date.now();
    expect(await failureOf(getJson(http, '/slow-down'))).toBe('rate_limited');
    expect(Date.now() - started).toBeLessThan(1_000);
  });
});
