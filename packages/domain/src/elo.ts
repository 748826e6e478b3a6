/** Elo a team or player has before it was ever rated (docs/product.md, defaults). */
export const DEFAULT_ELO = 1000;
/** Skill level of a player before Faceit reports one (docs/product.md, defaults). */
export const DEFAULT_SKILL_LEVEL = 1;
/** Maximum Elo a single match can move a team. */
export const ELO_K = 150;
/** Elo difference at which the stronger side is expected to score 10 times as often. */
export const ELO_SCALE = 800;

/** Result of a match from one side's point of view: loss, draw, win. */
export type EloResult = 0 | 0.5 | 1;

export interface EloChangePreview {
  win: number;
  loss: number;
}

/** A missing (or non-numeric) Elo counts as the default (docs/product.md, defaults). */
export function eloOrDefault(elo: number | null | undefined): number {
  return typeof elo === 'number' && Number.isFinite(elo) ? elo : DEFAULT_ELO;
}

/** Math.round, but never -0: a "-0" change would otherwise leak into displays and equality checks. */
export function roundElo(value: number): number {
  return Math.round(value) + 0;
}

/** Probability-like expected score of `own` against `opponent` (0..1); `scale` only differs in what-if evaluations. */
export function expectedScore(own: number, opponent: number, scale: number = ELO_SCALE): number {
  return 1 / (1 + 10 ** ((opponent - own) / scale));
}

/** How much `own` would gain on a win and lose on a loss against `opponent`. */
export function eloChangePreview(
  own: number | null | undefined,
  opponent: number | null | undefined,
): EloChangePreview {
  const expected = expectedScore(eloOrDefault(own), eloOrDefault(opponent));
  return {
    win: roundElo(ELO_K * (1 - expected)),
    loss: roundElo(ELO_K * (0 - expected)),
  };
}

/**
 * Elo after one match; `result` is 1 for a win, 0.5 for a draw, 0 for a loss. `k` and `scale`
 * only differ from the live rule in what-if evaluations (rating-accuracy).
 */
export function nextElo(current: number, opponent: number, result: EloResult, k: number = ELO_K, scale: number = ELO_SCALE): number {
  return roundElo(current + k * (result - expectedScore(current, opponent, scale)));
}
