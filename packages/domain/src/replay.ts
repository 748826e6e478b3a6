import { nextElo } from './elo';

export interface ReplayTeam {
  id: string;
  name: string;
  elo: number;
}

export interface ReplayMatch {
  id: string;
  date: Date | string;
  status: string;
  team1Id: string;
  team2Id: string;
  winnerId: string | null;
}

export interface ReplayOptions {
  /** A number starts every team from that Elo; null or absent starts from each team's current Elo. */
  resetTo?: number | null;
}

export interface AppliedMatch {
  matchId: string;
  team1Before: number;
  team1After: number;
  team2Before: number;
  team2After: number;
}

export type ReplaySkipReason =
  | 'invalid_date'
  | 'no_winner'
  | 'winner_not_in_match'
  | 'unknown_team'
  | 'same_team'
  | 'bye';

export interface SkippedMatch {
  matchId: string;
  reason: ReplaySkipReason;
}

export interface ReplayResult {
  elo: Map<string, number>;
  applied: AppliedMatch[];
  skipped: SkippedMatch[];
}

const COMPLETED = 'completed';

/** Bye "teams" are placeholders for a missing opponent; a match against one says nothing about skill. */
function isByeName(name: string): boolean {
  return name.trim().toLowerCase() === 'bye';
}

function compareStrings(a: string, b: string): number {
  // Code-unit order, not localeCompare: the result must not depend on the machine's locale.
  return a < b ? -1 : a > b ? 1 : 0;
}

/**
 * Replays completed matches oldest first and returns every team's resulting Elo.
 * Matches that are not completed are ignored silently (they have no result yet); completed
 * matches that cannot be applied are listed in `skipped` with the reason.
 */
export function replayElo(
  teams: readonly ReplayTeam[],
  matches: readonly ReplayMatch[],
  options: ReplayOptions = {},
): ReplayResult {
  const { resetTo } = options;
  const teamsById = new Map<string, ReplayTeam>(teams.map((t) => [t.id, t]));
  const elo = new Map<string, number>(
    teams.map((t) => [t.id, typeof resetTo === 'number' ? resetTo : t.elo]),
  );

  // Sorting by date, then by every other field, makes the outcome independent of input order
  // even for same-time matches (and identical duplicates). Unparseable dates sort first and are skipped.
  const ordered = matches
    .filter((m) => m.status === COMPLETED)
    .map((match) => {
      const time = new Date(match.date).getTime();
      return { match, time: Number.isNaN(time) ? Number.NEGATIVE_INFINITY : time };
    })
    .sort(
      (x, y) =>
        (x.time === y.time ? 0 : x.time < y.time ? -1 : 1) ||
        compareStrings(x.match.id, y.match.id) ||
        compareStrings(x.match.team1Id, y.match.team1Id) ||
        compareStrings(x.match.team2Id, y.match.team2Id) ||
        compareStrings(x.match.winnerId ?? '', y.match.winnerId ?? ''),
    );

  const applied: AppliedMatch[] = [];
  const skipped: SkippedMatch[] = [];
  const skip = (matchId: string, reason: ReplaySkipReason) => skipped.push({ matchId, reason });

  for (const { match, time } of ordered) {
    const team1 = teamsById.get(match.team1Id);
    const team2 = teamsById.get(match.team2Id);
    const team1Before = elo.get(match.team1Id);
    const team2Before = elo.get(match.team2Id);

    if (time === Number.NEGATIVE_INFINITY) skip(match.id, 'invalid_date');
    else if (!team1 || !team2 || team1Before === undefined || team2Before === undefined)
      skip(match.id, 'unknown_team');
    else if (isByeName(team1.name) || isByeName(team2.name)) skip(match.id, 'bye');
    else if (match.team1Id === match.team2Id) skip(match.id, 'same_team');
    else if (match.winnerId === null) skip(match.id, 'no_winner');
    else if (match.winnerId !== match.team1Id && match.winnerId !== match.team2Id)
      skip(match.id, 'winner_not_in_match');
    else {
      const team1Won = match.winnerId === match.team1Id;
      // Both sides are computed from their Elo before the match, never from a half-updated state.
      const team1After = nextElo(team1Before, team2Before, team1Won ? 1 : 0);
      const team2After = nextElo(team2Before, team1Before, team1Won ? 0 : 1);
      elo.set(match.team1Id, team1After);
      elo.set(match.team2Id, team2After);
      applied.push({ matchId: match.id, team1Before, team1After, team2Before, team2After });
    }
  }

  return { elo, applied, skipped };
}
