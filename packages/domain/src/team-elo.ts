import { roundElo } from './elo';

export interface RosterPlayer {
  elo: number | null;
  benched: boolean;
}

/** Only the best five active players make up a CS2 lineup. */
export const TEAM_ELO_LINEUP_SIZE = 5;
/** A team needs at least this many rated active players to get a team Elo. */
export const TEAM_ELO_MIN_PLAYERS = 2;
/** Penalty per point of standard deviation: an uneven lineup rates a little below its mean. */
export const TEAM_ELO_SPREAD_PENALTY = 0.1;

/** How a roster gave its team Elo: the numbers the formula used, kept so they can be shown. */
export interface TeamEloCalculation<P extends RosterPlayer> {
  /** The players counted, best first (at most five). */
  lineup: P[];
  mean: number;
  /** Sample standard deviation of the lineup's Elo. */
  spread: number;
  elo: number;
}

/**
 * Team Elo from its roster: the top five rated, non-benched players, their mean minus
 * 0.1 x the sample standard deviation, rounded. Null when fewer than two players qualify.
 */
export function teamEloCalculation<P extends RosterPlayer>(players: readonly P[]): TeamEloCalculation<P> | null {
  const lineup = players
    .filter((p) => !p.benched && typeof p.elo === 'number' && p.elo > 0 && Number.isFinite(p.elo))
    .sort((a, b) => (b.elo as number) - (a.elo as number))
    .slice(0, TEAM_ELO_LINEUP_SIZE);
  if (lineup.length < TEAM_ELO_MIN_PLAYERS) return null;

  const n = lineup.length;
  const mean = lineup.reduce((sum, p) => sum + (p.elo as number), 0) / n;
  // Sample (n - 1) variance: the lineup is a sample of how the team could field players.
  const variance = lineup.reduce((sum, p) => sum + ((p.elo as number) - mean) ** 2, 0) / (n - 1);
  const spread = Math.sqrt(variance);
  return { lineup, mean, spread, elo: roundElo(mean - TEAM_ELO_SPREAD_PENALTY * spread) };
}

/** The team Elo alone (teamEloCalculation). */
export function teamEloFromRoster(players: readonly RosterPlayer[]): number | null {
  return teamEloCalculation(players)?.elo ?? null;
}

/** A calculation as kept beside the Elo it gave (migration 0101) and shown on a team's rating page. */
export interface TeamEloCalculationNumbers {
  players: { id: string; name: string; elo: number }[];
  mean: number;
  spread: number;
  spread_penalty: number;
  elo: number;
}

/** What is kept of a calculation: the lineup by id, name and Elo, and the formula's terms. */
export function teamEloCalculationNumbers(calculation: TeamEloCalculation<RosterPlayer & { id: string; name: string }>): TeamEloCalculationNumbers {
  return {
    players: calculation.lineup.map((p) => ({ id: p.id, name: p.name, elo: p.elo as number })),
    mean: calculation.mean,
    spread: calculation.spread,
    spread_penalty: TEAM_ELO_SPREAD_PENALTY,
    elo: calculation.elo,
  };
}
