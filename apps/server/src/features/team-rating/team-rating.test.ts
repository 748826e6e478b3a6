import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PAGE_DATA_ELEMENT_ID, teamEloCalculateInput, type TeamListItem, type TeamPage, type TeamRating } from '@campus-elo/api-contract';
import { PROVISIONAL_MATCHES, TEAM_ELO_SPREAD_PENALTY } from '@campus-elo/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createStaffTestApp, type StaffTestApp } from '../auth/testing';
import { calculateTeamElo } from '../elo/team-elo-calculate';
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

/** Each step starts where the one before ended, and the page's sum is the team's Elo. */
function expectAddsUp(body: TeamRating, elo: number, label: string) {
  let running = body.start.elo;
  for (const step of body.steps) {
    expect(step.elo_before, label).toBe(running);
    running += step.change;
    expect(step.total, label).toBe(running);
  }
  expect(running, label).toBe(elo);
  expect(body.elo, label).toBe(elo);
}

/** The best five active, rated players of a team as the database has them now, best first. */
async function lineupOf(teamId: string) {
  const players = await t.database.db
    .selectFrom('players')
    .select(['id', 'name', 'elo'])
    .where('team_id', '=', teamId)
    .where('benched', '=', false)
    .where('elo', '>', 0)
    .orderBy('elo', 'desc')
    .execute();
  return players.slice(0, 5);
}

describe('provisional ratings', () => {
  it(`marks exactly the teams with fewer than ${PROVISIONAL_MATCHES} rated matches, on the rating, the team page and the rankings rows`, async () => {
    const rated = new Map<string, number>();
    const rows = await t.database.db.selectFrom('matches').innerJoin('match_elo', 'match_elo.match_id', 'matches.id').select(['team1_id', 'team2_id']).execute();
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

// Last: Calculate Team ELO changes the demo teams' Elo the tests above read.
describe("the starting Elo's origin (Calculate Team ELO's numbers, migration 0101)", () => {
  it("shows each demo team's start as calculated from its roster, with the players, mean and spread that gave it", async () => {
    const team = teams[0]!;
    const { body } = await get<TeamRating>(`/v1/public/teams/${team.id}/rating`);
    expect(body.start.origin).toBe('calculated');
    const calculation = body.start.calculation!;
    expect(calculation.elo).toBe(body.start.elo);
    expect(calculation.spread_penalty).toBe(TEAM_ELO_SPREAD_PENALTY);
    // The seed drew these players with the team: the stored lineup is the roster's best five.
    const lineup = await lineupOf(team.id);
    expect(calculation.players.map((p) => p.elo)).toEqual(lineup.map((p) => p.elo));
    expect(calculation.players.every((p) => lineup.some((l) => l.id === p.id && l.name === p.name))).toBe(true);
    expect(calculation.mean).toBeCloseTo(lineup.reduce((sum, p) => sum + p.elo, 0) / lineup.length, 6);
  });

  it('stores the numbers of a Calculate Team ELO run with its adjustments, and the rating read returns them; every page still adds up', async () => {
    await calculateTeamElo(t.database.db, teamEloCalculateInput.parse({}), t.admin);
    const adjusted = await t.database.db
      .selectFrom('elo_adjustments')
      .select(['team_id', 'elo_after', 'calculation'])
      .where('reason', '=', 'calculate')
      .execute();
    expect(adjusted.length).toBeGreaterThan(0);
    const { team_id: teamId, elo_after: eloAfter } = adjusted[0]!;
    const lineup = await lineupOf(teamId);

    const { body } = await get<TeamRating>(`/v1/public/teams/${teamId}/rating`);
    const step = body.steps.find((s) => s.kind === 'adjustment' && s.reason === 'calculate');
    if (step?.kind !== 'adjustment') throw new Error('no Calculate step');
    expect(step.elo_before + step.change).toBe(eloAfter);
    expect(step.calculation).toMatchObject({ spread_penalty: TEAM_ELO_SPREAD_PENALTY, elo: eloAfter });
    // Players of equal Elo may come in either order.
    const keys = (players: { id: string; name: string; elo: number }[]) => players.map((p) => `${p.id} ${p.name} ${p.elo}`).sort();
    expect(keys(step.calculation!.players)).toEqual(keys(lineup));
    expect(step.calculation!.mean).toBeCloseTo(lineup.reduce((sum, p) => sum + p.elo, 0) / lineup.length, 6);

    const now = await t.database.db.selectFrom('teams').select(['id', 'elo']).execute();
    for (const team of now) expectAddsUp((await get<TeamRating>(`/v1/public/teams/${team.id}/rating`)).body, team.elo, `team ${team.id}`);
  }, 120_000);

  it('answers null for an adjustment stored without its numbers (before migration 0101)', async () => {
    const adjustment = await t.database.db.selectFrom('elo_adjustments').select(['id', 'team_id']).where('reason', '=', 'calculate').executeTakeFirstOrThrow();
    await t.database.db.updateTable('elo_adjustments').set({ calculation: null }).where('id', '=', adjustment.id).execute();
    const { body } = await get<TeamRating>(`/v1/public/teams/${adjustment.team_id}/rating`);
    const step = body.steps.find((s) => s.kind === 'adjustment' && s.reason === 'calculate');
    expect(step).toMatchObject({ kind: 'adjustment', calculation: null });
  });
});
