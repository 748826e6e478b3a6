import { createHash } from 'node:crypto';
import {
  INVALID_TWO_FACTOR_CODE_MESSAGE,
  TWO_FACTOR_CODE_REQUIRED_MESSAGE,
  TWO_FACTOR_SETUP_REQUIRED_MESSAGE,
  type TwoFactorEnrolment,
} from '@campus-elo/api-contract';
import { sql } from 'kysely';
import { Secret, TOTP } from 'otpauth';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { cliCommands } from '../../cli-commands';
import { loadConfig } from '../../config';
import { resetTwoFactor } from './two-factor';
import { FAILURES_PER_ACCOUNT } from './rate-limit';
import { createStaffTestApp, TEST_ORIGIN, type StaffTestApp, type TestStaffMember } from './testing';

let t: StaffTestApp;
beforeAll(async () => {
  t = await createStaffTestApp();
});
afterAll(() => t.close());
beforeEach(async () => {
  await t.database.db.deleteFrom('login_attempts').execute();
  await t.database.db.updateTable('security_settings').set({ two_factor_required: false }).execute();
  await t.database.db.deleteFrom('totp_credentials').execute();
  await t.database.db.deleteFrom('recovery_codes').execute();
});

interface TrpcAnswer<T = unknown> {
  status: number;
  data: T;
  error: { message: string; data: { code: string } } | undefined;
  cookie: string | undefined;
}

async function call<T>(path: string, input: unknown, headers: Record<string, string>, method: 'GET' | 'POST' = 'POST'): Promise<TrpcAnswer<T>> {
  const response = await t.app.inject({
    method,
    url: `/trpc/${path}`,
    headers: { origin: TEST_ORIGIN, ...headers },
    payload: method === 'POST' ? (input as object) : undefined,
  });
  const body = response.json() as { result?: { data: T }; error?: TrpcAnswer['error'] };
  const cookie = response.cookies.find((c) => c.name === 'auth_session' && c.value);
  return { status: response.statusCode, data: body.result?.data as T, error: body.error, cookie: cookie ? `auth_session=${cookie.value}` : undefined };
}

const codeOf = (secret: string, timestamp = Date.now()) => new TOTP({ secret: Secret.fromBase32(secret) }).generate({ timestamp });

/** A code the server has not seen yet: tests that sign in more than once forget the last accepted step. */
async function freshCode(member: TestStaffMember, secret: string): Promise<string> {
  await t.database.db.updateTable('totp_credentials').set({ last_used_step: null }).where('user_id', '=', member.id).execute();
  return codeOf(secret);
}

/** Turns two-factor sign-in on for a staff member through the procedures; answers the secret and recovery codes. */
async function enrol(member: TestStaffMember): Promise<{ secret: string; recoveryCodes: string[]; cookie: string }> {
  const cookie = await t.cookieFor(member);
  const begun = await call<TwoFactorEnrolment>('auth.twoFactor.begin', {}, { cookie });
  expect(begun.status).toBe(200);
  const confirmed = await call<{ recovery_codes: string[] }>('auth.twoFactor.confirm', { code: codeOf(begun.data.secret) }, { cookie });
  expect(confirmed.status).toBe(200);
  return { secret: begun.data.secret, recoveryCodes: confirmed.data.recovery_codes, cookie };
}

const signIn = (member: TestStaffMember, totp?: string, remoteAddress = '10.5.0.1') =>
  t.app.inject({ method: 'POST', url: '/trpc/auth.signIn', headers: { origin: TEST_ORIGIN }, payload: { email: member.email, password: member.password, totp }, remoteAddress });

const auditActions = async (userId: string) =>
  (await t.database.db.selectFrom('audit_log').select(['action', 'entity']).where(sql<boolean>`${userId} = any(entity_ids)`).orderBy('created_at').execute()).map(
    (row) => `${row.entity}:${row.action}`,
  );

