import { averageDamagePerRound, headshotPercent, killDeathRatio, multiKillScore, ratingFromTotals } from './rating';

/**
 * Summed player lines, as the totals tables keep them (migration 0096): each rate keeps its
 * own denominator over the lines that know its numerator, and the rating sums only the lines
 * with every multi-kill count.
 */
export interface LineTotals {
  maps: number;
  rounds: number;
  kills: number;
  deaths: number;
  assists: number;
  /** Damage of the lines that know it, over their rounds. */
  damage: number;
  damage_rounds: number;
  /** Headshots of the lines that know them, over their kills. */
  headshots: number;
  headshot_kills: number;
  kast_rounds: number;
  kast_known_rounds: number;
  rated_rounds: number;
  rated_kills: number;
  rated_deaths: number;
  rated_multi_kill_score: number;
}

export interface StatRates {
  kd: number;
  adr: number | null;
  hs_pct: number | null;
  /** Share of rounds with a kill, assist, survival or trade, 0..100: only where the source gives it. */
  kast: number | null;
  rating: number | null;
}

export function statRates(totals: LineTotals): StatRates {
  return {
    kd: killDeathRatio(totals.kills, totals.deaths),
    adr: averageDamagePerRound(totals.damage_rounds > 0 ? totals.damage : null, totals.damage_rounds),
    hs_pct: headshotPercent(totals.headshot_kills > 0 ? totals.headshots : null, totals.headshot_kills),
    kast: totals.kast_known_rounds > 0 ? (100 * totals.kast_rounds) / totals.kast_known_rounds : null,
    rating: totals.rated_rounds > 0 ? ratingFromTotals(totals.rated_rounds, totals.rated_kills, totals.rated_deaths, totals.rated_multi_kill_score) : null,
  };
}

/** One map's line as stored: null counts are unknown to the source. */
export interface StoredLine {
  rounds: number;
  kills: number;
  deaths: number;
  assists: number;
  damage: number | null;
  headshots: number | null;
  kast_rounds: number | null;
  kills_2k: number | null;
  kills_3k: number | null;
  kills_4k: number | null;
  kills_5k: number | null;
}

export const EMPTY_TOTALS: LineTotals = {
  maps: 0,
  rounds: 0,
  kills: 0,
  deaths: 0,
  assists: 0,
  damage: 0,
  damage_rounds: 0,
  headshots: 0,
  headshot_kills: 0,
  kast_rounds: 0,
  kast_known_rounds: 0,
  rated_rounds: 0,
  rated_kills: 0,
  rated_deaths: 0,
  rated_multi_kill_score: 0,
};

/** Sums lines the way the totals triggers do (a few lines: one player's recent matches). */
export function sumLines(lines: readonly StoredLine[]): LineTotals {
  return lines.reduce<LineTotals>((sum, line) => {
    const rated = line.kills_2k !== null && line.kills_3k !== null && line.kills_4k !== null && line.kills_5k !== null;
    return {
      maps: sum.maps + 1,
      rounds: sum.rounds + line.rounds,
      kills: sum.kills + line.kills,
      deaths: sum.deaths + line.deaths,
      assists: sum.assists + line.assists,
      damage: sum.damage + (line.damage ?? 0),
      damage_rounds: sum.damage_rounds + (line.damage === null ? 0 : line.rounds),
      headshots: sum.headshots + (line.headshots ?? 0),
      headshot_kills: sum.headshot_kills + (line.headshots === null ? 0 : line.kills),
      kast_rounds: sum.kast_rounds + (line.kast_rounds ?? 0),
      kast_known_rounds: sum.kast_known_rounds + (line.kast_rounds === null ? 0 : line.rounds),
      rated_rounds: sum.rated_rounds + (rated ? line.rounds : 0),
      rated_kills: sum.rated_kills + (rated ? line.kills : 0),
      rated_deaths: sum.rated_deaths + (rated ? line.deaths : 0),
      rated_multi_kill_score:
        sum.rated_multi_kill_score +
        (rated ? multiKillScore({ kills: line.kills, kills2k: line.kills_2k!, kills3k: line.kills_3k!, kills4k: line.kills_4k!, kills5k: line.kills_5k! }) : 0),
    };
  }, EMPTY_TOTALS);
}
