import { describe, it, expect } from 'vitest';
import fc from 'fast-check';
import { STAR_THRESHOLDS, starRating, starScore, starsForScore } from './star-rating';
import type { StarRating } from './star-rating';

/** Score falls as the difference grows, so bisect on the difference d for a fixed average m. */
function differenceAtScore(average: number, target: number): number {
  let low = 0; // score(low) >= target
  let high = 4000; // score(high) < target
  expect(starScore(average, average)).toBeGreaterThanOrEqual(target);
  expect(starScore(average - high / 2, average + high / 2)).toBeLessThan(target);
  for (let i = 0; i < 200; i += 1) {
    const mid = (low + high) / 2;
    if (starScore(average - mid / 2, average + mid / 2) >= target) low = mid;
    else high = mid;
  }
  return low;
}

/** Score rises with the average, so bisect on the average m for two equal teams. */
function averageAtScore(target: number, low: number, high: number): number {
  expect(starScore(low, low)).toBeLessThan(target);
  expect(starScore(high, high)).toBeGreaterThanOrEqual(target);
  for (let i = 0; i < 200; i += 1) {
    const mid = (low + high) / 2;
    if (starScore(mid, mid) >= target) high = mid;
    else low = mid;
  }
  return high;
}

const thresholds = STAR_THRESHOLDS.map(({ stars, minScore }) => ({
  stars,
  below: (stars - 1) as StarRating,
  minScore,
}));

describe('starsForScore', () => {
  it('uses >= at every threshold', () => {
    expect(starsForScore(0.6)).toBe(5);
    expect(starsForScore(0.5999999)).toBe(4);
    expect(starsForScore(0.5)).toBe(4);
    expect(starsForScore(0.4999999)).toBe(3);
    expect(starsForScore(0.35)).toBe(3);
    expect(starsForScore(0.3499999)).toBe(2);
    expect(starsForScore(0.18)).toBe(2);
    expect(starsForScore(0.1799999)).toBe(1);
    expect(starsForScore(0)).toBe(1);
    expect(starsForScore(1.15)).toBe(5);
  });
});

describe('starScore', () => {
  it('matches hand computations', () => {
    // m 2000, d 0: 1.15 x 1 / (1 + e^-0.5) = 1.15 x 0.622459 = 0.715828
    expect(starScore(2000, 2000)).toBeCloseTo(0.715828, 6);
    // m 1000, d 0: 1.15 x 1 / (1 + e^2) = 1.15 x 0.119203 = 0.137083
    expect(starScore(1000, 1000)).toBeCloseTo(0.137083, 6);
    // m 2400, d 0: 1.15 x 1 / (1 + e^-1.5) = 1.15 x 0.817574 = 0.940211
    expect(starScore(2400, 2400)).toBeCloseTo(0.940211, 6);
  });

  it('counts a missing Elo as 1000', () => {
    expect(starScore(null, undefined)).toBe(starScore(1000, 1000));
    expect(starScore(null, 1400)).toBe(starScore(1000, 1400));
    expect(starScore(1400, undefined)).toBe(starScore(1400, 1000));
  });

  it('caps the score at 0.49 below an average of 2000', () => {
    // Uncapped this would be ~0.7158 (5 stars); the cap applies while m < 2000.
    expect(starScore(1999, 2000)).toBe(0.49);
    expect(starScore(1800, 1800)).toBe(0.49);
    expect(starScore(2000, 2000)).toBeGreaterThan(0.49);
  });
});

