/*
 * Glicko-2, as Mark Glickman publishes it in "Example of the Glicko-2 system" (steps 1-8),
 * written from the paper's formulas. Ratings are on the Glicko scale (1500 centre); the
 * algorithm works on its own scale, 173.7178 Glicko points to one unit.
 */

export interface Glicko2Rating {
  rating: number;
  deviation: number;
  volatility: number;
}

export interface Glicko2Game {
  opponent: Pick<Glicko2Rating, 'rating' | 'deviation'>;
  /** 1 a win, 0.5 a draw, 0 a loss. */
  score: number;
}

/** The paper's defaults for an unrated player. */
export const GLICKO2_DEFAULT_RATING = 1500;
export const GLICKO2_DEFAULT_DEVIATION = 350;
export const GLICKO2_DEFAULT_VOLATILITY = 0.06;
const SCALE = 173.7178;
/** Convergence tolerance of step 5 (the paper's epsilon). */
const EPSILON = 0.000001;

/** The paper's g(phi): how much an opponent's uncertainty flattens the expected score. */
export function glicko2G(phi: number): number {
  return 1 / Math.sqrt(1 + (3 * phi * phi) / (Math.PI * Math.PI));
}

/** The paper's E(mu, mu_j, phi_j), on the algorithm's scale. */
function expected(mu: number, muJ: number, phiJ: number): number {
  return 1 / (1 + Math.exp(-glicko2G(phiJ) * (mu - muJ)));
}

/**
 * Chance that a side rated `own` beats one rated `opponent`: the paper's E with both sides'
 * deviations combined, so the two sides' chances add up to 1.
 */
export function glicko2WinChance(own: Pick<Glicko2Rating, 'rating' | 'deviation'>, opponent: Pick<Glicko2Rating, 'rating' | 'deviation'>): number {
  const phi = Math.hypot(own.deviation, opponent.deviation) / SCALE;
  return expected((own.rating - GLICKO2_DEFAULT_RATING) / SCALE, (opponent.rating - GLICKO2_DEFAULT_RATING) / SCALE, phi);
}

/** One rating period for one player (steps 2-8); with no games only the deviation grows (step 6). */
export function glicko2Update(player: Glicko2Rating, games: readonly Glicko2Game[], tau: number): Glicko2Rating {
  const mu = (player.rating - GLICKO2_DEFAULT_RATING) / SCALE;
  const phi = player.deviation / SCALE;
  const sigma = player.volatility;
  if (games.length === 0) return { ...player, deviation: Math.sqrt(phi * phi + sigma * sigma) * SCALE };

  // Step 3 (v) and step 4 (the sum behind delta).
  let vInverse = 0;
  let improvement = 0;
  for (const game of games) {
    const muJ = (game.opponent.rating - GLICKO2_DEFAULT_RATING) / SCALE;
    const phiJ = game.opponent.deviation / SCALE;
    const g = glicko2G(phiJ);
    const e = expected(mu, muJ, phiJ);
    vInverse += g * g * e * (1 - e);
    improvement += g * (game.score - e);
  }
  const v = 1 / vInverse;
  const delta = v * improvement;

  // Step 5: the new volatility, by the paper's Illinois iteration.
  const a = Math.log(sigma * sigma);
  const f = (x: number) => {
    const ex = Math.exp(x);
    const denominator = phi * phi + v + ex;
    return (ex * (delta * delta - phi * phi - v - ex)) / (2 * denominator * denominator) - (x - a) / (tau * tau);
  };
  let lower = a;
  let upper: number;
  if (delta * delta > phi * phi + v) {
    upper = Math.log(delta * delta - phi * phi - v);
  } else {
    let k = 1;
    while (f(a - k * tau) < 0) k += 1;
    upper = a - k * tau;
  }
  let fLower = f(lower);
  let fUpper = f(upper);
  while (Math.abs(upper - lower) > EPSILON) {
    const c = lower + ((lower - upper) * fLower) / (fUpper - fLower);
    const fC = f(c);
    if (fC * fUpper <= 0) {
      lower = upper;
      fLower = fUpper;
    } else {
      fLower /= 2;
    }
    upper = c;
    fUpper = fC;
  }
  const newSigma = Math.exp(lower / 2);

  // Steps 6-8.
  const phiStar = Math.sqrt(phi * phi + newSigma * newSigma);
  const newPhi = 1 / Math.sqrt(1 / (phiStar * phiStar) + 1 / v);
  const newMu = mu + newPhi * newPhi * improvement;
  return { rating: newMu * SCALE + GLICKO2_DEFAULT_RATING, deviation: newPhi * SCALE, volatility: newSigma };
}
