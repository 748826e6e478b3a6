/** Leaguespot reports match states as numbers; index = state number. */
export const LEAGUESPOT_STATE_NAMES = [
  'SCHEDULED',
  'READY',
  'ONGOING',
  'FINISHED',
  'ABORTED',
  'CANCELLED',
] as const;

export type LeaguespotStateName = (typeof LEAGUESPOT_STATE_NAMES)[number] | 'UNKNOWN';

export const MATCH_STATUSES = ['scheduled', 'in_progress', 'completed', 'cancelled'] as const;
export type MatchStatus = (typeof MATCH_STATUSES)[number];

/** How a status reads in the interface. */
export const MATCH_STATUS_WORDS: Record<MatchStatus, string> = {
  scheduled: 'Scheduled',
  in_progress: 'Live',
  completed: 'Completed',
  cancelled: 'Cancelled',
};

export type Faction = 'faction1' | 'faction2';

export function leaguespotStateName(state: number): LeaguespotStateName {
  // Guard against 1.5, -1, NaN: only the exact integers 0..5 have a name.
  return Number.isInteger(state) ? (LEAGUESPOT_STATE_NAMES[state] ?? 'UNKNOWN') : 'UNKNOWN';
}

function normalizeWord(word: string): string {
  return word.trim().toUpperCase();
}

/**
 * Our match status for a platform status word (Faceit words, or a Leaguespot state name).
 * Every pre-match phase (READY, CHECK_IN, CONFIGURING, VOTING, UNKNOWN, ...) counts as scheduled,
 * so a match only leaves "upcoming" once it is actually being played.
 */
export function platformStatusToMatchStatus(word: string): MatchStatus {
  switch (normalizeWord(word)) {
    case 'FINISHED':
      return 'completed';
    case 'ONGOING':
      return 'in_progress';
    case 'CANCELLED':
    case 'ABORTED':
      return 'cancelled';
    default:
      return 'scheduled';
  }
}

export function isMatchStatus(value: string): value is MatchStatus {
  return (MATCH_STATUSES as readonly string[]).includes(value);
}

export interface InferWinnerInput {
  /** Platform status word, e.g. 'FINISHED'. */
  status: string;
  winner?: Faction | null;
  /** Game (map) wins of faction 1 and faction 2. */
  score1?: number | null;
  score2?: number | null;
}

/**
 * The winning faction: the one the platform names, else (for a finished match only)
 * the faction with more game wins. Null when it cannot be told (unfinished, tie, no scores).
 */
export function inferWinner({ status, winner, score1, score2 }: InferWinnerInput): Faction | null {
  if (winner) return winner;
  if (normalizeWord(status) !== 'FINISHED') return null;
  if (typeof score1 !== 'number' || typeof score2 !== 'number') return null;
  if (!Number.isFinite(score1) || !Number.isFinite(score2) || score1 === score2) return null;
  return score1 > score2 ? 'faction1' : 'faction2';
}
