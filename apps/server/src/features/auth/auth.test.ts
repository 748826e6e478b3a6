import { INVALID_CREDENTIALS_MESSAGE } from '@campus-elo/api-contract';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { sessionIdOf } from './session-store';
import { createStaffTestApp, TEST_ORIGIN, type StaffTestApp } from './testing';

let t: StaffTestApp;
let teamId: string;

beforeAll(async () => {
  // As deployed behind a TLS-terminating proxy, so X-Forwarded-Proto counts.
  t = await createStaffTestApp({ TRUST_PROXY: 'true' });
  const team = await t.database.db.insertInto('teams').values({ name: 'Origin Owls', elo: 1200 }).returning('id').executeTakeFirstOrThrow();
  teamId = team.id;
});
afterAll(() => t.close());

/** tRPC over HTTP, the way the browser's client calls it (no batching). */
function trpcMutation(path: string, input: unknown, headers: Record<string, string> = {}, remoteAddress?: string) {
  return t.app.inject({ method: 'POST', url: `/trpc/${path}`, headers: { origin: TEST_ORIGIN, ...headers }, payload: input as object, remoteAddress });
}
function trpcQuery(path: string, headers: Record<string, string> = {}) {
  return t.app.inject({ method: 'GET', url: `/trpc/${path}`, headers });
}
function errorMessage(response: { json(): unknown }): string {
  return (response.json() as { error: { message: string } }).error.message;
}

describe('sign-in and sign-out', () => {
  it('signs in with the right password: an httpOnly, SameSite=Lax cookie that me() recognises', async () => {
    const response = await trpcMutation('auth.signIn', { email: t.admin.email, password: t.admin.password });
    expect(response.statusCode).toBe(200);
    const cookie = response.cookies.find((c) => c.name === 'auth_session')!;
    expect(cookie.httpOnly).toBe(true);
    expect(String(cookie.sameSite).toLowerCase()).toBe('lax');
    expect(cookie.secure).toBeFalsy();
    expect(cookie.path).toBe('/');
    const me = await trpcQuery('auth.me', { cookie: `auth_session=${cookie.value}` });
    expect(me.json()).toMatchObject({ result: { data: { email: t.admin.email, role: 'admin' } } });
  });

  it('marks the cookie Secure behind https', async () => {
    const response = await trpcMutation(
      'auth.signIn',
      { email: t.admin.email, password: t.admin.password },
      { 'x-forwarded-proto': 'https', origin: 'https://localhost' },
    );
    expect(response.statusCode).toBe(200);
    expect(response.cookies.find((c) => c.name === 'auth_session')!.secure).toBe(true);
  });

  it('matches the email in any case', async () => {
    const response = await trpcMutation('auth.signIn', { email: t.admin.email.toUpperCase(), password: t.admin.password });
    expect(response.statusCode).toBe(200);
  });

  it('answers a visitor with null', async () => {
    const me = await trpcQuery('auth.me');
    expect(me.json()).toMatchObject({ result: { data: null } });
  });

  it('signs out: the session is gone on the server, not only the cookie', async () => {
    const cookie = await t.cookieFor(t.owner);
    const sessionId = sessionIdOf(cookie.split('=')[1]!);
    expect(await t.database.db.selectFrom('sessions').select('id').where('id', '=', sessionId).executeTakeFirst()).toBeDefined();
    const out = await trpcMutation('auth.signOut', {}, { cookie });
    expect(out.statusCode).toBe(200);
    expect(out.cookies.find((c) => c.name === 'auth_session')!.value).toBe('');
    expect(await t.database.db.selectFrom('sessions').select('id').where('id', '=', sessionId).executeTakeFirst()).toBeUndefined();
    // The old cookie, replayed, is a visitor's.
    const me = await trpcQuery('auth.me', { cookie });
    expect(me.json()).toMatchObject({ result: { data: null } });
    const write = await t.app.inject({ method: 'PUT', url: `/v1/teams/${teamId}/`, headers: { cookie, origin: TEST_ORIGIN }, payload: { name: 'X', elo: 1 } });
    expect(write.statusCode).toBe(401);
  });

  it('refuses a wrong password and an unknown email with the same words and status', async () => {
    const wrongPassword = await trpcMutation('auth.signIn', { email: t.admin.email, password: 'not the password' }, {}, '10.0.0.1');
    const unknownEmail = await trpcMutation('auth.signIn', { email: 'nobody@staff.test', password: 'not the password' }, {}, '10.0.0.1');
    expect(wrongPassword.statusCode).toBe(401);
    expect(unknownEmail.statusCode).toBe(401);
    expect(errorMessage(wrongPassword)).toBe(INVALID_CREDENTIALS_MESSAGE);
    expect(errorMessage(unknownEmail)).toBe(INVALID_CREDENTIALS_MESSAGE);
    expect(wrongPassword.cookies).toHaveLength(0);
  });

  it('refuses a malformed email or an empty password with 400 before checking anything', async () => {
    expect((await trpcMutation('auth.signIn', { email: 'not-an-email', password: 'x' })).statusCode).toBe(400);
    expect((await trpcMutation('auth.signIn', { email: t.admin.email, password: '' })).statusCode).toBe(400);
    expect((await t.app.inject({ method: 'POST', url: '/v1/auth/token', payload: { email: t.admin.email } })).statusCode).toBe(400);
  });
});

