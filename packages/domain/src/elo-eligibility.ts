import { isByeTeamName } from './preview/common';

/**
 * Why a completed match does not move Elo. One list for every path that moves Elo (import,
 * Update Matches, Recalculate All, and later edits): docs/product.md, "Which results move Elo".
 */
export type EloSkipReason =
  /** No date: a result cannot be placed among the others, so it cannot be replayed in order. */
  | 'no_date'
  /** A date that does not parse. */
  | 'invalid_date'
  | 'unknown_team'
  | 'bye'
  | 'same_team'
  | 'no_winner'
  | 'winner_not_in_match';

export interface EloEligibilityInput {
  status: string;
  date: Date | string | null;
  team1Id: string;
  team2Id: string;
  winnerId: string | null;
  /** undefined when the team is not known at all. */
  team1Name: string | null | undefined;
  team2Name: string | null | undefined;
}

/** Milliseconds since the epoch of a match date, or null when it has none or it does not parse. */
export function eloTime(date: Date | string | null): number | null {
  if (date === null || date === '') return null;
  const time = date instanceof Date ? date.getTime() : Date.parse(date);
  return Number.isNaN(time) ? null : time;
}

/** What the rule needs to know of a team: whether it exists, and whether it is a bye. */
export type EloTeamStanding = 'team' | 'bye' | 'unknown';

export function eloTeamStanding(name: string | null | undefined): EloTeamStanding {
  if (name === undefined) return 'unknown';
  return isByeTeamName(name) ? 'bye' : 'team';
}

/** Who won a match, as the rule sees it: nobody, one of its two teams, or someone else. */
export type EloWinnerSide = 'none' | 'team1' | 'team2' | 'other';

/**
 * The rule itself, on facts already read (replays call it for every match: no parsing, no
 * allocation). `date` is the match's time in milliseconds, or whether it has none or an
 * unreadable one.
 */
export function eloRuling(
  status: string,
  date: number | 'none' | 'invalid',
  team1Id: string,
  team2Id: string,
  winnerId: string | null,
  team1: EloTeamStanding,
  team2: EloTeamStanding,
): EloSkipReason | 'not_completed' | null {
  const winner: EloWinnerSide = winnerId === null ? 'none' : winnerId === team1Id ? 'team1' : winnerId === team2Id ? 'team2' : 'other';
  return eloRulingOnSides(status === 'completed', date, team1, team2, team1Id === team2Id, winner);
}

/**
 * eloRuling with the ids already compared: what the typed-array replay (replay.ts) has, where
 * teams are numbers. The order of the checks is the rule's (docs/product.md).
 */
export function eloRulingOnSides(
  completed: boolean,
  date: number | 'none' | 'invalid',
  team1: EloTeamStanding,
  team2: EloTeamStanding,
  sameTeam: boolean,
  winner: EloWinnerSide,
): EloSkipReason | 'not_completed' | null {
  if (!completed) return 'not_completed';
  if (date === 'none') return 'no_date';
  if (date === 'invalid') return 'invalid_date';
  if (team1 === 'unknown' || team2 === 'unknown') return 'unknown_team';
  if (team1 === 'bye' || team2 === 'bye') return 'bye';
  if (sameTeam) return 'same_team';
  if (winner === 'none') return 'no_winner';
  if (winner === 'other') return 'winner_not_in_match';
  return null;
}

/** The date of a match as eloRuling reads it. */
export function eloRulingDate(date: Date | string | null): number | 'none' | 'invalid' {
  if (date === null || date === '') return 'none';
  return eloTime(date) ?? 'invalid';
}

/**
 * Whether a match moves Elo: 'not_completed' for a match that has no result yet (never
 * reported as a problem), a skip reason for a completed match that cannot count, or null
 * when it counts. A match counts when it is completed, dated, between two different known
 * teams neither of which is a bye (an empty name or 'bye'), and won by one of them.
 */
export function eloIneligibility(match: EloEligibilityInput): EloSkipReason | 'not_completed' | null {
  return eloRuling(
    match.status,
    eloRulingDate(match.date),
    match.team1Id,
    match.team2Id,
    match.winnerId,
    eloTeamStanding(match.team1Name),
    eloTeamStanding(match.team2Name),
  );
}

export function isEloEligible(match: EloEligibilityInput): boolean {
  return eloIneligibility(match) === null;
}

/** What staff read for each skip reason (import and update messages, the audit log). */
export const ELO_SKIP_REASON_TEXT: Record<EloSkipReason, string> = {
  no_date: 'no date',
  invalid_date: 'a date that does not parse',
  unknown_team: 'an unknown team',
  bye: 'a bye',
  same_team: 'the same team on both sides',
  no_winner: 'no winner',
  winner_not_in_match: 'a winner that did not play',
};
