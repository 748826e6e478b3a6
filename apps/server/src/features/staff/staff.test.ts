import { MIN_STAFF_PASSWORD_LENGTH } from '@campus-elo/api-contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MIN_PASSWORD_LENGTH } from '../auth/passwords';
import { createStaffTestApp, TEST_ORIGIN, type StaffTestApp } from '../auth/testing';

let t: StaffTestApp;
let owner: Record<string, string>;

beforeAll(async () => {
  t = await createStaffTestApp();
  owner = await t.browserHeaders(t.owner);
});
afterAll(() => t.close());

const call = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: object, headers = owner) => t.app.inject({ method, url, headers, payload });
const signIn = (email: string, password: string) => t.app.inject({ method: 'POST', url: '/v1/auth/token', payload: { email, password } });

describe('staff accounts', () => {
  it('keeps the password rule of the form and the server in step', () => {
    expect(MIN_STAFF_PASSWORD_LENGTH).toBe(MIN_PASSWORD_LENGTH);
  });

  it('adds an admin with an initial password shown once, who can then sign in', async () => {
    const response = await call('POST', '/v1/staff/', { email: 'new@staff.test', role: 'admin' });
    expect(response.statusCode).toBe(201);
    const answer = response.json() as { member: { id: string; email: string; role: string; two_factor_enabled: boolean }; initial_password: string };
    expect(answer.member).toMatchObject({ email: 'new@staff.test', role: 'admin', two_factor_enabled: false });
    expect(answer.initial_password.length).toBeGreaterThanOrEqual(MIN_PASSWORD_LENGTH);
    expect((await signIn('new@staff.test', answer.initial_password)).statusCode).toBe(200);

    const list = (await call('GET', '/v1/staff/')).json() as { results: { email: string; role: string }[] };
    expect(list.results.map((m) => [m.email, m.role])).toEqual([
      ['admin@staff.test', 'admin'],
      ['new@staff.test', 'admin'],
      ['owner@staff.test', 'owner'],
    ]);
    expect(JSON.stringify(list)).not.toContain(answer.initial_password);

    expect((await call('POST', '/v1/staff/', { email: 'NEW@staff.test', role: 'admin' })).statusCode).toBe(409);
    expect((await call('POST', '/v1/staff/', { email: 'not an email', role: 'admin' })).statusCode).toBe(400);
    expect((await call('POST', '/v1/staff/', { email: 'x@staff.test', role: 'boss' })).statusCode).toBe(400);
    // Owner only.
    expect((await call('POST', '/v1/staff/', { email: 'y@staff.test', role: 'admin' }, await t.browserHeaders(t.admin))).statusCode).toBe(403);
  });

  it('never demotes or removes the last owner (409), and changes and removes the others', async () => {
    const demote = await call('PUT', `/v1/staff/${t.owner.id}/`, { role: 'admin' });
    expect(demote.statusCode).toBe(409);
    expect(demote.json()).toEqual({ error: 'This is the last owner: make another staff member owner first' });
    expect((await call('DELETE', `/v1/staff/${t.owner.id}/`)).statusCode).toBe(409);

    const promoted = await call('PUT', `/v1/staff/${t.admin.id}/`, { role: 'owner' });
    expect(promoted.statusCode).toBe(200);
    expect(promoted.json()).toMatchObject({ id: t.admin.id, role: 'owner' });
    expect((await call('PUT', `/v1/staff/${t.admin.id}/`, { role: 'admin' })).statusCode).toBe(200);
    expect((await call('PUT', `/v1/staff/${t.admin.id}/`, { role: 'admin', email: 'owner@staff.test' })).statusCode).toBe(409);

    const added = await t.database.db.selectFrom('users').select('id').where('email', '=', 'new@staff.test').executeTakeFirstOrThrow();
    expect((await call('DELETE', `/v1/staff/${added.id}/`)).json()).toEqual({ id: added.id, message: 'Removed new@staff.test.' });
    expect((await call('DELETE', `/v1/staff/${added.id}/`)).statusCode).toBe(404);
    const audit = await t.database.db.selectFrom('audit_log').select('action').where('entity', '=', 'staff').orderBy('created_at').execute();
    expect(audit.map((a) => a.action)).toEqual(['create', 'update', 'update', 'delete']);
  });
});

describe('the activity log after an account is deleted', () => {
  it("keeps the deleted member's email on each of their entries, and filters by them", async () => {
    const added = (await call('POST', '/v1/staff/', { email: 'leaver@staff.test', role: 'owner' })).json() as { member: { id: string }; initial_password: string };
    const { token } = (await signIn('leaver@staff.test', added.initial_password)).json() as { token: string };
    const leaver = { authorization: `Bearer ${token}` };
    expect((await call('POST', '/v1/seasons/create/', { name: 'Leaver Season', start_date: '2026-01-01', end_date: '2026-05-01' }, leaver)).statusCode).toBe(201);
    expect((await call('DELETE', `/v1/staff/${added.member.id}/`)).statusCode).toBe(200);

    const log = (await call('GET', `/v1/audit/?actor=${added.member.id}`)).json() as { results: { action: string; entity: string; actor: unknown }[] };
    expect(log.results).toEqual([expect.objectContaining({ action: 'create', entity: 'season', actor: { id: added.member.id, email: 'leaver@staff.test' } })]);
  });
});

describe('POST /v1/auth/password/', () => {
  it('changes the password with the current one and ends the other sessions', async () => {
    const browser = await t.browserHeaders(t.admin);
    const otherToken = (await signIn(t.admin.email, t.admin.password).then((r) => r.json())) as { token: string };

    const wrong = await call('POST', '/v1/auth/password/', { current_password: 'not it', new_password: 'a new password 1' }, browser);
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json()).toMatchObject({ error: 'The current password is not correct', issues: [{ path: ['current_password'] }] });
    expect((await call('POST', '/v1/auth/password/', { current_password: t.admin.password, new_password: 'short' }, browser)).statusCode).toBe(400);

    const changed = await call('POST', '/v1/auth/password/', { current_password: t.admin.password, new_password: 'a new password 1' }, browser);
    expect(changed.statusCode).toBe(200);
    expect((changed.json() as { sessions_ended: number }).sessions_ended).toBeGreaterThanOrEqual(1);

    // This session stays; the other one ended; the old password no longer signs in.
    expect((await t.app.inject({ method: 'GET', url: '/v1/audit/', headers: browser })).statusCode).toBe(200);
    expect((await t.app.inject({ method: 'GET', url: '/v1/audit/', headers: { authorization: `Bearer ${otherToken.token}` } })).statusCode).toBe(401);
    expect((await signIn(t.admin.email, t.admin.password)).statusCode).toBe(401);
    expect((await signIn(t.admin.email, 'a new password 1')).statusCode).toBe(200);
  });

  it('answers 401 to a visitor', async () => {
    const response = await t.app.inject({ method: 'POST', url: '/v1/auth/password/', headers: { origin: TEST_ORIGIN }, payload: { current_password: 'x', new_password: 'y'.repeat(10) } });
    expect(response.statusCode).toBe(401);
  });
});
