import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createStaffTestApp, type StaffTestApp } from '../features/auth/testing';

let t: StaffTestApp;
let headers: Record<string, string>;
let teamId: string;

beforeAll(async () => {
  t = await createStaffTestApp();
  // A plain route that fails the way a bug would, with text no client may see.
  t.app.get('/test/fails', async () => {
    throw new Error('relation "secret_table" does not exist');
  });
  headers = await t.browserHeaders(t.admin);
  teamId = (await t.database.db.insertInto('teams').values({ name: 'Null Island' }).returning('id').executeTakeFirstOrThrow()).id;
});
afterAll(() => t.close());

/** Every error answer is {error} (and issues for invalid input), never Fastify's own shape. */
function expectErrorShape(body: unknown) {
  expect(body).toEqual(expect.objectContaining({ error: expect.any(String) }));
  expect(Object.keys(body as object).filter((key) => key !== 'error' && key !== 'issues')).toEqual([]);
}

describe('error answers', () => {
  it.each(['/media/teams/%00', '/media/teams/a%00b.png', '/media/..%2f..%2fetc', `/media/${'x'.repeat(300)}`])('GET %s answers 400 before touching the database', async (url) => {
    const response = await t.app.inject({ method: 'GET', url });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ error: 'Invalid picture key' });
  });

  it('answers 404 for a well-formed key that names no picture', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/media/teams/none/1.png' });
    expect(response.statusCode).toBe(404);
    expectErrorShape(response.json());
  });

  it('answers 400 for a NUL character in an edited team name, on both doors', async () => {
    const rest = await t.app.inject({ method: 'PUT', url: `/v1/teams/${teamId}/`, headers, payload: { name: 'Null\u0000Island', elo: 1000 } });
    expect(rest.statusCode).toBe(400);
    // The contract's one text rule refuses it before the database sees it (api-contract text-rules).
    expect(rest.json()).toMatchObject({ error: expect.stringContaining('control characters'), issues: [{ path: ['name'] }] });
    const trpc = await t.app.inject({ method: 'POST', url: '/trpc/admin.teams.update', headers, payload: { id: teamId, name: 'Null\u0000Island', elo: 1000 } });
    expect(trpc.statusCode).toBe(400);
    expect(trpc.body).not.toMatch(/0x00|invalid byte sequence|UTF8/);
  });

  it.each(['/media/%zz', '/%zz', '/v1/public/teams%zz'])('answers a malformed URL %s with 400 {error}', async (url) => {
    const response = await t.app.inject({ method: 'GET', url });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ error: 'The URL is malformed' });
  });

  it('answers JSON that does not parse with 400 {error} on /v1', async () => {
    const response = await t.app.inject({ method: 'POST', url: '/v1/auth/token', headers: { 'content-type': 'application/json' }, payload: '{bad' });
    expect(response.statusCode).toBe(400);
    expectErrorShape(response.json());
  });

  it('answers an unexpected failure of a plain route as a bare internal error', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/test/fails' });
    expect(response.statusCode).toBe(500);
    expect(response.json()).toEqual({ error: 'Internal server error' });
  });
});