describe('turning two-factor sign-in on', () => {
  it('shows a secret with its QR code, refuses a wrong code, and answers 10 recovery codes stored only as hashes', async () => {
    const cookie = await t.cookieFor(t.admin);
    const begun = await call<TwoFactorEnrolment>('auth.twoFactor.begin', {}, { cookie });
    expect(begun.status).toBe(200);
    expect(begun.data.secret).toMatch(/^[A-Z2-7]{32}$/);
    expect(begun.data.uri).toMatch(/^otpauth:\/\/totp\/.*admin%40staff\.test\?.*secret=/);
    expect(begun.data.uri).toContain(`secret=${begun.data.secret}`);
    expect(begun.data.qr_code).toMatch(/^data:image\/svg\+xml;base64,/);
    expect(Buffer.from(begun.data.qr_code.split(',')[1]!, 'base64').toString()).toContain('<svg');
    // Nothing is on until a code confirms it.
    expect((await call('auth.twoFactor.status', undefined, { cookie }, 'GET')).data).toEqual({ enabled: false, recovery_codes_left: 0, required_for_staff: false });

    const wrong = await call('auth.twoFactor.confirm', { code: '000000' === codeOf(begun.data.secret) ? '111111' : '000000' }, { cookie });
    expect(wrong.status).toBe(400);
    expect(wrong.error!.message).toBe(INVALID_TWO_FACTOR_CODE_MESSAGE);

    const confirmed = await call<{ recovery_codes: string[] }>('auth.twoFactor.confirm', { code: codeOf(begun.data.secret) }, { cookie });
    expect(confirmed.status).toBe(200);
    const codes = confirmed.data.recovery_codes;
    expect(codes).toHaveLength(10);
    expect(new Set(codes).size).toBe(10);
    for (const code of codes) expect(code).toMatch(/^[a-z2-9]{4}-[a-z2-9]{4}-[a-z2-9]{4}$/);
    const stored = (await t.database.db.selectFrom('recovery_codes').select('code_hash').where('user_id', '=', t.admin.id).execute()).map((r) => r.code_hash);
    expect(stored.sort()).toEqual(codes.map((code) => createHash('sha256').update(code.replace(/-/g, '')).digest('hex')).sort());
    expect((await call('auth.twoFactor.status', undefined, { cookie }, 'GET')).data).toEqual({ enabled: true, recovery_codes_left: 10, required_for_staff: false });
    expect(await auditActions(t.admin.id)).toContain('two_factor:enable');
    // Once on, it cannot be begun again over itself.
    expect((await call('auth.twoFactor.begin', {}, { cookie })).status).toBe(409);
  });

  it('refuses a confirmation without a setup begun, without counting it as a wrong code', async () => {
    const cookie = await t.cookieFor(t.admin);
    const early = await call('auth.twoFactor.confirm', { code: '123456' }, { cookie });
    expect(early.status).toBe(400);
    expect(early.error!.message).toBe('Start setting up two-factor sign-in first');
    expect(await t.database.db.selectFrom('login_attempts').select('id').where('kind', '=', 'code').execute()).toEqual([]);
  });

  it('ends the staff member’s other sessions, which were opened without it', async () => {
    const other = await t.cookieFor(t.admin);
    const { cookie } = await enrol(t.admin);
    expect((await call('auth.me', undefined, { cookie: other }, 'GET')).data).toBeNull();
    expect((await call<{ email: string }>('auth.me', undefined, { cookie }, 'GET')).data).toMatchObject({ email: t.admin.email, two_factor: { enabled: true, setup_required: false } });
  });
});

