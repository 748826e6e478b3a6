import { DEFAULT_ELO, ELO_K, ELO_SCALE, expectedScore, nextElo } from '../elo';
import { GLICKO2_DEFAULT_RATING, glicko2Update, glicko2WinChance, type Glicko2Rating } from './glicko2';

/** A rating system to replay history with: the live Elo, Elo with other constants, or Glicko-2. */
export type RatingSettings =
  | { system: 'elo'; k: number; scale: number }
  | { system: 'glicko2'; tau: number; deviation: number; volatility: number };

/** The live rating (docs/product.md, "Rules and formulas"). */
export const LIVE_RATING_SETTINGS: RatingSettings = { system: 'elo', k: ELO_K, scale: ELO_SCALE };

/**
 * Rated matches in ledger order, one entry per match in parallel arrays: a replay of 300,000
 * matches then reads numbers instead of objects. Teams are indices into the seeds.
 */
export interface RatedMatches {
  team1: Int32Array;
  team2: Int32Array;
  /** 1 when team 1 won, 0 when team 2 did (a rated match always has a winner). */
  team1Won: Uint8Array;
}

/**
 * Replays the matches from each team's seed (its starting Elo) under `settings` and answers
 * each match's chance for team 1, taken before the match moves anything.
 * Elo: the live rule (nextElo) with the setting's K and scale. Glicko-2: each match is its
 * own rating period for its two teams (nobody else's deviation grows meanwhile); a seed
 * becomes the Glicko rating at the same distance from the default as on the Elo scale
 * (1500 + (seed - 1000) x 400 / Elo scale), so a stronger seed stays as much stronger.
 */
export function replayChances(seeds: ArrayLike<number>, matches: RatedMatches, settings: RatingSettings): Float64Array {
  return settings.system === 'elo' ? replayEloChances(seeds, matches, settings.k, settings.scale) : replayGlicko2Chances(seeds, matches, settings);
}

function replayEloChances(seeds: ArrayLike<number>, matches: RatedMatches, k: number, scale: number): Float64Array {
  const elo = Float64Array.from(seeds);
  const count = matches.team1.length;
  const chances = new Float64Array(count);
  for (let i = 0; i < count; i += 1) {
    const a = matches.team1[i] as number;
    const b = matches.team2[i] as number;
    const before1 = elo[a] as number;
    const before2 = elo[b] as number;
    chances[i] = expectedScore(before1, before2, scale);
    const won = matches.team1Won[i] === 1;
    elo[a] = nextElo(before1, before2, won ? 1 : 0, k, scale);
    elo[b] = nextElo(before2, before1, won ? 0 : 1, k, scale);
  }
  return chances;
}

function replayGlicko2Chances(seeds: ArrayLike<number>, matches: RatedMatches, settings: Extract<RatingSettings, { system: 'glicko2' }>): Float64Array {
  const ratings: Glicko2Rating[] = Array.from({ length: seeds.length }, (_, i) => ({
    rating: GLICKO2_DEFAULT_RATING + (((seeds[i] as number) - DEFAULT_ELO) * 400) / ELO_SCALE,
    deviation: settings.deviation,
    volatility: settings.volatility,
  }));
  const count = matches.team1.length;
  const chances = new Float64Array(count);
  for (let i = 0; i < count; i += 1) {
    const a = matches.team1[i] as number;
    const b = matches.team2[i] as number;
    const one = ratings[a] as Glicko2Rating;
    const two = ratings[b] as Glicko2Rating;
    chances[i] = glicko2WinChance(one, two);
    const score = matches.team1Won[i] as number;
    ratings[a] = glicko2Update(one, [{ opponent: two, score }], settings.tau);
    ratings[b] = glicko2Update(two, [{ opponent: one, score: 1 - score }], settings.tau);
  }
  return chances;
}

/** The 'higher starting Elo wins' baseline's chances: the live expected score of the two seeds, never updated. */
export function seedChances(seeds: ArrayLike<number>, matches: RatedMatches): Float64Array {
  const count = matches.team1.length;
  const chances = new Float64Array(count);
  for (let i = 0; i < count; i += 1) chances[i] = expectedScore(seeds[matches.team1[i] as number] as number, seeds[matches.team2[i] as number] as number);
  return chances;
}
