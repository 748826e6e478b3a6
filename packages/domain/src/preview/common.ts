import { inferWinner, platformStatusToMatchStatus, type Faction, type MatchStatus } from '../status';
import type { PreviewItem, PreviewResults } from './types';

/** A bye "team" stands for a missing opponent; a match against one is never imported. */
export function isByeTeamName(name: string | null | undefined): boolean {
  const trimmed = (name ?? '').trim().toLowerCase();
  return trimmed === '' || trimmed === 'bye';
}

/** The key the participant matcher and the import use for a platform team. */
export function participantMatchKey(platform: string, teamName: string): string {
  return `platform:${platform}:team:${teamName}`;
}

/** Unix seconds for an ISO date-time, or null when it does not parse. */
export function unixSecondsFromIso(value: string | null | undefined): number | null {
  if (!value) return null;
  const ms = Date.parse(value);
  return Number.isNaN(ms) ? null : Math.floor(ms / 1000);
}

export function numberOrNull(value: unknown): number | null {
  return typeof value === 'number' && Number.isFinite(value) ? value : null;
}

export function isFaction(value: unknown): value is Faction {
  return value === 'faction1' || value === 'faction2';
}

/** Results for a match: the named winner, else (finished only) the faction with more game wins. */
export function previewResults(
  status: string,
  named: Faction | null,
  score1: number | null,
  score2: number | null,
): PreviewResults {
  return {
    winner: inferWinner({ status, winner: named, score1, score2 }),
    score: { faction1: score1, faction2: score2 },
  };
}

/** What our matches table keeps of a preview item. */
export interface PreviewMatchFields {
  status: MatchStatus;
  /** finished_at, else started_at, else scheduled_at. */
  date: Date | null;
  score1: number | null;
  score2: number | null;
  winner: Faction | null;
}

type PreviewItemForFields = Pick<PreviewItem, 'status'> &
  Partial<Pick<PreviewItem, 'scheduled_at' | 'started_at' | 'finished_at'>> & {
    results?: { winner?: string | null; score?: { faction1?: number | null; faction2?: number | null } | null } | null;
  };

export function previewMatchFields(item: PreviewItemForFields): PreviewMatchFields {
  const status = platformStatusToMatchStatus(item.status);
  const seconds = numberOrNull(item.finished_at) ?? numberOrNull(item.started_at) ?? numberOrNull(item.scheduled_at);
  const score1 = numberOrNull(item.results?.score?.faction1);
  const score2 = numberOrNull(item.results?.score?.faction2);
  const named = isFaction(item.results?.winner) ? item.results.winner : null;
  // A winner only counts once the match is over: a live match may name a leader, not a winner.
  const winner = status === 'completed' ? inferWinner({ status: 'FINISHED', winner: named, score1, score2 }) : null;
  return {
    status,
    date: seconds === null ? null : new Date(seconds * 1000),
    score1,
    score2,
    winner,
  };
}
