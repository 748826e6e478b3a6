/**
 * The player rating shown on match, player and leaderboard pages: HLTV's published Rating 1.0
 * (docs/product.md, "Player rating"). Computed from totals, so a season's rating weighs each
 * round once, as a per-map average would not.
 */
export interface RatingInput {
  rounds: number;
  kills: number;
  deaths: number;
  /** Rounds in which the player killed exactly 2, 3, 4 and 5 opponents. */
  kills2k: number;
  kills3k: number;
  kills4k: number;
  kills5k: number;
}

/** 1k + 4·2k + 9·3k + 16·4k + 25·5k, where 1k rounds are the kills not in a multi-kill round. */
export function multiKillScore(input: Omit<RatingInput, 'rounds' | 'deaths'>): number {
  const singleKillRounds = input.kills - 2 * input.kills2k - 3 * input.kills3k - 4 * input.kills4k - 5 * input.kills5k;
  return singleKillRounds + 4 * input.kills2k + 9 * input.kills3k + 16 * input.kills4k + 25 * input.kills5k;
}

/**
 * Rating 1.0's averages per round (kills, rounds survived, multi-kill score), its survival
 * weight and its divisor. The leaderboard's SQL (apps/server match-stats/stat-sql.ts) reads
 * them from here, so both compute one formula.
 */
export const RATING_1_0 = { killsPerRound: 0.679, survivedPerRound: 0.317, multiKillScorePerRound: 1.277, survivalWeight: 0.7, divisor: 2.7 } as const;

/** Rating from summed rounds, kills, deaths and multi-kill score; null without rounds. */
export function ratingFromTotals(rounds: number, kills: number, deaths: number, multiKills: number): number | null {
  if (rounds <= 0) return null;
  const killRating = kills / rounds / RATING_1_0.killsPerRound;
  const survivalRating = (rounds - deaths) / rounds / RATING_1_0.survivedPerRound;
  const multiKillRating = multiKills / rounds / RATING_1_0.multiKillScorePerRound;
  return (killRating + RATING_1_0.survivalWeight * survivalRating + multiKillRating) / RATING_1_0.divisor;
}

export function rating(input: RatingInput): number | null {
  return ratingFromTotals(input.rounds, input.kills, input.deaths, multiKillScore(input));
}

/** Average damage per round; null when damage or rounds are unknown. */
export function averageDamagePerRound(damage: number | null, rounds: number): number | null {
  return damage === null || rounds <= 0 ? null : damage / rounds;
}

/** Kills per death; with no deaths the kills themselves (HLTV shows it so). */
export function killDeathRatio(kills: number, deaths: number): number {
  return deaths === 0 ? kills : kills / deaths;
}

/** Share of kills that were headshots, 0..100; null when headshots are unknown or no kills. */
export function headshotPercent(headshots: number | null, kills: number): number | null {
  return headshots === null || kills <= 0 ? null : (100 * headshots) / kills;
}
