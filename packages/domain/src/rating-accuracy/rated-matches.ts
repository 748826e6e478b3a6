import { replayElo, type ReplayMatch, type ReplayTeam } from '../replay';
import type { RatedMatches } from './systems';

export interface RatedHistory {
  /** Team ids; seeds[i] is teamIds[i]'s starting Elo. */
  teamIds: string[];
  seeds: Float64Array;
  /** The rated matches' ids in ledger order, matching `matches`. */
  matchIds: string[];
  matches: RatedMatches;
}

/**
 * The matches that count, in ledger order, as the live replay (replayElo) decides both: the
 * same rule and order as Recalculate All. Each team's seed is its own starting Elo;
 * adjustments are not replayed, so every setting starts from the same seeds.
 */
export function ratedHistory(teams: readonly ReplayTeam[], matches: readonly ReplayMatch[]): RatedHistory {
  const index = new Map(teams.map((team, i) => [team.id, i]));
  const team1Of = new Map(matches.map((m) => [m.id, m]));
  const { applied } = replayElo(teams, matches);
  const rated: RatedMatches = { team1: new Int32Array(applied.length), team2: new Int32Array(applied.length), team1Won: new Uint8Array(applied.length) };
  const matchIds: string[] = [];
  applied.forEach((step, i) => {
    const match = team1Of.get(step.matchId) as ReplayMatch;
    rated.team1[i] = index.get(match.team1Id) as number;
    rated.team2[i] = index.get(match.team2Id) as number;
    rated.team1Won[i] = match.winnerId === match.team1Id ? 1 : 0;
    matchIds.push(step.matchId);
  });
  return { teamIds: teams.map((t) => t.id), seeds: Float64Array.from(teams, (t) => t.elo), matchIds, matches: rated };
}