describe('tokens for scripts', () => {
  it('POST /v1/auth/token answers a token (and no cookie) that works as a Bearer token', async () => {
    const response = await t.app.inject({ method: 'POST', url: '/v1/auth/token', payload: { email: t.admin.email, password: t.admin.password } });
    expect(response.statusCode).toBe(200);
    expect(response.cookies).toHaveLength(0);
    const { token, expires_at } = response.json() as { token: string; expires_at: string };
    expect(token.length).toBeGreaterThan(20);
    expect(Date.parse(expires_at)).toBeGreaterThan(Date.now());
    const list = await t.app.inject({ method: 'GET', url: '/v1/teams/', headers: { authorization: `Bearer ${token}` } });
    expect(list.statusCode).toBe(200);
    // Bearer writes need no Origin: browsers never attach the header by themselves.
    const write = await t.app.inject({
      method: 'PUT',
      url: `/v1/teams/${teamId}/`,
      headers: { authorization: `Bearer ${token}` },
      payload: { name: 'Origin Owls', elo: 1200 },
    });
    expect(write.statusCode).toBe(200);
  });

  it('answers 401 with a wrong password, and for a made-up token', async () => {
    const response = await t.app.inject({ method: 'POST', url: '/v1/auth/token', payload: { email: t.admin.email, password: 'nope' } });
    expect(response.statusCode).toBe(401);
    expect(response.json()).toEqual({ error: INVALID_CREDENTIALS_MESSAGE });
    const list = await t.app.inject({ method: 'GET', url: '/v1/teams/', headers: { authorization: 'Bearer made-up-token' } });
    expect(list.statusCode).toBe(401);
    expect(list.json()).toHaveProperty('error');
  });

  it('signs a token out through auth.signOut', async () => {
    const token = await t.tokenFor(t.admin);
    const out = await t.app.inject({ method: 'POST', url: '/trpc/auth.signOut', headers: { authorization: `Bearer ${token}` }, payload: {} });
    expect(out.statusCode).toBe(200);
    const list = await t.app.inject({ method: 'GET', url: '/v1/teams/', headers: { authorization: `Bearer ${token}` } });
    expect(list.statusCode).toBe(401);
  });
});

describe('rate limit of failed sign-ins', () => {
  beforeEach(() => t.database.db.deleteFrom('login_attempts').execute());

  it('answers 429 with Retry-After after 10 failures for one email from one address, even with the right password', async () => {
    const failures = await Promise.all(
      Array.from({ length: 10 }, (_, i) => trpcMutation('auth.signIn', { email: t.owner.email, password: `wrong ${i}` }, {}, '10.1.0.1')),
    );
    expect(failures.map((response) => response.statusCode)).toEqual(Array(10).fill(401));
    const blocked = await trpcMutation('auth.signIn', { email: t.owner.email, password: t.owner.password }, {}, '10.1.0.1');
    expect(blocked.statusCode).toBe(429);
    const retryAfter = Number(blocked.headers['retry-after']);
    expect(retryAfter).toBeGreaterThan(14 * 60);
    expect(retryAfter).toBeLessThanOrEqual(15 * 60);
    // The REST door shares the limit.
    const token = await t.app.inject({
      method: 'POST',
      url: '/v1/auth/token',
      payload: { email: t.owner.email, password: t.owner.password },
      remoteAddress: '10.1.0.1',
    });
    expect(token.statusCode).toBe(429);
    expect(token.headers['retry-after']).toBeDefined();
    // Other staff at that address, and the owner elsewhere, are not locked out.
    expect((await trpcMutation('auth.signIn', { email: t.admin.email, password: t.admin.password }, {}, '10.1.0.1')).statusCode).toBe(200);
    expect((await trpcMutation('auth.signIn', { email: t.owner.email, password: t.owner.password }, {}, '10.1.1.1')).statusCode).toBe(200);
    // Once the window has passed, the owner may try again from that address.
    await t.database.db.updateTable('login_attempts').set({ created_at: new Date(Date.now() - 16 * 60 * 1000) }).execute();
    expect((await trpcMutation('auth.signIn', { email: t.owner.email, password: t.owner.password }, {}, '10.1.0.1')).statusCode).toBe(200);
  });

  it('answers 429 after 30 failures from one address, whatever the email', async () => {
    for (let i = 0; i < 30; i += 1) {
      const response = await trpcMutation('auth.signIn', { email: `guess${i}@staff.test`, password: 'wrong' }, {}, '10.2.0.1');
      expect(response.statusCode).toBe(401);
    }
    const blocked = await trpcMutation('auth.signIn', { email: t.admin.email, password: t.admin.password }, {}, '10.2.0.1');
    expect(blocked.statusCode).toBe(429);
    expect(Number(blocked.headers['retry-after'])).toBeGreaterThan(0);
    expect((await trpcMutation('auth.signIn', { email: t.admin.email, password: t.admin.password }, {}, '10.2.0.2')).statusCode).toBe(200);
  });
});

