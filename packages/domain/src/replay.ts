import { nextElo } from './elo';
import { eloRuling, eloRulingDate, eloTeamStanding, eloTime, type EloSkipReason, type EloTeamStanding } from './elo-eligibility';

export interface ReplayTeam {
  id: string;
  name: string;
  /** Where the team starts the replay (unless resetTo says otherwise). */
  elo: number;
}

export interface ReplayMatch {
  id: string;
  date: Date | string | null;
  status: string;
  team1Id: string;
  team2Id: string;
  winnerId: string | null;
}

/**
 * Elo set by something other than a match (a roster rating, an edit, a merge) at a moment in
 * time. Replayed, it sets the team's Elo to `elo` whatever the Elo before it was.
 */
export interface ReplayAdjustment {
  id: string;
  teamId: string;
  at: Date | string;
  elo: number;
}

export interface ReplayOptions {
  /** A number starts every team from that Elo; null or absent starts from each team's own Elo. */
  resetTo?: number | null;
  adjustments?: readonly ReplayAdjustment[];
}

export interface AppliedMatch {
  matchId: string;
  team1Before: number;
  team1After: number;
  team2Before: number;
  team2After: number;
}

export interface AppliedAdjustment {
  adjustmentId: string;
  teamId: string;
  before: number;
  after: number;
}

export type ReplaySkipReason = EloSkipReason;

export interface SkippedMatch {
  matchId: string;
  reason: ReplaySkipReason;
}

export interface ReplayResult {
  elo: Map<string, number>;
  applied: AppliedMatch[];
  skipped: SkippedMatch[];
  adjusted: AppliedAdjustment[];
}

/**
 * Where an event sits in a team's Elo history: by time, then matches before adjustments at
 * the same moment, then by id. Every path that moves Elo orders events this way.
 */
export interface LedgerPosition {
  time: number;
  kind: 'match' | 'adjustment';
  id: string;
}

export function compareStrings(a: string, b: string): number {
  // Code-unit order, not localeCompare: the result must not depend on the machine's locale.
  // For lowercase uuids it is also PostgreSQL's uuid order.
  return a < b ? -1 : a > b ? 1 : 0;
}

const KIND_RANK = { match: 0, adjustment: 1 } as const;

export function compareLedgerPositions(a: LedgerPosition, b: LedgerPosition): number {
  if (a.time !== b.time) return a.time < b.time ? -1 : 1;
  return KIND_RANK[a.kind] - KIND_RANK[b.kind] || compareStrings(a.id, b.id);
}

/** Both sides' Elo after a match, each from the Elo both had before it. */
export function matchEloStep(team1Before: number, team2Before: number, team1Won: boolean): { team1After: number; team2After: number } {
  return {
    team1After: nextElo(team1Before, team2Before, team1Won ? 1 : 0),
    team2After: nextElo(team2Before, team1Before, team1Won ? 0 : 1),
  };
}

interface ReplayEvent {
  time: number;
  /** 0 a match, 1 an adjustment: KIND_RANK, kept as a number for the sort. */
  kind: number;
  id: string;
  match?: ReplayMatch;
  adjustment?: ReplayAdjustment;
  date?: number | 'none' | 'invalid';
}

/** compareLedgerPositions on prepared events, written out: a replay sorts hundreds of thousands. */
function compareEvents(x: ReplayEvent, y: ReplayEvent): number {
  if (x.time !== y.time) return x.time < y.time ? -1 : 1;
  if (x.kind !== y.kind) return x.kind - y.kind;
  if (x.id !== y.id) return x.id < y.id ? -1 : 1;
  const a = x.match;
  const b = y.match;
  if (!a || !b) return 0;
  // Identical ids (duplicates in the input): the rest of the match decides, so input order never does.
  return compareStrings(a.team1Id, b.team1Id) || compareStrings(a.team2Id, b.team2Id) || compareStrings(a.winnerId ?? '', b.winnerId ?? '');
}

/**
 * Replays Elo history in ledger order (compareLedgerPositions) from each team's starting Elo:
 * every match that counts (eloIneligibility) moves both teams, every adjustment sets its
 * team's Elo. Matches that are not completed are ignored silently; completed matches that
 * do not count are listed in `skipped` with the reason (undated ones first). Adjustments of
 * teams not in `teams`, or with a time that does not parse, are ignored.
 */
export function replayElo(
  teams: readonly ReplayTeam[],
  matches: readonly ReplayMatch[],
  options: ReplayOptions = {},
): ReplayResult {
  const { resetTo, adjustments = [] } = options;
  const standing = new Map<string, EloTeamStanding>(teams.map((t) => [t.id, eloTeamStanding(t.name)]));
  const elo = new Map<string, number>(teams.map((t) => [t.id, typeof resetTo === 'number' ? resetTo : t.elo]));

  const events: ReplayEvent[] = [];
  for (const match of matches) {
    if (match.status !== 'completed') continue;
    const date = eloRulingDate(match.date);
    // Undated matches sort first: they are skipped, and listed before the rest.
    events.push({ time: typeof date === 'number' ? date : Number.NEGATIVE_INFINITY, kind: KIND_RANK.match, id: match.id, match, date });
  }
  for (const adjustment of adjustments) {
    const time = eloTime(adjustment.at);
    if (time === null || !elo.has(adjustment.teamId)) continue;
    events.push({ time, kind: KIND_RANK.adjustment, id: adjustment.id, adjustment });
  }
  events.sort(compareEvents);

  const applied: AppliedMatch[] = [];
  const skipped: SkippedMatch[] = [];
  const adjusted: AppliedAdjustment[] = [];
  for (const event of events) {
    if (event.adjustment) {
      const { id, teamId, elo: after } = event.adjustment;
      adjusted.push({ adjustmentId: id, teamId, before: elo.get(teamId) as number, after });
      elo.set(teamId, after);
      continue;
    }
    const match = event.match as ReplayMatch;
    const reason = eloRuling(
      match.status,
      event.date as number | 'none' | 'invalid',
      match.team1Id,
      match.team2Id,
      match.winnerId,
      standing.get(match.team1Id) ?? 'unknown',
      standing.get(match.team2Id) ?? 'unknown',
    );
    if (reason !== null) {
      if (reason !== 'not_completed') skipped.push({ matchId: match.id, reason });
      continue;
    }
    const team1Before = elo.get(match.team1Id) as number;
    const team2Before = elo.get(match.team2Id) as number;
    const { team1After, team2After } = matchEloStep(team1Before, team2Before, match.winnerId === match.team1Id);
    elo.set(match.team1Id, team1After);
    elo.set(match.team2Id, team2After);
    applied.push({ matchId: match.id, team1Before, team1After, team2Before, team2After });
  }

  return { elo, applied, skipped, adjusted };
}
