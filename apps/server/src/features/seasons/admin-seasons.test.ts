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