describe('starRating', () => {
  it('rates typical matches', () => {
    expect(starRating(1000, 1000)).toBe(1); // 0.137
    expect(starRating(null, null)).toBe(1);
    expect(starRating(1500, 1500)).toBe(3); // 0.369
    expect(starRating(2000, 2000)).toBe(5); // 0.716
    expect(starRating(2400, 2400)).toBe(5);
  });

  it('jumps from the 0.49 cap to 5 stars exactly at an average of 2000', () => {
    expect(starRating(1999, 2000)).toBe(3); // m 1999.5: capped at 0.49
    expect(starRating(1999.999, 2000)).toBe(3);
    expect(starRating(2000, 2000)).toBe(5);
    expect(starRating(1990, 2010)).toBe(5); // m 2000, d 20
  });

  it('straddles the 5/4 threshold at integer Elo pairs (m 2000)', () => {
    // d 82: (e^-0.205 + 0.15) x 0.622459 = 0.60045; d 84: (e^-0.21 + 0.15) x 0.622459 = 0.59792
    expect(starScore(1959, 2041)).toBeCloseTo(0.60045, 5);
    expect(starRating(1959, 2041)).toBe(5);
    expect(starScore(1958, 2042)).toBeCloseTo(0.59792, 5);
    expect(starRating(1958, 2042)).toBe(4);
  });

  it('straddles the 3/2 threshold at integer Elo pairs (equal teams)', () => {
    // m 1470: 1.15 / (1 + e^(330/400)) = 0.35041; m 1469: 1.15 / (1 + e^(331/400)) = 0.34980
    expect(starScore(1470, 1470)).toBeCloseTo(0.35041, 5);
    expect(starRating(1470, 1470)).toBe(3);
    expect(starScore(1469, 1469)).toBeCloseTo(0.3498, 4);
    expect(starRating(1469, 1469)).toBe(2);
  });

  describe.each([2000, 2100, 2400])('at average %i, just either side of each threshold (by difference)', (average) => {
    it.each(thresholds)('$minScore separates $stars from $below stars', ({ stars, below, minScore }) => {
      const edge = differenceAtScore(average, minScore);
      const epsilon = 1e-6;
      expect(starRating(average - (edge - epsilon) / 2, average + (edge - epsilon) / 2)).toBe(stars);
      expect(starRating(average - (edge + epsilon) / 2, average + (edge + epsilon) / 2)).toBe(below);
    });
  });

  it.each(thresholds.filter(({ minScore }) => minScore < 0.49))(
    'below the cap, $minScore separates $stars from $below stars (by average, equal teams)',
    ({ stars, below, minScore }) => {
      const edge = averageAtScore(minScore, 0, 1999);
      const epsilon = 1e-6;
      expect(edge).toBeLessThan(2000);
      expect(starRating(edge + epsilon, edge + epsilon)).toBe(stars);
      expect(starRating(edge - epsilon, edge - epsilon)).toBe(below);
    },
  );

  it('straddles every threshold at some integer pair near the edge', () => {
    // Independent of the bisection: scan even differences at m 2000 and m 1500.
    for (const average of [2000, 1500]) {
      for (const { stars, below, minScore } of thresholds) {
        if (average < 2000 && minScore > 0.49) continue;
        let d = 0;
        while (starScore(average - (d + 2) / 2, average + (d + 2) / 2) >= minScore) d += 2;
        expect(starRating(average - d / 2, average + d / 2)).toBe(stars);
        expect(starRating(average - (d + 2) / 2, average + (d + 2) / 2)).toBe(below);
        expect(starScore(average - d / 2, average + d / 2) - minScore).toBeLessThan(0.01);
      }
    }
  });

  const eloArb = fc.double({ min: 0, max: 4000, noNaN: true });

  it('never gives 4 or 5 stars below an average of 2000', () => {
    fc.assert(
      fc.property(eloArb, eloArb, (a, b) => {
        fc.pre((a + b) / 2 < 2000);
        expect(starScore(a, b)).toBeLessThanOrEqual(0.49);
        expect(starRating(a, b)).toBeLessThanOrEqual(3);
      }),
    );
  });

  it('is symmetric and always 1..5', () => {
    fc.assert(
      fc.property(eloArb, eloArb, (a, b) => {
        const stars = starRating(a, b);
        expect(stars).toBe(starRating(b, a));
        expect([1, 2, 3, 4, 5]).toContain(stars);
      }),
    );
  });

  it('never rises as the gap widens, never falls as both teams get stronger', () => {
    const nat = fc.integer({ min: 0, max: 1000 });
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 4000 }), nat, nat, (average, d, extra) => {
        const narrow = starRating(average - d / 2, average + d / 2);
        const wide = starRating(average - (d + extra) / 2, average + (d + extra) / 2);
        expect(wide).toBeLessThanOrEqual(narrow);
        const stronger = starRating(average + extra - d / 2, average + extra + d / 2);
        expect(stronger).toBeGreaterThanOrEqual(narrow);
      }),
    );
  });
});
