import type { RatedMatches } from './systems';

/** One band of calibration: team 1's expected chance in [from, to) (the last band includes 1). */
export interface CalibrationBin {
  from: number;
  to: number;
  matches: number;
  /** Mean of team 1's expected chance in the band; null when it is empty. */
  expected: number | null;
  /** How often team 1 won in the band; null when it is empty. */
  observed: number | null;
}

export interface AccuracyFigures {
  matches: number;
  /** Share of matches the favourite won; a match at exactly 50% counts as half. Null without matches. */
  accuracy: number | null;
  /** Mean of (1 - the winner's chance)^2. */
  brier: number | null;
  /** Mean of -ln(the winner's chance), the chance clamped to [LOG_LOSS_FLOOR, 1 - LOG_LOSS_FLOOR]. */
  logLoss: number | null;
  bins: CalibrationBin[];
}

export const CALIBRATION_BIN_COUNT = 10;
/** Keeps one confident miss from making the log-loss infinite: at most -ln(1e-6) ≈ 13.8 per match. */
export const LOG_LOSS_FLOOR = 1e-6;

/**
 * The figures of team 1's chances against what happened, over the matches whose index
 * `include` accepts (all when absent). Bins are over team 1's chance: each match once, both
 * halves of the chart filled, and a perfectly calibrated rating lies on the diagonal.
 */
export function accuracyFigures(team1Chances: Float64Array, matches: RatedMatches, include?: (index: number) => boolean): AccuracyFigures {
  const binMatches = new Float64Array(CALIBRATION_BIN_COUNT);
  const binExpected = new Float64Array(CALIBRATION_BIN_COUNT);
  const binWins = new Float64Array(CALIBRATION_BIN_COUNT);
  let count = 0;
  let correct = 0;
  let brier = 0;
  let logLoss = 0;
  for (let i = 0; i < team1Chances.length; i += 1) {
    if (include && !include(i)) continue;
    const chance = team1Chances[i] as number;
    const won = matches.team1Won[i] as number;
    const winnerChance = won === 1 ? chance : 1 - chance;
    count += 1;
    correct += winnerChance > 0.5 ? 1 : winnerChance === 0.5 ? 0.5 : 0;
    brier += (1 - winnerChance) ** 2;
    logLoss -= Math.log(Math.min(1 - LOG_LOSS_FLOOR, Math.max(LOG_LOSS_FLOOR, winnerChance)));
    const bin = Math.min(CALIBRATION_BIN_COUNT - 1, Math.floor(chance * CALIBRATION_BIN_COUNT));
    binMatches[bin] = (binMatches[bin] as number) + 1;
    binExpected[bin] = (binExpected[bin] as number) + chance;
    binWins[bin] = (binWins[bin] as number) + won;
  }
  const bins = Array.from(binMatches, (n, bin) => ({
    from: bin / CALIBRATION_BIN_COUNT,
    to: (bin + 1) / CALIBRATION_BIN_COUNT,
    matches: n,
    expected: n === 0 ? null : (binExpected[bin] as number) / n,
    observed: n === 0 ? null : (binWins[bin] as number) / n,
  }));
  if (count === 0) return { matches: 0, accuracy: null, brier: null, logLoss: null, bins };
  return { matches: count, accuracy: correct / count, brier: brier / count, logLoss: logLoss / count, bins };
}

export interface AccuracyReport extends AccuracyFigures {
  baselines: { coin: AccuracyFigures; seed: AccuracyFigures };
}

/** A rating's figures beside the coin flip's (every chance 50%) and the seeds' on the same matches. */
export function accuracyReport(team1Chances: Float64Array, seedTeam1Chances: Float64Array, matches: RatedMatches, include?: (index: number) => boolean): AccuracyReport {
  return {
    ...accuracyFigures(team1Chances, matches, include),
    baselines: {
      coin: accuracyFigures(new Float64Array(team1Chances.length).fill(0.5), matches, include),
      seed: accuracyFigures(seedTeam1Chances, matches, include),
    },
  };
}
