import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createStaffTestApp, type StaffTestApp } from '../auth/testing';

let t: StaffTestApp;
let headers: Record<string, string>;

beforeAll(async () => {
  t = await createStaffTestApp();
  headers = await t.browserHeaders(t.admin);
});
afterAll(() => t.close());

const create = (payload: unknown) => t.app.inject({ method: 'POST', url: '/v1/seasons/create/', headers, payload: payload as object });

describe('POST /v1/seasons/create/', () => {
  it('creates a season, answers {id, name, start_date, end_date} and audits it', async () => {
    const response = await create({ name: 'Winter 2027', start_date: '2027-01-05', end_date: '2027-03-01' });
    expect(response.statusCode).toBe(201);
    const season = response.json() as { id: string };
    expect(season).toEqual({ id: expect.any(String), name: 'Winter 2027', start_date: '2027-01-05', end_date: '2027-03-01' });
    const audit = await t.database.db.selectFrom('audit_log').selectAll().where('entity', '=', 'season').executeTakeFirstOrThrow();
    expect(audit).toMatchObject({ user_id: t.admin.id, action: 'create', entity_ids: [season.id] });
  });

  it.each([
    ['no name', { start_date: '2027-01-05', end_date: '2027-03-01' }, 'name'],
    ['no start date', { name: 'S', end_date: '2027-03-01' }, 'start_date'],
    ['an empty end date', { name: 'S', start_date: '2027-01-05', end_date: '' }, 'end_date'],
    ['a date that is not a date', { name: 'S', start_date: '2027-02-30', end_date: '2027-03-01' }, 'start_date'],
    ['an end before the start', { name: 'S', start_date: '2027-03-01', end_date: '2027-01-05' }, 'end_date'],
  ])('answers 400 for %s', async (_label, payload, field) => {
    const response = await create(payload);
    expect(response.statusCode).toBe(400);
    expect((response.json() as { error: string }).error).toContain(field);
  });
});

describe('GET /v1/seasons/', () => {
  it('answers the paged list, newest first', async () => {
    await create({ name: 'Autumn 2027', start_date: '2027-09-01', end_date: '2027-12-01' });
    const response = await t.app.inject({ method: 'GET', url: '/v1/seasons/?sort=start_date&order=desc&page_size=50', headers });
    expect(response.statusCode).toBe(200);
    const body = response.json() as { count: number; results: { name: string }[] };
    expect(body.count).toBe(2);
    expect(body.results.map((s) => s.name)).toEqual(['Autumn 2027', 'Winter 2027']);
  });
});

describe('season names, edits and deletes', () => {
  const put = (id: string, payload: object) => t.app.inject({ method: 'PUT', url: `/v1/seasons/${id}/`, headers, payload });
  const remove = (id: string) => t.app.inject({ method: 'DELETE', url: `/v1/seasons/${id}/`, headers });
  const seasonId = async (name: string) => (await t.database.db.selectFrom('seasons').select('id').where('name', '=', name).executeTakeFirstOrThrow()).id;

  it('refuses a second season of the same name, ignoring case, with 409', async () => {
    const response = await create({ name: 'winter 2027', start_date: '2027-01-05', end_date: '2027-03-01' });
    expect(response.statusCode).toBe(409);
    expect(response.json()).toEqual({ error: "A season named 'Winter 2027' already exists" });
  });

  it('edits name and dates, under the same rules', async () => {
    const id = await seasonId('Autumn 2027');
    const response = await put(id, { name: 'Fall 2027', start_date: '2027-08-25', end_date: '2027-12-10' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ id, name: 'Fall 2027', start_date: '2027-08-25', end_date: '2027-12-10' });
    // Its own name in another case is not a clash.
    expect((await put(id, { name: 'FALL 2027', start_date: '2027-08-25', end_date: '2027-12-10' })).statusCode).toBe(200);
    expect((await put(id, { name: 'Winter 2027', start_date: '2027-08-25', end_date: '2027-12-10' })).statusCode).toBe(409);
    expect((await put(id, { name: 'Fall 2027', start_date: '2027-12-25', end_date: '2027-12-10' })).statusCode).toBe(400);
    expect((await put('00000000-0000-4000-8000-000000000000', { name: 'X', start_date: '2027-01-01', end_date: '2027-02-01' })).statusCode).toBe(404);
    const audit = await t.database.db.selectFrom('audit_log').select('details').where('entity', '=', 'season').where('action', '=', 'update').orderBy('created_at').executeTakeFirstOrThrow();
    expect(audit.details).toMatchObject({ before: { name: 'Autumn 2027' }, after: { name: 'Fall 2027' } });
  });

  it('deletes a season without matches, and refuses one with matches (409)', async () => {
    const db = t.database.db;
    const winter = await seasonId('Winter 2027');
    const [a, b] = await db.insertInto('teams').values([{ name: 'S1' }, { name: 'S2' }]).returning('id').execute();
    await db.insertInto('matches').values({ platform: 'manual', external_id: 'm1', team1_id: a!.id, team2_id: b!.id, status: 'scheduled', season_id: winter }).execute();
    const refused = await remove(winter);
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toEqual({ error: "Season 'Winter 2027' has 1 match: move or delete them first" });

    const fall = await seasonId('FALL 2027');
    const deleted = await remove(fall);
    expect(deleted.statusCode).toBe(200);
    expect(deleted.json()).toEqual({ id: fall, message: "Deleted season 'FALL 2027'." });
    expect((await remove(fall)).statusCode).toBe(404);
  });
});

describe('competitions', () => {
  it('lists, renames, and deletes only an unused one', async () => {
    const db = t.database.db;
    const [used, unused] = await db
      .insertInto('competitions')
      .values([
        { name: 'NECC', platform: 'faceit', external_id: 'c-1' },
        { name: 'Old Cup', platform: 'leaguespot', external_id: 'c-2' },
      ])
      .returning('id')
      .execute();
    const [a, b] = await db.insertInto('teams').values([{ name: 'C1' }, { name: 'C2' }]).returning('id').execute();
    await db.insertInto('matches').values({ platform: 'manual', external_id: 'm2', team1_id: a!.id, team2_id: b!.id, status: 'scheduled', competition_id: used!.id }).execute();

    const list = await t.app.inject({ method: 'GET', url: '/v1/competitions/', headers });
    expect(list.statusCode).toBe(200);
    expect((list.json() as { results: { name: string; match_count: number }[] }).results.map((c) => [c.name, c.match_count])).toEqual([
      ['NECC', 1],
      ['Old Cup', 0],
    ]);

    const renamed = await t.app.inject({ method: 'PUT', url: `/v1/competitions/${used!.id}/`, headers, payload: { name: 'NECC Fall' } });
    expect(renamed.statusCode).toBe(200);
    expect(renamed.json()).toMatchObject({ id: used!.id, name: 'NECC Fall', platform: 'faceit', match_count: 1 });
    expect((await t.app.inject({ method: 'PUT', url: `/v1/competitions/${used!.id}/`, headers, payload: { name: ' ' } })).statusCode).toBe(400);

    const refused = await t.app.inject({ method: 'DELETE', url: `/v1/competitions/${used!.id}/`, headers });
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toEqual({ error: "Competition 'NECC Fall' has 1 match: it can only be renamed" });
    expect((await t.app.inject({ method: 'DELETE', url: `/v1/competitions/${unused!.id}/`, headers })).statusCode).toBe(200);
    expect((await t.app.inject({ method: 'DELETE', url: `/v1/competitions/${unused!.id}/`, headers })).statusCode).toBe(404);
  });
});
