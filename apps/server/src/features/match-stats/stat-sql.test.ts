import { createTestDatabase, type TestDatabase } from '@campus-elo/db';
import { mapWinPercent, statRates, type LineTotals } from '@campus-elo/domain';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LINE_TOTAL_COLUMNS } from './totals';

// The leaderboards sort by stored columns (migrations 0097, 0100) computed by the formulas the
// answers use from packages/domain: the two must agree on every totals row, including rows
// without rated rounds, damage, deaths or maps played.

let database: TestDatabase;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(() => database.close());

/** A deterministic spread of totals (a fixed-seed generator), with the edge cases first. */
function sampleTotals(): LineTotals[] {
  let seed = 24;
  const next = (max: number) => {
    seed = (seed * 1103515245 + 12345) % 2147483648;
    return Math.floor(seed / 65536) % (max + 1);
  };
  const zero = Object.fromEntries(LINE_TOTAL_COLUMNS.map((column) => [column, 0])) as unknown as LineTotals;
  const rows: LineTotals[] = [zero, { ...zero, maps: 1, rounds: 20, kills: 7, deaths: 0 }];
  for (let i = 0; i < 200; i++) {
    const rounds = next(2000);
    const ratedRounds = next(1) === 0 ? 0 : next(rounds);
    const ratedKills = next(ratedRounds * 2);
    rows.push({
      maps: next(80),
      rounds,
      kills: next(rounds * 2),
      deaths: next(rounds),
      assists: next(rounds),
      damage: next(rounds * 150),
      damage_rounds: next(1) === 0 ? 0 : next(rounds),
      headshots: next(rounds),
      headshot_kills: next(1) === 0 ? 0 : next(rounds * 2),
      kast_rounds: next(rounds),
      kast_known_rounds: next(rounds),
      rated_rounds: ratedRounds,
      rated_kills: ratedKills,
      rated_deaths: next(ratedRounds),
      rated_multi_kill_score: ratedKills + next(ratedKills * 3),
    });
  }
  return rows;
}

describe('leaderboard SQL and the domain formulas', () => {
  it('compute the same rating, ADR, K/D and HS% for every totals row', async () => {
    const rows = sampleTotals();
    // Each sample is a season's totals row, whose rates PostgreSQL keeps.
    const key = (index: number) => `00000000-0000-4000-8000-${String(index).padStart(12, '0')}`;
    await database.db
      .insertInto('player_season_stats')
      .values(rows.map((row, index) => ({ season_id: key(1), team_id: key(2), player_id: key(1000 + index), ...row })))
      .execute();
    const { rows: computed } = await sql<{ index: number; rating: number | null; adr: number | null; kd: number; hs_pct: number | null; plus_minus: number }>`
      SELECT right(s.player_id::text, 12)::int - 1000 AS index, s.rating, s.adr, s.kd, s.hs_pct, s.plus_minus
      FROM player_season_stats s ORDER BY s.player_id`.execute(database.db);
    expect(computed).toHaveLength(rows.length);
    let rated = 0;
    for (const row of computed) {
      const totals = rows[row.index]!;
      const domain = statRates(totals);
      for (const rate of ['rating', 'adr', 'kd', 'hs_pct'] as const) {
        const expected = domain[rate];
        if (expected === null) expect(row[rate], `${rate} of row ${row.index}`).toBeNull();
        else expect(Number(row[rate]), `${rate} of row ${row.index}`).toBeCloseTo(expected, 9);
      }
      expect(Number(row.plus_minus)).toBe(totals.kills - totals.deaths);
      if (domain.rating !== null) rated++;
    }
    expect(rated).toBeGreaterThan(50);
  });

  it('compute the same map win % for every team map row', async () => {
    const key = (index: number) => `00000000-0000-4000-8000-${String(index).padStart(12, '0')}`;
    const samples = [
      { played: 0, wins: 0 },
      { played: 3, wins: 0 },
      { played: 3, wins: 1 },
      { played: 7, wins: 7 },
      { played: 11, wins: 4 },
      { played: 997, wins: 451 },
    ];
    await database.db
      .insertInto('team_season_map_stats')
      .values(samples.map((sample, index) => ({ season_id: key(1), team_id: key(2000 + index), map: 'de_nuke', ...sample, bans: 1 })))
      .execute();
    const { rows } = await sql<{ index: number; win_pct: number | null }>`
      SELECT right(team_id::text, 12)::int - 2000 AS index, win_pct FROM team_season_map_stats ORDER BY team_id`.execute(database.db);
    expect(rows).toHaveLength(samples.length);
    for (const row of rows) {
      const { wins, played } = samples[row.index]!;
      const expected = mapWinPercent(wins, played);
      if (expected === null) expect(row.win_pct).toBeNull();
      else expect(Number(row.win_pct)).toBeCloseTo(expected, 9);
    }
  });
});
