import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sessionIdOf, validateSessionToken } from './session-store';
import { createStaffTestApp, type StaffTestApp } from './testing';

let t: StaffTestApp;
beforeAll(async () => {
  t = await createStaffTestApp();
});
afterAll(() => t.close());

const DAY = 24 * 60 * 60 * 1000;
const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');

describe('stored sessions', () => {
  it('keeps only the SHA-256 of a cookie or a token, never the value itself', async () => {
    const cookie = (await t.cookieFor(t.admin)).split('=')[1]!;
    const token = await t.tokenFor(t.owner);
    const stored = (await t.database.db.selectFrom('sessions').select('id').execute()).map((row) => row.id);
    expect(stored).not.toContain(cookie);
    expect(stored).not.toContain(token);
    expect(stored).toEqual(expect.arrayContaining([sha256(cookie), sha256(token)]));
  });

  it('does not take a stored value as a token: a copy of the table signs nobody in', async () => {
    await t.tokenFor(t.admin);
    const stored = await t.database.db.selectFrom('sessions').select('id').execute();
    for (const { id } of stored) {
      const response = await t.app.inject({ method: 'GET', url: '/v1/teams/', headers: { authorization: `Bearer ${id}` } });
      expect(response.statusCode).toBe(401);
    }
  });
});

describe('sliding expiry', () => {
  it('moves a session forward once half of its 30 days have passed, and sends the cookie again', async () => {
    const token = (await t.cookieFor(t.admin)).split('=')[1]!;
    const id = sessionIdOf(token);
    const inTenDays = new Date(Date.now() + 10 * DAY);
    await t.database.db.updateTable('sessions').set({ expires_at: inTenDays }).where('id', '=', id).execute();
    const me = await t.app.inject({ method: 'GET', url: '/trpc/auth.me', headers: { cookie: `auth_session=${token}` } });
    const renewed = me.cookies.find((c) => c.name === 'auth_session')!;
    expect(renewed.value).toBe(token);
    expect(renewed.httpOnly).toBe(true);
    const stored = await t.database.db.selectFrom('sessions').select('expires_at').where('id', '=', id).executeTakeFirstOrThrow();
    expect(new Date(stored.expires_at).getTime()).toBeGreaterThan(Date.now() + 29 * DAY);
    // A session with more than half its time left is not touched.
    const again = await t.app.inject({ method: 'GET', url: '/trpc/auth.me', headers: { cookie: `auth_session=${token}` } });
    expect(again.cookies.filter((c) => c.name === 'auth_session')).toHaveLength(0);
  });

  it('ends an expired session and deletes its row', async () => {
    const token = await t.tokenFor(t.admin);
    const id = sessionIdOf(token);
    await t.database.db.updateTable('sessions').set({ expires_at: new Date(Date.now() - 1000) }).where('id', '=', id).execute();
    expect(await validateSessionToken(t.database.db, token)).toBeNull();
    expect(await t.database.db.selectFrom('sessions').select('id').where('id', '=', id).execute()).toEqual([]);
  });
});
