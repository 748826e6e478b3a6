import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createStaffTestApp, type StaffTestApp } from '../auth/testing';

let t: StaffTestApp;
let headers: Record<string, string>;
let teamId: string;

beforeAll(async () => {
  t = await createStaffTestApp();
  headers = await t.browserHeaders(t.admin);
  const team = await t.database.db
    .insertInto('teams')
    .values({ name: 'Harbor Hawks', school_name: 'Harbor College', elo: 1100, picture: '/media/teams/old.png' })
    .returning('id')
    .executeTakeFirstOrThrow();
  teamId = team.id;
});
afterAll(() => t.close());

const put = (id: string, payload: unknown) => t.app.inject({ method: 'PUT', url: `/v1/teams/${id}/`, headers, payload: payload as object });

describe('PUT /v1/teams/{id}/', () => {
  it('replaces the team: a field left out becomes empty', async () => {
    const response = await put(teamId, { name: '  Harbor Hawks II ', elo: 1234 });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ id: teamId, name: 'Harbor Hawks II', school_name: null, elo: 1234, picture: null });
    const stored = await t.database.db.selectFrom('teams').selectAll().where('id', '=', teamId).executeTakeFirstOrThrow();
    expect(stored).toMatchObject({ name: 'Harbor Hawks II', school_name: null, elo: 1234, picture: null });
  });

  it('keeps a picture URL that is sent back unchanged', async () => {
    const response = await put(teamId, { name: 'Harbor Hawks', school_name: 'Harbor College', elo: 1100, picture: '/media/teams/old.png' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ school_name: 'Harbor College', picture: '/media/teams/old.png' });
  });

  it('records who changed what in the audit log', async () => {
    const rows = await t.database.db.selectFrom('audit_log').selectAll().where('entity', '=', 'team').orderBy('created_at').execute();
    expect(rows.length).toBeGreaterThanOrEqual(2);
    const last = rows.at(-1)!;
    expect(last).toMatchObject({ user_id: t.admin.id, action: 'update', entity: 'team', entity_ids: [teamId] });
    expect(last.details).toMatchObject({ before: { name: 'Harbor Hawks II' }, after: { name: 'Harbor Hawks', school_name: 'Harbor College' } });
  });

  it.each([
    ['no name', { elo: 1000 }, 'name'],
    ['a blank name', { name: '   ', elo: 1000 }, 'name'],
    ['no elo', { name: 'A' }, 'elo'],
    ['a text elo', { name: 'A', elo: 'abc' }, 'elo'],
    ['a fractional elo', { name: 'A', elo: 10.5 }, 'elo'],
    ['an empty school name', { name: 'A', elo: 1, school_name: '' }, 'school_name'],
    ['a picture that is neither a URL nor an image data URL', { name: 'A', elo: 1, picture: 'javascript:alert(1)' }, 'picture'],
  ])('answers 400 for %s', async (_label, payload, field) => {
    const response = await put(teamId, payload);
    expect(response.statusCode).toBe(400);
    const body = response.json() as { error: string; issues: { path: string[] }[] };
    expect(body.error).toContain(field);
    expect(body.issues[0]!.path).toContain(field);
  });

  it.each([
    ['CRLF', '\r\n'],
    ['LF', '\n'],
    ['CR', '\r'],
    ['U+0001', '\u0001'],
    ['U+000B', '\u000b'],
    ['U+FFFE', '\ufffe'],
  ])('refuses %s in a team name or school name with a 400 naming the field, changing nothing', async (_label, control) => {
    const before = await t.database.db.selectFrom('teams').selectAll().where('id', '=', teamId).executeTakeFirstOrThrow();
    for (const [field, payload] of [
      ['name', { name: `Harbor${control}Hawks`, elo: 1000 }],
      ['school_name', { name: 'Harbor Hawks', school_name: `Harbor${control}College`, elo: 1000 }],
    ] as const) {
      const response = await put(teamId, payload);
      expect(response.statusCode, field).toBe(400);
      expect(response.json(), field).toEqual({
        error: `Invalid ${field}: Must not contain control characters such as line breaks`,
        issues: [{ path: [field], message: 'Must not contain control characters such as line breaks' }],
      });
    }
    expect(await t.database.db.selectFrom('teams').selectAll().where('id', '=', teamId).executeTakeFirstOrThrow()).toEqual(before);
  });

  it('answers 400 for a malformed id and 404 for an unknown one', async () => {
    expect((await put('not-a-uuid', { name: 'A', elo: 1 })).json()).toEqual({ error: 'Invalid id format', issues: expect.any(Array) });
    const unknown = await put('00000000-0000-4000-8000-000000000000', { name: 'A', elo: 1 });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toEqual({ error: 'Team not found' });
  });
});

describe('admin.teams dropdown and details', () => {
  it('lists every team by name and reads one', async () => {
    await t.database.db.insertInto('teams').values([{ name: 'Zeta Zebras' }, { name: 'Aqua Ants' }]).execute();
    const options = await t.app.inject({ method: 'GET', url: '/trpc/admin.teams.options', headers });
    const names = (options.json() as { result: { data: { name: string }[] } }).result.data.map((o) => o.name);
    expect(names).toEqual([...names].sort((a, b) => (a < b ? -1 : 1)));
    expect(names[0]).toBe('Aqua Ants');
    const one = await t.app.inject({ method: 'GET', url: `/v1/teams/${teamId}/`, headers });
    expect(one.json()).toMatchObject({ id: teamId, name: 'Harbor Hawks' });
  });
});