describe('signing in with two-factor sign-in on', () => {
  it('asks for a code after the right password, then signs in with it; a code works once', async () => {
    const { secret } = await enrol(t.admin);
    const first = await signIn(t.admin);
    expect(first.statusCode).toBe(200);
    expect(first.json()).toEqual({ result: { data: { status: 'code_required' } } });
    expect(first.cookies.filter((c) => c.name === 'auth_session')).toHaveLength(0);

    const code = await freshCode(t.admin, secret);
    const second = await signIn(t.admin, code);
    expect(second.statusCode).toBe(200);
    expect(second.json()).toMatchObject({ result: { data: { status: 'signed_in', user: { email: t.admin.email, two_factor: { enabled: true, setup_required: false } } } } });
    expect(second.cookies.find((c) => c.name === 'auth_session')?.value).toBeTruthy();

    const replay = await signIn(t.admin, code);
    expect(replay.statusCode).toBe(401);
    expect((replay.json() as { error: { message: string } }).error.message).toBe(INVALID_TWO_FACTOR_CODE_MESSAGE);
  });

  it('takes each recovery code once, in any case and with or without dashes', async () => {
    const { recoveryCodes } = await enrol(t.admin);
    const code = recoveryCodes[3]!;
    expect((await signIn(t.admin, code.toUpperCase().replace(/-/g, ' '))).statusCode).toBe(200);
    expect((await signIn(t.admin, code)).statusCode).toBe(401);
    expect(await auditActions(t.admin.id)).toContain('two_factor:use_recovery_code');
    const left = await t.database.db.selectFrom('recovery_codes').select('id').where('user_id', '=', t.admin.id).where('used_at', 'is', null).execute();
    expect(left).toHaveLength(9);
  });

  it('lets the member in with a code after failures from many addresses closed the password-only door, and audits the cap once', async () => {
    const { secret } = await enrol(t.admin);
    // The failures of a spread-out guess, one from each of 20 addresses (the HTTP path is sign-in-limits.test.ts).
    await t.database.db
      .insertInto('login_attempts')
      .values(Array.from({ length: FAILURES_PER_ACCOUNT }, (_, i) => ({ email: t.admin.email, ip: `10.6.${i}.1` })))
      .execute();
    const passwordAlone = await signIn(t.admin, undefined, '10.6.200.1');
    expect(passwordAlone.statusCode).toBe(429);
    expect((await signIn(t.admin, undefined, '10.6.200.2')).statusCode).toBe(429);
    const withCode = await signIn(t.admin, await freshCode(t.admin, secret), '10.6.200.1');
    expect(withCode.json()).toMatchObject({ result: { data: { status: 'signed_in' } } });
    const capped = await t.database.db.selectFrom('audit_log').select(['entity', 'entity_ids']).where('action', '=', 'sign-in-capped').execute();
    expect(capped).toEqual([{ entity: 'staff', entity_ids: [t.admin.id] }]);
  });

  it('gives a script a token only with `totp` in the body', async () => {
    const { secret } = await enrol(t.admin);
    const token = (payload: object) => t.app.inject({ method: 'POST', url: '/v1/auth/token', payload: { email: t.admin.email, password: t.admin.password, ...payload } });
    const without = await token({});
    expect(without.statusCode).toBe(401);
    expect(without.json()).toEqual({ error: TWO_FACTOR_CODE_REQUIRED_MESSAGE });
    const withCode = await token({ totp: await freshCode(t.admin, secret) });
    expect(withCode.statusCode).toBe(200);
    const { token: bearer } = withCode.json() as { token: string };
    expect((await t.app.inject({ method: 'GET', url: '/v1/teams/', headers: { authorization: `Bearer ${bearer}` } })).statusCode).toBe(200);
  });

  it('checks only 10 of 15 parallel wrong codes for the account from two addresses, then refuses even a right one', async () => {
    const { secret } = await enrol(t.admin);
    const right = codeOf(secret);
    const wrong = right === '123456' ? '654321' : '123456';
    // Each address stays under its own limit of 10 failures: the account's limit is what stops them.
    const answers = await Promise.all(Array.from({ length: 15 }, (_, i) => signIn(t.admin, wrong, `10.6.0.${i % 2}`)));
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([...Array(10).fill(401), ...Array(5).fill(429)]);
    const refused = await signIn(t.admin, await freshCode(t.admin, secret), '10.6.1.1');
    expect(refused.statusCode).toBe(429);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
  });
});

describe('turning two-factor sign-in off and renewing recovery codes', () => {
  it('needs a current code to turn it off', async () => {
    const { secret, cookie } = await enrol(t.admin);
    const wrong = await call('auth.twoFactor.disable', { code: '000000' === codeOf(secret) ? '111111' : '000000' }, { cookie });
    expect(wrong.status).toBe(400);
    const right = await call('auth.twoFactor.disable', { code: await freshCode(t.admin, secret) }, { cookie });
    expect(right.status).toBe(200);
    expect((await call('auth.twoFactor.status', undefined, { cookie }, 'GET')).data).toMatchObject({ enabled: false });
    expect((await signIn(t.admin)).json()).toMatchObject({ result: { data: { status: 'signed_in' } } });
    expect(await auditActions(t.admin.id)).toEqual(expect.arrayContaining(['two_factor:enable', 'two_factor:disable']));
    expect(await t.database.db.selectFrom('recovery_codes').select('id').where('user_id', '=', t.admin.id).execute()).toEqual([]);
  });

  it('replaces the recovery codes with a current code', async () => {
    const { secret, cookie, recoveryCodes } = await enrol(t.admin);
    const renewed = await call<{ recovery_codes: string[] }>('auth.twoFactor.regenerateRecoveryCodes', { code: await freshCode(t.admin, secret) }, { cookie });
    expect(renewed.status).toBe(200);
    expect(renewed.data.recovery_codes).toHaveLength(10);
    expect((await signIn(t.admin, recoveryCodes[0])).statusCode).toBe(401);
    expect((await signIn(t.admin, renewed.data.recovery_codes[0])).statusCode).toBe(200);
  });
});

