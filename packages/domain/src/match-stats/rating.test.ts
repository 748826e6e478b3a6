import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { averageDamagePerRound, headshotPercent, killDeathRatio, multiKillScore, rating } from './rating';
import { mapDisplayName } from './map-names';

/** A line that can happen: multi-kill rounds fit in the kills, deaths in the rounds. */
const line = fc
  .record({ rounds: fc.integer({ min: 1, max: 60 }), k2: fc.nat(10), k3: fc.nat(6), k4: fc.nat(3), k5: fc.nat(2), singles: fc.nat(40), deathShare: fc.double({ min: 0, max: 1, noNaN: true }) })
  .map(({ rounds, k2, k3, k4, k5, singles, deathShare }) => ({
    rounds,
    kills: singles + 2 * k2 + 3 * k3 + 4 * k4 + 5 * k5,
    deaths: Math.floor(deathShare * rounds),
    kills2k: k2,
    kills3k: k3,
    kills4k: k4,
    kills5k: k5,
  }));

describe('player rating (HLTV Rating 1.0)', () => {
  it('gives exactly 1.00 for a line at the averages HLTV scaled it to', () => {
    // 0.679 kills, 0.317 survived rounds and 1.277 multi-kill score per round: 299 2k rounds
    // make the score 81 + 4 * 299 = 1277 over 1000 rounds.
    expect(rating({ rounds: 1000, kills: 679, deaths: 683, kills2k: 299, kills3k: 0, kills4k: 0, kills5k: 0 })).toBeCloseTo(1, 12);
  });

  it('matches the published formula on a worked line', () => {
    // 22 rounds, 20 kills (two 2k rounds, one 3k), 15 deaths: 1k rounds = 20 - 4 - 3 = 13.
    const input = { rounds: 22, kills: 20, deaths: 15, kills2k: 2, kills3k: 1, kills4k: 0, kills5k: 0 };
    expect(multiKillScore(input)).toBe(13 + 8 + 9);
    expect(rating(input)).toBeCloseTo((20 / 22 / 0.679 + 0.7 * (7 / 22 / 0.317) + 30 / 22 / 1.277) / 2.7, 12);
  });

  it('is never negative and has no value without rounds', () => {
    fc.assert(fc.property(line, (input) => (rating(input) ?? -1) >= 0));
    expect(rating({ rounds: 0, kills: 0, deaths: 0, kills2k: 0, kills3k: 0, kills4k: 0, kills5k: 0 })).toBeNull();
  });

  it('rises with one more kill and falls with one more death', () => {
    fc.assert(
      fc.property(line, (input) => {
        const base = rating(input)!;
        expect(rating({ ...input, kills: input.kills + 1 })!).toBeGreaterThan(base);
        if (input.deaths < input.rounds) expect(rating({ ...input, deaths: input.deaths + 1 })!).toBeLessThan(base);
      }),
    );
  });

  it('does not change when every count and the rounds are doubled', () => {
    fc.assert(
      fc.property(line, (input) => {
        const doubled = Object.fromEntries(Object.entries(input).map(([key, value]) => [key, value * 2])) as typeof input;
        expect(rating(doubled)!).toBeCloseTo(rating(input)!, 10);
      }),
    );
  });
});

describe('per-round stats', () => {
  it('computes ADR, K/D and HS% and keeps unknown as null', () => {
    expect(averageDamagePerRound(1980, 22)).toBe(90);
    expect(averageDamagePerRound(null, 22)).toBeNull();
    expect(killDeathRatio(20, 10)).toBe(2);
    expect(killDeathRatio(5, 0)).toBe(5);
    expect(headshotPercent(10, 20)).toBe(50);
    expect(headshotPercent(null, 20)).toBeNull();
    expect(headshotPercent(0, 0)).toBeNull();
  });
});

describe('map display names', () => {
  it('names the active duty pool and falls back to the bare code', () => {
    expect(mapDisplayName('de_mirage')).toBe('Mirage');
    expect(mapDisplayName('de_dust2')).toBe('Dust II');
    expect(mapDisplayName('de_thera')).toBe('Thera');
  });
});
