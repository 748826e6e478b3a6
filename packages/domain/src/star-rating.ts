import { eloOrDefault } from './elo';

export type StarRating = 1 | 2 | 3 | 4 | 5;

/** Below this average Elo a match can never look like a 4- or 5-star match. */
export const STAR_CAP_AVERAGE_ELO = 2000;
/** The cap keeps the score just under the 4-star threshold. */
export const STAR_CAP_SCORE = 0.49;

/** Lowest score for each rating, highest first; anything lower is 1 star. */
export const STAR_THRESHOLDS: readonly { readonly stars: StarRating; readonly minScore: number }[] = [
  { stars: 5, minScore: 0.6 },
  { stars: 4, minScore: 0.5 },
  { stars: 3, minScore: 0.35 },
  { stars: 2, minScore: 0.18 },
];

/**
 * Raw "how worth watching" score: close matches (small difference d) between strong teams
 * (high average m) score highest.
 */
export function starScore(eloA: number | null | undefined, eloB: number | null | undefined): number {
  const a = eloOrDefault(eloA);
  const b = eloOrDefault(eloB);
  const average = (a + b) / 2;
  const difference = Math.abs(a - b);
  const closeness = Math.exp(-difference / 400) + 0.15;
  const strength = 1 / (1 + Math.exp(-(average - 1800) / 400));
  const score = closeness * strength;
  return average < STAR_CAP_AVERAGE_ELO ? Math.min(score, STAR_CAP_SCORE) : score;
}

/** Maps a raw score to stars; exported separately so the exact thresholds can be tested. */
export function starsForScore(score: number): StarRating {
  for (const { stars, minScore } of STAR_THRESHOLDS) {
    if (score >= minScore) return stars;
  }
  return 1;
}

export function starRating(eloA: number | null | undefined, eloB: number | null | undefined): StarRating {
  return starsForScore(starScore(eloA, eloB));
}