describe('the owner requires two-factor sign-in of all staff', () => {
  it('is refused until the owner uses it, then sends staff without it to set it up before anything else', async () => {
    const ownerCookie = await t.cookieFor(t.owner);
    expect((await call('auth.twoFactor.setRequired', { required: true }, { cookie: ownerCookie })).status).toBe(409);
    const owner = await enrol(t.owner);
    const adminCookieBefore = await t.cookieFor(t.admin);
    expect((await call('auth.twoFactor.setRequired', { required: true }, { cookie: adminCookieBefore })).status).toBe(403);
    const set = await call('auth.twoFactor.setRequired', { required: true }, { cookie: owner.cookie });
    expect(set.status).toBe(200);
    expect(set.data).toMatchObject({ required_for_staff: true });
    expect(await auditActions(t.owner.id)).toContain('two_factor:enable');
    const settingsAudit = await t.database.db.selectFrom('audit_log').select(['user_id', 'details']).where('entity', '=', 'security_settings').execute();
    expect(settingsAudit).toContainEqual({ user_id: t.owner.id, details: { two_factor_required: true } });

    // The admin, without two-factor sign-in, still signs in, but only to set it up.
    const adminCookie = (await signIn(t.admin)).cookies.find((c) => c.name === 'auth_session')!;
    const cookie = `auth_session=${adminCookie.value}`;
    expect((await call('auth.me', undefined, { cookie }, 'GET')).data).toMatchObject({ two_factor: { enabled: false, setup_required: true } });
    const blocked = await t.app.inject({ method: 'GET', url: '/v1/teams/', headers: { cookie } });
    expect(blocked.statusCode).toBe(403);
    expect(blocked.json()).toEqual({ error: TWO_FACTOR_SETUP_REQUIRED_MESSAGE });
    const token = await t.app.inject({ method: 'POST', url: '/v1/auth/token', payload: { email: t.admin.email, password: t.admin.password } });
    expect(token.statusCode).toBe(403);

    const begun = await call<TwoFactorEnrolment>('auth.twoFactor.begin', {}, { cookie });
    expect((await call('auth.twoFactor.confirm', { code: codeOf(begun.data.secret) }, { cookie })).status).toBe(200);
    expect((await t.app.inject({ method: 'GET', url: '/v1/teams/', headers: { cookie } })).statusCode).toBe(200);

    // While required, nobody turns it off.
    const off = await call('auth.twoFactor.disable', { code: await freshCode(t.admin, begun.data.secret) }, { cookie });
    expect(off.status).toBe(409);
  });
});

describe('resetting two-factor sign-in for a staff member who lost their app and recovery codes', () => {
  it('turns it off and ends their sessions', async () => {
    const { cookie } = await enrol(t.admin);
    await resetTwoFactor(t.database.db, t.admin.id);
    expect((await call('auth.me', undefined, { cookie }, 'GET')).data).toBeNull();
    expect((await signIn(t.admin)).json()).toMatchObject({ result: { data: { status: 'signed_in' } } });
    expect(await auditActions(t.admin.id)).toContain('two_factor:reset');
  });

  // The command opens the configured database itself; an in-memory PGlite is this process's alone.
  it.skipIf(!process.env.DATABASE_URL)('is `pnpm cli user reset-2fa --email E`', async () => {
    const { cookie } = await enrol(t.owner);
    const userCommand = cliCommands.find((c) => c.name === 'user')!;
    const lines: string[] = [];
    await userCommand.run({ config: loadConfig({ DATABASE_URL: t.database.url }), values: { email: t.owner.email.toUpperCase() }, positionals: ['reset-2fa'], log: (line) => lines.push(line) });
    expect(lines).toEqual([expect.stringContaining(`Turned off two-factor sign-in for ${t.owner.email.toUpperCase()}`)]);
    expect((await call('auth.me', undefined, { cookie }, 'GET')).data).toBeNull();
    expect(await t.database.db.selectFrom('totp_credentials').select('user_id').where('user_id', '=', t.owner.id).execute()).toEqual([]);
    await expect(userCommand.run({ config: loadConfig({ DATABASE_URL: t.database.url }), values: { email: 'nobody@staff.test' }, positionals: ['reset-2fa'], log: () => {} })).rejects.toThrow(/No staff member/);
  });
});
