import { request } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createStaffTestApp, type StaffTestApp } from '../features/auth/testing';

let t: StaffTestApp;
let headers: Record<string, string>;
let teamId: string;

beforeAll(async () => {
  t = await createStaffTestApp();
  headers = { ...(await t.browserHeaders(t.admin)), 'content-type': 'application/json' };
  teamId = (await t.database.db.insertInto('teams').values({ name: 'Heavy Hitters' }).returning('id').executeTakeFirstOrThrow()).id;
});
afterAll(() => t.close());

const KB = 1024;
/** A JSON body of about `bytes` bytes: a team edit whose school name carries the weight. */
const teamEdit = (bytes: number, extra: Record<string, unknown> = {}) => JSON.stringify({ name: 'Heavy Hitters', elo: 1000, school_name: 'x'.repeat(bytes), ...extra });

describe('request body limits', () => {
  it('refuses more than 100 KB where no picture or import travels, as {error} with 413', async () => {
    const response = await t.app.inject({ method: 'POST', url: '/v1/seasons/create/', headers, payload: JSON.stringify({ name: 'x'.repeat(101 * KB) }) });
    expect(response.statusCode).toBe(413);
    expect(response.json()).toEqual({ error: 'The request body is larger than 100 KB' });
    // Just under the limit reaches the procedure, which judges the fields.
    const small = await t.app.inject({ method: 'POST', url: '/v1/seasons/create/', headers, payload: JSON.stringify({ name: 'x'.repeat(99 * KB) }) });
    expect(small.statusCode).toBe(400);
  });

  it('takes up to 12 MB where a picture can be uploaded or an import carries its preview', async () => {
    const team = await t.app.inject({ method: 'PUT', url: `/v1/teams/${teamId}/`, headers, payload: teamEdit(2 * 1024 * KB) });
    expect(team.statusCode).not.toBe(413);
    const imported = await t.app.inject({ method: 'POST', url: '/v1/import-matches/', headers, payload: JSON.stringify({ data: { items: [] }, pad: 'x'.repeat(1024 * KB) }) });
    expect(imported.statusCode).toBe(400);
    const tooMuch = await t.app.inject({ method: 'PUT', url: `/v1/teams/${teamId}/`, headers, payload: teamEdit(12 * 1024 * KB + 1) });
    expect(tooMuch.statusCode).toBe(413);
    expect(tooMuch.json()).toEqual({ error: 'The request body is larger than 12 MB' });
  });

  it('applies each procedure its own limit on /trpc, the largest in a batch', async () => {
    const signIn = await t.app.inject({ method: 'POST', url: '/trpc/auth.signIn', headers, payload: JSON.stringify({ email: 'x'.repeat(200 * KB), password: 'p' }) });
    expect(signIn.statusCode).toBe(413);
    expect(signIn.json()).toEqual({ error: 'The request body is larger than 100 KB' });

    const edit = JSON.parse(teamEdit(200 * KB, { id: teamId })) as Record<string, unknown>;
    const update = await t.app.inject({ method: 'POST', url: '/trpc/admin.teams.update', headers, payload: JSON.stringify(edit) });
    expect(update.statusCode).not.toBe(413);

    const batch = await t.app.inject({
      method: 'POST',
      url: '/trpc/auth.signOut,admin.teams.update?batch=1',
      headers,
      payload: JSON.stringify({ 0: null, 1: edit }),
    });
    expect(batch.statusCode).not.toBe(413);
  });

  it('counts a body sent without Content-Length', async () => {
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = t.app.server.address() as AddressInfo;
    const status = await new Promise<{ status: number; body: string }>((resolve, reject) => {
      const req = request({ host: '127.0.0.1', port, method: 'POST', path: '/trpc/auth.signIn', headers: { 'content-type': 'application/json', 'transfer-encoding': 'chunked' } }, (res) => {
        let body = '';
        res.on('data', (chunk: Buffer) => (body += chunk.toString()));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, body }));
      });
      req.on('error', reject);
      req.write('{"email":"');
      for (let i = 0; i < 20; i++) req.write('x'.repeat(10 * KB));
      req.end('","password":"p"}');
    });
    expect(status.status).toBe(413);
    expect(JSON.parse(status.body)).toEqual({ error: 'The request body is larger than 100 KB' });
  });
});
