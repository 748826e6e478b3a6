import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { rating } from './rating';
import { statRates, sumLines, type StoredLine } from './totals';

// Summed lines rate like one long line: the totals tables' rates are the lines' rates.

const storedLine = fc.integer({ min: 1, max: 40 }).chain((rounds) =>
  fc.record({
    rounds: fc.constant(rounds),
    kills: fc.integer({ min: 0, max: rounds * 2 }),
    deaths: fc.integer({ min: 0, max: rounds }),
    assists: fc.integer({ min: 0, max: rounds }),
    damage: fc.option(fc.integer({ min: 0, max: rounds * 200 })),
    headshots: fc.option(fc.integer({ min: 0, max: rounds })),
    kast_rounds: fc.option(fc.integer({ min: 0, max: rounds })),
    kills_2k: fc.option(fc.integer({ min: 0, max: 2 })),
    kills_3k: fc.constant(0),
    kills_4k: fc.constant(0),
    kills_5k: fc.constant(0),
  }),
);

describe('sumLines and statRates', () => {
  it('rate a set of complete lines like the rating of their sums', () => {
    fc.assert(
      fc.property(fc.array(storedLine, { minLength: 1, maxLength: 8 }), (lines: StoredLine[]) => {
        const complete = lines.map((line) => ({ ...line, kills_2k: line.kills_2k ?? 0, kills: Math.max(line.kills, 2 * (line.kills_2k ?? 0)) }));
        const sum = (key: 'rounds' | 'kills' | 'deaths' | 'kills_2k') => complete.reduce((total, line) => total + line[key], 0);
        const expected = rating({ rounds: sum('rounds'), kills: sum('kills'), deaths: sum('deaths'), kills2k: sum('kills_2k'), kills3k: 0, kills4k: 0, kills5k: 0 });
        expect(statRates(sumLines(complete)).rating).toBeCloseTo(expected!, 9);
      }),
    );
  });

  it('leave out of each rate the lines that lack its numerator, and give null, never 0, when none has it', () => {
    const known = { rounds: 20, kills: 10, deaths: 10, assists: 2, damage: 1600, headshots: 5, kast_rounds: 14, kills_2k: 1, kills_3k: 0, kills_4k: 0, kills_5k: 0 };
    const unknown = { rounds: 30, kills: 30, deaths: 5, assists: 2, damage: null, headshots: null, kast_rounds: null, kills_2k: null, kills_3k: null, kills_4k: null, kills_5k: null };
    const both = statRates(sumLines([known, unknown]));
    expect(both).toMatchObject({ adr: 80, hs_pct: 50, kast: 70, kd: 40 / 15 });
    expect(both.rating).toBeCloseTo(rating({ rounds: 20, kills: 10, deaths: 10, kills2k: 1, kills3k: 0, kills4k: 0, kills5k: 0 })!, 9);
    expect(statRates(sumLines([unknown]))).toEqual({ kd: 6, adr: null, hs_pct: null, kast: null, rating: null });
  });
});
