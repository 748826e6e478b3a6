import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { addressKey, admitSignInAttempt, FAILURES_PER_ACCOUNT, MAX_SLOWDOWN_MS, slowdownMs } from './rate-limit';
import { SECOND_FACTOR_ONLY_MESSAGE } from './sign-in';
import { createStaffTestApp, type StaffTestApp } from './testing';

/**
 * The sign-in limits over real HTTP on the test database (PostgreSQL with DATABASE_URL,
 * else PGlite): parallel attempts must count, and nobody may lock a staff member out from
 * another address.
 */

let t: StaffTestApp;
let url: string;

beforeAll(async () => {
  // Behind a proxy, so each request can say which address it comes from.
  t = await createStaffTestApp({ TRUST_PROXY: 'true' });
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  url = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
});
afterAll(() => t.close());
beforeEach(() => t.database.db.deleteFrom('login_attempts').execute());

/** The scripts' door, POST /v1/auth/token: it shares the limits with the browser's auth.signIn. */
async function signIn(email: string, password: string, address: string): Promise<Response> {
  return fetch(`${url}/v1/auth/token`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-forwarded-for': address },
    body: JSON.stringify({ email, password }),
  });
}

function countStatuses(responses: Response[]): Record<number, number> {
  const counts: Record<number, number> = {};
  for (const response of responses) counts[response.status] = (counts[response.status] ?? 0) + 1;
  return counts;
}

describe('parallel wrong passwords', () => {
  it('checks only 10 of 150 parallel wrong passwords for one email from one address; the rest get 429', async () => {
    const responses = await Promise.all(Array.from({ length: 150 }, (_, i) => signIn(t.owner.email, `wrong ${i}`, '10.9.0.1')));
    const counts = countStatuses(responses);
    console.info(`150 parallel wrong passwords: ${counts[401] ?? 0} checked (401), ${counts[429] ?? 0} refused (429)`);
    expect(counts).toEqual({ 401: 10, 429: 140 });
    const refused = responses.find((response) => response.status === 429)!;
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
    // Locked: the right password from that address is refused too, until the window passes.
    expect((await signIn(t.owner.email, t.owner.password, '10.9.0.1')).status).toBe(429);
  });

  it('checks only 30 of 150 parallel attempts from one address across many emails', async () => {
    const responses = await Promise.all(Array.from({ length: 150 }, (_, i) => signIn(`guess${i}@staff.test`, 'wrong', '10.9.0.2')));
    expect(countStatuses(responses)).toEqual({ 401: 30, 429: 120 });
  });
});

describe('failures for one account spread over many addresses', () => {
  it('checks exactly 20 passwords for one account from 50 parallel addresses, then refuses a password alone, the owner\'s too, and says how to get in', async () => {
    const responses = await Promise.all(Array.from({ length: 50 }, (_, i) => signIn(t.owner.email, `wrong ${i}`, `10.8.${i}.1`)));
    expect(countStatuses(responses)).toEqual({ 401: FAILURES_PER_ACCOUNT, 429: 50 - FAILURES_PER_ACCOUNT });
    const own = await signIn(t.owner.email, t.owner.password, '10.8.200.1');
    expect(own.status).toBe(429);
    expect(await own.json()).toEqual({ error: SECOND_FACTOR_ONLY_MESSAGE });
    // Another account is not touched.
    expect((await signIn(t.admin.email, t.admin.password, '10.8.200.1')).status).toBe(200);
  });

  it('counts IPv6 addresses of one /64 as one address', async () => {
    const guesses = await Promise.all(Array.from({ length: 10 }, (_, i) => signIn(t.admin.email, 'wrong', `2001:db8:1:2::${(i + 1).toString(16)}`)));
    expect(countStatuses(guesses)).toEqual({ 401: 10 });
    expect((await signIn(t.admin.email, t.admin.password, '2001:db8:1:2:ffff::9')).status).toBe(429);
    expect((await signIn(t.admin.email, t.admin.password, '2001:db8:1:3::1')).status).toBe(200);
    expect(addressKey('2001:db8:1:2:aaaa:bbbb:cccc:dddd')).toBe('2001:db8:1:2::/64');
    expect(addressKey('::ffff:10.1.2.3')).toBe('10.1.2.3');
  });
});

describe('slowing down failures for one email across addresses', () => {
  it('holds answers longer as failures grow: nothing for the first 5, then doubling up to 4 seconds', () => {
    expect(Array.from({ length: 12 }, (_, failures) => slowdownMs(failures))).toEqual([0, 0, 0, 0, 0, 250, 500, 1000, 2000, 4000, 4000, 4000]);
    expect(slowdownMs(10_000)).toBe(MAX_SLOWDOWN_MS);
  });

  it('counts failures from every address toward the slow-down of an attempt from a new one', async () => {
    for (let i = 0; i < 6; i += 1) expect(await admitSignInAttempt(t.database.db, t.admin.email, `10.7.0.${i}`)).toMatchObject({ admitted: true });
    expect(await admitSignInAttempt(t.database.db, t.admin.email.toUpperCase(), '10.7.1.1')).toMatchObject({ admitted: true, delayMs: slowdownMs(6) });
    expect(await admitSignInAttempt(t.database.db, t.owner.email, '10.7.1.1')).toMatchObject({ admitted: true, delayMs: 0 });
  });
});
