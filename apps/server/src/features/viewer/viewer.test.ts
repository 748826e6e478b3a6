import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ids, insertLeague } from '../../../test/league-fixture';
import { createStaffTestApp, type StaffTestApp } from '../auth/testing';

let t: StaffTestApp;
let headers: Record<string, string>;

beforeAll(async () => {
  t = await createStaffTestApp();
  await insertLeague(t.database.db);
  headers = { authorization: `Bearer ${await t.tokenFor(t.admin)}` };
});
afterAll(() => t.close());

interface PagedBody<T> {
  count: number;
  total_pages: number;
  current_page: number;
  page_size: number;
  results: T[];
}
async function list<T = Record<string, unknown>>(url: string): Promise<PagedBody<T>> {
  const response = await t.app.inject({ method: 'GET', url, headers });
  expect(response.statusCode, response.body).toBe(200);
  return response.json() as PagedBody<T>;
}

describe('GET /v1/teams/', () => {
  it('pages every team by name with its player count', async () => {
    const page = await list<{ name: string; player_count: number }>('/v1/teams/?page_size=2');
    expect(page).toMatchObject({ count: 5, total_pages: 3, current_page: 1, page_size: 2 });
    expect(page.results.map((r) => r.name)).toEqual(['Alpha Wolves', 'Beta Bears']);
    expect(page.results[0]!.player_count).toBe(2);
    const last = await list<{ name: string }>('/v1/teams/?page_size=2&page=3');
    expect(last.results.map((r) => r.name)).toEqual(['Gamma Rays']);
  });

  it('searches names and schools, ignoring case, with LIKE wildcards taken literally', async () => {
    expect((await list<{ name: string }>('/v1/teams/?search=south')).results.map((r) => r.name)).toEqual(['Beta Bears']);
    expect((await list<{ name: string }>('/v1/teams/?search=_50%25')).results.map((r) => r.name)).toEqual(['Delta_50%']);
    expect(await list('/v1/teams/?search=nothing-like-this')).toMatchObject({ count: 0, total_pages: 0, results: [] });
  });

  it('answers an empty page past the end, and 400 for a bad page', async () => {
    expect(await list('/v1/teams/?page=9')).toMatchObject({ count: 5, current_page: 9, results: [] });
    expect((await t.app.inject({ method: 'GET', url: '/v1/teams/?page=0', headers })).statusCode).toBe(400);
  });
});

describe('GET /v1/players/', () => {
  it('lists hidden and benched players too, with their team', async () => {
    const page = await list<{ name: string; team: { name: string } | null; benched: boolean; visible: boolean }>('/v1/players/');
    expect(page.count).toBe(6);
    const ghost = page.results.find((p) => p.name === 'Ghost')!;
    expect(ghost).toMatchObject({ visible: false, team: { name: 'Gamma Rays' } });
    expect(page.results.find((p) => p.name === 'Blaze')!.benched).toBe(true);
    expect(page.results.find((p) => p.name === 'Echo')!.team).toBeNull();
  });

  it('finds players by their team’s name', async () => {
    expect((await list<{ name: string }>('/v1/players/?search=alpha')).results.map((p) => p.name)).toEqual(['Ace', 'Blaze']);
  });
});

describe('GET /v1/matches/', () => {
  it('lists matches newest first, undated last, with names resolved', async () => {
    const page = await list<{ id: string; date: string | null; team1: { name: string }; competition: { name: string } | null }>('/v1/matches/');
    expect(page.count).toBe(8);
    expect(page.results[0]!.id).toBe(ids.tomorrowMidnight);
    expect(page.results.at(-1)!.id).toBe(ids.undated);
    expect(page.results.at(-1)!.date).toBeNull();
    expect(page.results.find((m) => m.id === ids.fallFinal)).toMatchObject({ team1: { name: 'Beta Bears' }, competition: { name: 'Playfly' } });
  });

  it('searches team names, competition names and platform ids', async () => {
    const gamma = await list<{ id: string }>('/v1/matches/?search=gamma');
    expect(gamma.results.map((m) => m.id).sort()).toEqual([ids.fallFinal, ids.liveToday, ids.tomorrowMidnight].sort());
    expect((await list('/v1/matches/?search=necc spring')).count).toBe(1);
    expect((await list<{ id: string }>('/v1/matches/?search=ls-fall-2')).results.map((m) => m.id)).toEqual([ids.fallFinal]);
  });

  it('narrows by status and by a date window (from inclusive, to exclusive), with or without a search', async () => {
    const scheduled = await list<{ id: string; status: string }>('/v1/matches/?status=scheduled');
    expect(scheduled.results.every((m) => m.status === 'scheduled')).toBe(true);
    expect(scheduled.results.map((m) => m.id)).toContain(ids.undated);
    const window = await list<{ id: string }>('/v1/matches/?date_from=2026-11-22&date_to=2026-11-23T00:00:00Z');
    expect(window.count).toBe(2);
    expect(window.results.map((m) => m.id)).not.toContain(ids.tomorrowMidnight);
    const both = await list<{ id: string }>('/v1/matches/?search=gamma&status=scheduled&date_from=2026-11-22');
    expect(both.results.map((m) => m.id)).toEqual([ids.tomorrowMidnight]);
    const bad = await t.app.inject({ method: 'GET', url: '/v1/matches/?status=done&date_from=yesterday', headers });
    expect(bad.statusCode).toBe(400);
  });
});

describe('GET /v1/participants/', () => {
  it('lists participants with team, competition and season names, searchable', async () => {
    const all = await list('/v1/participants/');
    expect(all.count).toBe(6);
    const playfly = await list<{ team: { name: string }; competition: { name: string }; season: { name: string } }>('/v1/participants/?search=playfly');
    expect(playfly.count).toBe(2);
    expect(playfly.results[0]).toMatchObject({ competition: { name: 'Playfly' }, season: { name: 'Fall 2026' } });
  });
});
