import type { StandingsOutput, StandingsStakesOutput } from '@campus-elo/api-contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createStaffTestApp, type StaffTestApp } from '../auth/testing';
import { seedDatabase } from '../seed/cli';

let t: StaffTestApp;

beforeAll(async () => {
  t = await createStaffTestApp();
  await seedDatabase(t.database.db, { kind: 'demo' }, () => {});
}, 180_000);
afterAll(() => t.close());

const get = async <T>(url: string) => (await t.app.inject({ method: 'GET', url })).json() as T;

describe('the demo league', () => {
  it('has divisions with lines in every season, and standings with tiebreaks and current chances', async () => {
    const seasons = await t.database.db.selectFrom('seasons').select(['id', 'name']).execute();
    expect(seasons.length).toBeGreaterThan(1);
    let tiebreaks = 0;
    for (const season of seasons) {
      const body = await get<StandingsOutput>(`/v1/public/standings?season_id=${season.id}`);
      expect(body.divisions.map((d) => d.name), season.name).toEqual(['NECC Division', 'Playfly Division']);
      for (const division of body.divisions) {
        expect(division.lines.map((l) => l.label)).toContain('Playoffs');
        expect(division.rows.length).toBeGreaterThanOrEqual(4);
        expect(division.chances_current).toBe(true);
        for (const row of division.rows) expect(row.chances).not.toBeNull();
        tiebreaks += division.rows.filter((r) => r.tiebreak !== null).length;
      }
    }
    expect(tiebreaks).toBeGreaterThan(0);
  });

  it("leaves the current season's races open, and says what its next matches are worth", async () => {
    const current = await get<StandingsOutput>('/v1/public/standings');
    const open = current.divisions.filter((d) => d.remaining > 0);
    expect(open.length).toBeGreaterThan(0);
    // Somebody's playoff chance is neither 0 nor 1.
    expect(open.flatMap((d) => d.rows).some((r) => (r.chances?.lines.Playoffs ?? 0) > 0.01 && (r.chances?.lines.Playoffs ?? 1) < 0.99)).toBe(true);
    const upcoming = await t.database.db.selectFrom('matches').select('id').where('season_id', '=', current.season!.id).where('status', '=', 'scheduled').limit(100).execute();
    const stakes = await get<StandingsStakesOutput>(`/v1/public/standings/stakes?match_ids=${upcoming.map((m) => m.id).join(',')}`);
    expect(stakes.results.length).toBeGreaterThan(0);
    expect(stakes.results.every((s) => s.line === 'Playoffs')).toBe(true);
  });
});
