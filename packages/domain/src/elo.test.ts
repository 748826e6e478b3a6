import { describe, it, expect } from 'vitest';
import fc from 'fast-check';
import {
  DEFAULT_ELO,
  DEFAULT_SKILL_LEVEL,
  ELO_K,
  ELO_SCALE,
  eloChangePreview,
  eloOrDefault,
  expectedScore,
  nextElo,
  roundElo,
} from './elo';

const elo = fc.integer({ min: 0, max: 4000 });

describe('constants', () => {
  it('match docs/product.md', () => {
    expect(DEFAULT_ELO).toBe(1000);
    expect(DEFAULT_SKILL_LEVEL).toBe(1);
    expect(ELO_K).toBe(150);
    expect(ELO_SCALE).toBe(800);
  });
});

describe('eloOrDefault / roundElo', () => {
  it('replaces a missing or non-numeric Elo with 1000 but keeps 0', () => {
    expect(eloOrDefault(null)).toBe(1000);
    expect(eloOrDefault(undefined)).toBe(1000);
    expect(eloOrDefault(Number.NaN)).toBe(1000);
    expect(eloOrDefault(0)).toBe(0);
    expect(eloOrDefault(1234)).toBe(1234);
  });

  it('never returns -0', () => {
    expect(Object.is(roundElo(-0.3), 0)).toBe(true);
    expect(roundElo(2.5)).toBe(3);
    expect(roundElo(-2.6)).toBe(-3);
  });
});

describe('expectedScore', () => {
  it('is one half between equals', () => {
    expect(expectedScore(1000, 1000)).toBe(0.5);
  });

  it('gives 10:1 odds at a difference of 800', () => {
    // 1 / (1 + 10^(-800/800)) = 1 / 1.1 = 10/11
    expect(expectedScore(1800, 1000)).toBeCloseTo(10 / 11, 12);
    expect(expectedScore(1000, 1800)).toBeCloseTo(1 / 11, 12);
  });

  it('matches a hand computation for a 200 point gap', () => {
    // 1 / (1 + 10^(-200/800)) = 1 / (1 + 0.562341) = 0.640065
    expect(expectedScore(1200, 1000)).toBeCloseTo(0.640065, 6);
  });

  it('adds up to 1 for both sides and grows with own Elo', () => {
    fc.assert(
      fc.property(elo, elo, fc.integer({ min: 1, max: 500 }), (a, b, gain) => {
        expect(expectedScore(a, b) + expectedScore(b, a)).toBeCloseTo(1, 12);
        expect(expectedScore(a + gain, b)).toBeGreaterThan(expectedScore(a, b));
      }),
    );
  });
});

describe('eloChangePreview', () => {
  it('is +75 / -75 between equals', () => {
    expect(eloChangePreview(1000, 1000)).toEqual({ win: 75, loss: -75 });
  });

  it('matches a hand computation for a 200 point gap', () => {
    // expected(1200 vs 1000) = 0.640065: win = round(150 x 0.359935) = round(53.99) = 54,
    // loss = round(-150 x 0.640065) = round(-96.01) = -96; the underdog sees the mirror image.
    expect(eloChangePreview(1200, 1000)).toEqual({ win: 54, loss: -96 });
    expect(eloChangePreview(1000, 1200)).toEqual({ win: 96, loss: -54 });
  });

  it('counts a missing Elo as 1000', () => {
    expect(eloChangePreview(null, undefined)).toEqual({ win: 75, loss: -75 });
    expect(eloChangePreview(null, 1200)).toEqual(eloChangePreview(1000, 1200));
    expect(eloChangePreview(1200, undefined)).toEqual(eloChangePreview(1200, 1000));
  });

  it('saturates at the K factor and shows 0, not -0, when nothing is at stake', () => {
    const favourite = eloChangePreview(3000, 1000);
    expect(favourite.win).toBe(0);
    expect(favourite.loss).toBe(-150);
    expect(Object.is(favourite.win, 0)).toBe(true);
    const underdog = eloChangePreview(1000, 3000);
    expect(underdog).toEqual({ win: 150, loss: 0 });
    expect(Object.is(underdog.loss, 0)).toBe(true);
  });

  it('wins are in 0..150, losses in -150..0, and they span K up to rounding', () => {
    fc.assert(
      fc.property(elo, elo, (a, b) => {
        const { win, loss } = eloChangePreview(a, b);
        expect(win).toBeGreaterThanOrEqual(0);
        expect(win).toBeLessThanOrEqual(ELO_K);
        expect(loss).toBeLessThanOrEqual(0);
        expect(loss).toBeGreaterThanOrEqual(-ELO_K);
        expect(Number.isInteger(win) && Number.isInteger(loss)).toBe(true);
        expect(Math.abs(win - loss - ELO_K)).toBeLessThanOrEqual(1);
      }),
    );
  });

  it("one side's win mirrors the other side's loss (up to rounding)", () => {
    fc.assert(
      fc.property(elo, elo, (a, b) => {
        expect(Math.abs(eloChangePreview(a, b).win + eloChangePreview(b, a).loss)).toBeLessThanOrEqual(1);
      }),
    );
  });
});

describe('nextElo', () => {
  it('matches hand computations', () => {
    expect(nextElo(1000, 1000, 1)).toBe(1075);
    expect(nextElo(1000, 1000, 0)).toBe(925);
    expect(nextElo(1000, 1000, 0.5)).toBe(1000);
    // 1200 + 53.99 = 1253.99 -> 1254; 1000 - 53.99 = 946.01 -> 946
    expect(nextElo(1200, 1000, 1)).toBe(1254);
    expect(nextElo(1000, 1200, 0)).toBe(946);
    // A draw against a stronger team still gains: 1000 + 150 x (0.5 - 0.359935) = 1021.01
    expect(nextElo(1000, 1200, 0.5)).toBe(1021);
  });

  it('agrees with the preview for integer Elo', () => {
    fc.assert(
      fc.property(elo, elo, (a, b) => {
        const preview = eloChangePreview(a, b);
        expect(nextElo(a, b, 1)).toBe(a + preview.win);
        expect(nextElo(a, b, 0)).toBe(a + preview.loss);
      }),
    );
  });

  it('orders loss <= draw <= win and never moves more than K', () => {
    fc.assert(
      fc.property(elo, elo, (a, b) => {
        const loss = nextElo(a, b, 0);
        const draw = nextElo(a, b, 0.5);
        const win = nextElo(a, b, 1);
        expect(loss).toBeLessThanOrEqual(draw);
        expect(draw).toBeLessThanOrEqual(win);
        expect(a - loss).toBeLessThanOrEqual(ELO_K);
        expect(win - a).toBeLessThanOrEqual(ELO_K);
      }),
    );
  });
});
