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

/**
 * Team Elo from its roster: the top five rated, non-benched players, their mean minus
 * 0.1 x the sample standard deviation, rounded. Null when fewer than two players qualify.
 */
export function teamEloFromRoster(players: readonly RosterPlayer[]): number | null {
  const lineup = players
    .filter((p) => !p.benched && typeof p.elo === 'number' && p.elo > 0 && Number.isFinite(p.elo))
    .map((p) => p.elo as number)
    .sort((a, b) => b - a)
    .slice(0, TEAM_ELO_LINEUP_SIZE);
  if (lineup.length < TEAM_ELO_MIN_PLAYERS) return null;

  const n = lineup.length;
  const mean = lineup.reduce((sum, elo) => sum + elo, 0) / n;
  // Sample (n - 1) variance: the lineup is a sample of how the team could field players.
  const variance = lineup.reduce((sum, elo) => sum + (elo - mean) ** 2, 0) / (n - 1);
  return roundElo(mean - TEAM_ELO_SPREAD_PENALTY * Math.sqrt(variance));
}
