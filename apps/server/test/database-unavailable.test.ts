import { createDatabase, type DatabaseHandle } from '@campus-elo/db';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app';
import { loadConfig } from '../src/config';
import getPort from 'get-port';

/**
 * The app over a PostgreSQL address where nothing listens: every route that needs the
 * database answers 503 with Retry-After, on REST and tRPC alike, over real HTTP with
 * compression negotiated as browsers do. (database-restart.test.ts covers a real outage.)
 */
describe('with the database unreachable', () => {
  let handle: DatabaseHandle;
  let app: FastifyInstance;
  let baseUrl: string;

  beforeAll(async () => {
    handle = createDatabase({ databaseUrl: `postgres://postgres@127.0.0.1:${await getPort({ host: '127.0.0.1' })}/campus` });
    app = await buildApp({ db: handle.db, config: loadConfig({ LOG_LEVEL: 'silent' }), logger: false });
    await app.listen({ port: 0, host: '127.0.0.1' });
    const address = app.server.address();
    baseUrl = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
  });
  afterAll(async () => {
    await app?.close();
    await handle?.close();
  });

  const get = async (path: string, headers: Record<string, string> = {}) => {
    const response = await fetch(baseUrl + path, { headers: { 'accept-encoding': 'gzip, deflate, br', ...headers } });
    return { status: response.status, retryAfter: response.headers.get('retry-after'), body: (await response.json()) as any };
  };
  const unavailable = { error: 'The database is unavailable right now; try again shortly' };

  it('answers 503 with Retry-After on REST, for public reads and signed-in writes', async () => {
    expect(await get('/v1/public/teams?page_size=5')).toEqual({ status: 503, retryAfter: '1', body: unavailable });
    const write = await fetch(`${baseUrl}/v1/teams/5b0c1c34-6c0a-4f55-9d2e-8a0a8f0c9a11/`, {
      method: 'PUT',
      headers: { authorization: 'Bearer some-session-token', 'content-type': 'application/json' },
      body: JSON.stringify({ name: 'Owls', elo: 1000 }),
    });
    expect(write.status).toBe(503);
    expect(write.headers.get('retry-after')).toBe('1');
    expect(await write.json()).toEqual(unavailable);
  });

  it('answers 503 SERVICE_UNAVAILABLE with Retry-After on tRPC, in procedures and in the session lookup', async () => {
    const input = encodeURIComponent(JSON.stringify({ page_size: 5 }));
    const withSession: Record<string, string> = { authorization: 'Bearer some-session-token' };
    for (const headers of [{}, withSession]) {
      const answer = await get(`/trpc/public.teams?input=${input}`, headers);
      expect(answer.status).toBe(503);
      expect(answer.retryAfter).toBe('1');
      expect(answer.body.error).toMatchObject({ message: unavailable.error, data: { code: 'SERVICE_UNAVAILABLE', httpStatus: 503 } });
    }
  });

  it('answers /healthz 503', async () => {
    expect(await get('/healthz')).toMatchObject({ status: 503, body: { status: 'unavailable' } });
  });

  it('keeps tRPC status codes when the answer is compressed', async () => {
    const answer = await get('/trpc/admin.teams.get');
    expect(answer.status).toBe(401);
    expect(answer.body.error.data.code).toBe('UNAUTHORIZED');
  });
});
