import { describe, it, expect } from 'vitest';
import fc from 'fast-check';
import { teamEloCalculation, teamEloFromRoster } from './team-elo';
import type { RosterPlayer } from './team-elo';

const active = (elo: number | null): RosterPlayer => ({ elo, benched: false });
const benched = (elo: number | null): RosterPlayer => ({ elo, benched: true });

describe('teamEloFromRoster', () => {
  it('matches a hand computation for three players', () => {
    // Counted: 1200, 1000, 800 (the benched 3000, the null and the 0 are left out).
    // mean = 1000; sample variance = (200² + 0² + 200²) / (3 - 1) = 40000; sd = 200
    // 1000 - 0.1 x 200 = 980
    const roster = [active(1200), active(1000), active(800), benched(3000), active(null), active(0)];
    expect(teamEloFromRoster(roster)).toBe(980);
  });

  it('uses only the top five of a larger roster', () => {
    // Top five: 2000, 1900, 1800, 1700, 1600 (the 100 is dropped). mean = 1800;
    // squared deviations 40000 + 10000 + 0 + 10000 + 40000 = 100000; / 4 = 25000; sd = 158.114
    // 1800 - 15.811 = 1784.19 -> 1784
    const roster = [1600, 100, 2000, 1700, 1900, 1800].map(active);
    expect(teamEloFromRoster(roster)).toBe(1784);
  });

  it('rounds half up, like Math.round', () => {
    // Two players 1010 and 1000: mean 1005, sd = 10 / sqrt(2) = 7.0711; 1005 - 0.70711 = 1004.29 -> 1004
    expect(teamEloFromRoster([active(1010), active(1000)])).toBe(1004);
  });

  it('is the plain Elo when every counted player is equal', () => {
    expect(teamEloFromRoster([active(1500), active(1500), active(1500)])).toBe(1500);
  });

  it('is null with fewer than two rated, active players', () => {
    expect(teamEloFromRoster([])).toBeNull();
    expect(teamEloFromRoster([active(1500)])).toBeNull();
    expect(teamEloFromRoster([active(1500), benched(1600), active(null), active(0), active(-20)])).toBeNull();
  });

  const roster = fc.array(
    fc.record({
      elo: fc.option(fc.integer({ min: -100, max: 4000 }), { nil: null }),
      benched: fc.boolean(),
    }),
    { maxLength: 12 },
  );

  it('lies between the weakest counted player and the mean (up to rounding)', () => {
    fc.assert(
      fc.property(roster, (players) => {
        const counted = players
          .filter((p) => !p.benched && p.elo !== null && p.elo > 0)
          .map((p) => p.elo as number)
          .sort((a, b) => b - a)
          .slice(0, 5);
        const result = teamEloFromRoster(players);
        if (counted.length < 2) {
          expect(result).toBeNull();
          return;
        }
        const mean = counted.reduce((s, e) => s + e, 0) / counted.length;
        expect(result).not.toBeNull();
        expect(Number.isInteger(result)).toBe(true);
        expect(result as number).toBeGreaterThanOrEqual(Math.min(...counted) - 0.5);
        expect(result as number).toBeLessThanOrEqual(mean + 0.5);
      }),
    );
  });

  it('ignores order, benched players and unrated players', () => {
    fc.assert(
      fc.property(
        roster,
        fc.array(fc.oneof(fc.integer({ min: 1, max: 4000 }).map(benched), fc.constant(active(null)), fc.constant(active(0)))),
        (players, noise) => {
          const shuffled = [...players].reverse();
          expect(teamEloFromRoster([...shuffled, ...noise])).toBe(teamEloFromRoster(players));
        },
      ),
    );
  });

  it('ignores a sixth player weaker than the top five', () => {
    fc.assert(
      fc.property(fc.array(fc.integer({ min: 1001, max: 4000 }), { minLength: 5, maxLength: 5 }), fc.integer({ min: 1, max: 1000 }), (top, weaker) => {
        const five = top.map(active);
        expect(teamEloFromRoster([...five, active(weaker)])).toBe(teamEloFromRoster(five));
      }),
    );
  });
});

describe('teamEloCalculation', () => {
  it('gives the lineup, mean and spread behind teamEloFromRoster', () => {
    const roster = [1600, 100, 2000, 1700, 1900, 1800].map((elo, i) => ({ ...active(elo), name: `P${i}` }));
    const calculation = teamEloCalculation(roster)!;
    expect(calculation.lineup.map((p) => p.name)).toEqual(['P2', 'P4', 'P5', 'P3', 'P0']);
    expect(calculation.mean).toBe(1800);
    expect(calculation.spread).toBeCloseTo(158.114, 3);
    expect(calculation.elo).toBe(teamEloFromRoster(roster));
    expect(teamEloCalculation([active(1000)])).toBeNull();
  });
});
