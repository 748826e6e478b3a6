import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PAGE_DATA_ELEMENT_ID, type TeamListItem, type TeamPage, type TeamRating } from '@campus-elo/api-contract';
import { PROVISIONAL_MATCHES } from '@campus-elo/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createStaffTestApp, type StaffTestApp } from '../auth/testing';
import { seedDatabase } from '../seed/cli';

let t: StaffTestApp;
let teams: { id: string; elo: number }[];
// A web build's index.html, so the pages answer with their head and first data.
const webDist = mkdtempSync(join(tmpdir(), 'web-dist-'));
writeFileSync(join(webDist, 'index.html'), '<!doctype html><html lang="en"><head><title>Campus Elo</title></head><body><div id="root"></div></body></html>');

beforeAll(async () => {
  t = await createStaffTestApp({ WEB_DIST: webDist, SITE_NAME: 'Test League' });
  await seedDatabase(t.database.db, { kind: 'demo' }, () => {});
  teams = await t.database.db.selectFrom('teams').select(['id', 'elo']).execute();
}, 180_000);
afterAll(async () => {
  await t.close();
  rmSync(webDist, { recursive: true, force: true });
});

const get = async <T>(url: string) => {
  const response = await t.app.inject({ method: 'GET', url });
  return { status: response.statusCode, body: response.json() as T };
};

describe('GET /v1/public/teams/{id}/rating', () => {
  it("adds up to the team's Elo for every demo team: start plus every change, and each running total", async () => {
    expect(teams.length).toBeGreaterThan(0);
    for (const team of teams) {
      const { status, body } = await get<TeamRating>(`/v1/public/teams/${team.id}/rating`);
      expect(status).toBe(200);
      const sum = body.start.elo + body.steps.reduce((total, step) => total + step.change, 0);
      expect(sum, `team ${team.id}`).toBe(team.elo);
      expect(body.elo).toBe(team.elo);
      // Each step starts where the one before ended (the ledger is consistent).
      let running = body.start.elo;
      for (const step of body.steps) {
        expect(step.elo_before).toBe(running);
        running += step.change;
        expect(step.total).toBe(running);
      }
    }
  }, 120_000);

  it('writes each match with its opponent, expected chance and the rule with the numbers', async () => {
    const withMatches = await Promise.all(teams.slice(0, 10).map(async (team) => (await get<TeamRating>(`/v1/public/teams/${team.id}/rating`)).body));
    const step = withMatches.flatMap((rating) => rating.steps).find((s) => s.kind === 'match');
    expect(step).toBeDefined();
    if (step?.kind !== 'match') return;
    expect(step.expected).toBeGreaterThan(0);
    expect(step.expected).toBeLessThan(1);
    const sign = step.change > 0 ? `+${step.change}` : step.change < 0 ? `−${-step.change}` : '0';
    expect(step.rule).toBe(`round(150 × (${step.result === 'W' ? 1 : 0} − ${step.expected.toFixed(2)})) = ${sign}`);
  });

  it('names the teams just above and below with the Elo gap', async () => {
    const ordered = [...teams].sort((a, b) => b.elo - a.elo);
    const { body: top } = await get<TeamRating>(`/v1/public/teams/${ordered[0]!.id}/rating`);
    expect(top.rank).toBe(1);
    expect(top.above).toBeNull();
    expect(top.below).toMatchObject({ rank: 2 });
    expect(top.below!.gap).toBe(top.below!.elo - top.elo);
    expect(top.below!.gap).toBeLessThanOrEqual(0);
  });

  it('answers 404 for an unknown team and 400 for an id that is not one', async () => {
    const unknown = await get<{ error: string }>('/v1/public/teams/00000000-0000-4000-8000-000000000000/rating');
    expect(unknown.status).toBe(404);
    expect(unknown.body.error).toBe('Team not found');
    expect((await get('/v1/public/teams/nope/rating')).status).toBe(400);
  });
});

describe('provisional ratings', () => {
  it(`marks exactly the teams with fewer than ${PROVISIONAL_MATCHES} rated matches, on the rating, the team page and the rankings rows`, async () => {
    const rated = new Map<string, number>();
    const rows = await t.database.db.selectFrom('matches').select(['team1_id', 'team2_id']).where('elo_applied', '=', true).execute();
    for (const row of rows) for (const id of [row.team1_id, row.team2_id]) rated.set(id, (rated.get(id) ?? 0) + 1);

    const list = await get<{ results: TeamListItem[] }>('/v1/public/teams?page_size=100');
    expect(list.body.results).toHaveLength(teams.length);
    let provisionalTeams = 0;
    for (const row of list.body.results) {
      const count = rated.get(row.id) ?? 0;
      const provisional = count < PROVISIONAL_MATCHES;
      if (provisional) provisionalTeams += 1;
      expect(row).toMatchObject({ rated_matches: count, provisional });
      const page = await get<TeamPage>(`/v1/public/teams/${row.id}`);
      expect(page.body).toMatchObject({ rated_matches: count, provisional });
      const rating = await get<TeamRating>(`/v1/public/teams/${row.id}/rating`);
      expect(rating.body).toMatchObject({ rated_matches: count, provisional });
    }
    // The demo league has both kinds, so both sides of the rule are checked.
    expect(provisionalTeams).toBeGreaterThan(0);
    expect(provisionalTeams).toBeLessThan(teams.length);
  }, 120_000);
});

describe('the rating pages in the first HTML', () => {
  it("writes a team's rating into /teams/{id}/rating with its title, and answers 404 for an unknown team", async () => {
    const team = teams[0]!;
    const page = await t.app.inject({ method: 'GET', url: `/teams/${team.id}/rating` });
    expect(page.statusCode).toBe(200);
    expect(page.body).toMatch(/<title>.+ rating \| Test League<\/title>/);
    const data = page.body.match(new RegExp(`<script[^>]*id="${PAGE_DATA_ELEMENT_ID}"[^>]*>(.*?)</script>`, 's'))?.[1];
    expect(data).toBeDefined();
    const [entry] = (JSON.parse(data!) as { queries: { key: unknown; data: TeamRating }[] }).queries;
    expect(entry?.data.elo).toBe(team.elo);
    const unknown = await t.app.inject({ method: 'GET', url: '/teams/00000000-0000-4000-8000-000000000000/rating' });
    expect(unknown.statusCode).toBe(404);
  });

  it("serves /ratings with its own title and the league's accuracy figures of all time", async () => {
    const page = await t.app.inject({ method: 'GET', url: '/ratings' });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('<title>How ratings work | Test League</title>');
    const data = page.body.match(new RegExp(`<script[^>]*id="${PAGE_DATA_ELEMENT_ID}"[^>]*>(.*?)</script>`, 's'))?.[1];
    const [entry] = (JSON.parse(data!) as { queries: { key: unknown; data: { matches: number; bins: unknown[]; baselines: object } }[] }).queries;
    expect(entry?.data.matches).toBeGreaterThan(0);
    expect(entry?.data.bins).toHaveLength(10);
    expect(Object.keys(entry!.data.baselines).sort()).toEqual(['coin', 'seed']);
  });
});