describe('cookie-authenticated writes must come from the site itself', () => {
  const update = (headers: Record<string, string>) =>
    t.app.inject({ method: 'PUT', url: `/v1/teams/${teamId}/`, headers, payload: { name: 'Origin Owls', elo: 1300 } });

  it('refuses a write from another origin with 403, and one with no Origin or Referer', async () => {
    const cookie = await t.cookieFor(t.admin);
    const foreign = await update({ cookie, origin: 'https://evil.example' });
    expect(foreign.statusCode).toBe(403);
    expect(foreign.json()).toEqual({ error: 'Cross-origin request refused' });
    expect((await update({ cookie, referer: 'https://evil.example/page' })).statusCode).toBe(403);
    expect((await update({ cookie })).statusCode).toBe(403);
    const trpc = await t.app.inject({
      method: 'POST',
      url: '/trpc/admin.teams.update',
      headers: { cookie, origin: 'https://evil.example' },
      payload: { id: teamId, name: 'Hacked', elo: 0 },
    });
    expect(trpc.statusCode).toBe(403);
    const team = await t.database.db.selectFrom('teams').select('name').where('id', '=', teamId).executeTakeFirstOrThrow();
    expect(team.name).toBe('Origin Owls');
  });

  it('refuses Origin: null as foreign, even with a same-origin Referer', async () => {
    const cookie = await t.cookieFor(t.admin);
    const eloNow = async () => (await t.database.db.selectFrom('teams').select('elo').where('id', '=', teamId).executeTakeFirstOrThrow()).elo;
    const before = await eloNow();
    // Browsers send `null` from sandboxed frames, data: URLs and some redirects: never the site itself.
    const sandboxed = await update({ cookie, origin: 'null', referer: `${TEST_ORIGIN}/admin` });
    expect(sandboxed.statusCode).toBe(403);
    expect(sandboxed.json()).toEqual({ error: 'Cross-origin request refused' });
    expect(await eloNow()).toBe(before);
  });

  it('accepts a write from the request’s own origin, from PUBLIC_URL, or with a same-site Referer', async () => {
    const cookie = await t.cookieFor(t.admin);
    expect((await update({ cookie, origin: TEST_ORIGIN })).statusCode).toBe(200);
    expect((await update({ cookie, referer: `${TEST_ORIGIN}/admin` })).statusCode).toBe(200);
    const behindProxy = await createStaffTestApp({ PUBLIC_URL: 'https://league.example' });
    try {
      const proxied = await behindProxy.cookieFor(behindProxy.admin);
      const team = await behindProxy.database.db.insertInto('teams').values({ name: 'Proxy Pumas' }).returning('id').executeTakeFirstOrThrow();
      const write = await behindProxy.app.inject({
        method: 'PUT',
        url: `/v1/teams/${team.id}/`,
        headers: { cookie: proxied, origin: 'https://league.example' },
        payload: { name: 'Proxy Pumas', elo: 1 },
      });
      expect(write.statusCode).toBe(200);
    } finally {
      await behindProxy.close();
    }
  });

  it('lets cookie reads through from anywhere (they change nothing)', async () => {
    const cookie = await t.cookieFor(t.admin);
    const read = await t.app.inject({ method: 'GET', url: '/v1/teams/', headers: { cookie, origin: 'https://evil.example' } });
    expect(read.statusCode).toBe(200);
  });
});
