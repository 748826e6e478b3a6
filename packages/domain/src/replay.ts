import { nextElo } from './elo';
import { eloRulingDate, eloRulingOnSides, eloTeamStanding, eloTime, type EloSkipReason, type EloTeamStanding, type EloWinnerSide } from './elo-eligibility';

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

/** A skip reason's code in LedgerOutcome: SKIP_CODE_BASE + its place in SKIP_REASONS. */
const SKIP_REASONS: readonly ReplaySkipReason[] = ['no_date', 'invalid_date', 'unknown_team', 'bye', 'same_team', 'no_winner', 'winner_not_in_match'];
const SKIP_CODE_BASE = 2;

/** What became of each match in a column replay: ignored (not completed), applied, or skipped with a reason. */
export const LEDGER_OUTCOME = { ignored: 0, applied: 1 } as const;

/** The skip reason of a match's outcome code, or null when it was applied or ignored. */
export function ledgerSkipReason(outcome: number): ReplaySkipReason | null {
  return outcome >= SKIP_CODE_BASE ? (SKIP_REASONS[outcome - SKIP_CODE_BASE] as ReplaySkipReason) : null;
}

/** How a match's date reads: a time, none, or one that does not parse. */
export const LEDGER_DATE = { dated: 0, none: 1, invalid: 2 } as const;
/** Who won, as the rule sees it (EloWinnerSide): nobody, team 1, team 2, someone else. */
export const LEDGER_WINNER = { none: 0, team1: 1, team2: 2, other: 3 } as const;
const WINNER_SIDES: readonly EloWinnerSide[] = ['none', 'team1', 'team2', 'other'];

/**
 * The ledger as columns: one typed array per field, teams and matches as indices. A replay of
 * 300,000 matches then reads numbers instead of objects and Maps (docs/decisions/0095).
 */
export interface LedgerColumns {
  /** Each team's starting Elo. */
  teamElo: Float64Array;
  /** 1 for a bye (eloTeamStanding), 0 for a team. */
  teamIsBye: Uint8Array;
  matchIds: readonly string[];
  /** Epoch milliseconds; read only when matchDate is LEDGER_DATE.dated. */
  matchTime: Float64Array;
  matchDate: Uint8Array;
  matchCompleted: Uint8Array;
  /** Team indices; -1 for a team not among the teams. */
  team1: Int32Array;
  team2: Int32Array;
  /** 1 when both sides name the same team (by id, known or not). */
  sameTeam: Uint8Array;
  winner: Uint8Array;
  /** Orders two matches with the same id by the rest of their facts (only inputs with duplicate ids need it). */
  sameIdOrder?: (a: number, b: number) => number;
  adjustmentIds: readonly string[];
  /** Epoch milliseconds, NaN when it does not parse (the adjustment is then ignored). */
  adjustmentTime: Float64Array;
  /** Team index; -1 (ignored) for a team not among the teams. */
  adjustmentTeam: Int32Array;
  adjustmentElo: Float64Array;
}

/** What a column replay answers, indexed like its input. */
export interface LedgerColumnsReplay {
  /** Each team's Elo after the replay. */
  elo: Float64Array;
  /** Per match: LEDGER_OUTCOME, or a skip reason's code (ledgerSkipReason). */
  outcome: Uint8Array;
  /** Per match, both sides' Elo before and after (0 unless applied). */
  team1Before: Float64Array;
  team1After: Float64Array;
  team2Before: Float64Array;
  team2After: Float64Array;
  /** Applied matches' indices in ledger order. */
  appliedOrder: Uint32Array;
  /** Skipped matches' indices in ledger order. */
  skippedOrder: Uint32Array;
  /** Per adjustment, the team's Elo before it (0 when ignored). */
  adjustmentBefore: Float64Array;
  /** Replayed adjustments' indices in ledger order. */
  adjustedOrder: Uint32Array;
}

/** The events in order: as given when they already are (one pass), else sorted. */
function sortedBy(events: number[], compare: (x: number, y: number) => number): number[] {
  for (let i = 1; i < events.length; i += 1) if (compare(events[i - 1] as number, events[i] as number) > 0) return events.sort(compare);
  return events;
}

/** Two ordered lists as one. */
function mergeSorted(a: readonly number[], b: readonly number[], compare: (x: number, y: number) => number): number[] {
  if (b.length === 0) return a as number[];
  if (a.length === 0) return b as number[];
  const merged: number[] = [];
  let i = 0;
  let j = 0;
  while (i < a.length && j < b.length) merged.push(compare(a[i] as number, b[j] as number) <= 0 ? (a[i++] as number) : (b[j++] as number));
  while (i < a.length) merged.push(a[i++] as number);
  while (j < b.length) merged.push(b[j++] as number);
  return merged;
}

/**
 * replayElo on columns: the one implementation of the replay (replayElo converts to it). The
 * events are sorted by ledger position (compareLedgerPositions; an undated match first) and
 * then walked once; every rule is the domain's (eloRulingOnSides, matchEloStep).
 */
export function replayLedgerColumns(ledger: LedgerColumns): LedgerColumnsReplay {
  const matchCount = ledger.matchIds.length;
  const adjustmentCount = ledger.adjustmentIds.length;
  const teamCount = ledger.teamElo.length;
  const { matchTime, matchDate, team1, team2, winner, adjustmentTime, adjustmentTeam } = ledger;
  const timeOf = (event: number) =>
    event < matchCount ? (matchDate[event] === LEDGER_DATE.dated ? (matchTime[event] as number) : Number.NEGATIVE_INFINITY) : (adjustmentTime[event - matchCount] as number);
  const idOf = (event: number) => (event < matchCount ? ledger.matchIds[event] : ledger.adjustmentIds[event - matchCount]) as string;

  const times = new Float64Array(matchCount + adjustmentCount);
  for (let i = 0; i < matchCount + adjustmentCount; i += 1) times[i] = timeOf(i);
  const compare = (x: number, y: number) => {
    const tx = times[x] as number;
    const ty = times[y] as number;
    if (tx !== ty) return tx < ty ? -1 : 1;
    const kx = x < matchCount ? 0 : 1;
    const ky = y < matchCount ? 0 : 1;
    if (kx !== ky) return kx - ky;
    const ix = idOf(x);
    const iy = idOf(y);
    if (ix !== iy) return ix < iy ? -1 : 1;
    return kx === 0 && ledger.sameIdOrder ? ledger.sameIdOrder(x, y) : 0;
  };
  // Undated matches (first in the ledger) ahead of the rest, each part in the order given: a
  // read in ledger order (ledger-columns.ts) is then checked, not sorted again.
  const matchEvents: number[] = [];
  for (let i = 0; i < matchCount; i += 1) if (ledger.matchCompleted[i] === 1 && matchDate[i] !== LEDGER_DATE.dated) matchEvents.push(i);
  for (let i = 0; i < matchCount; i += 1) if (ledger.matchCompleted[i] === 1 && matchDate[i] === LEDGER_DATE.dated) matchEvents.push(i);
  const adjustmentEvents: number[] = [];
  for (let j = 0; j < adjustmentCount; j += 1) {
    const team = adjustmentTeam[j] as number;
    if (team >= 0 && team < teamCount && !Number.isNaN(adjustmentTime[j])) adjustmentEvents.push(matchCount + j);
  }
  const order = mergeSorted(sortedBy(matchEvents, compare), sortedBy(adjustmentEvents, compare), compare);

  const elo = Float64Array.from(ledger.teamElo);
  const outcome = new Uint8Array(matchCount);
  const team1Before = new Float64Array(matchCount);
  const team1After = new Float64Array(matchCount);
  const team2Before = new Float64Array(matchCount);
  const team2After = new Float64Array(matchCount);
  const appliedOrder = new Uint32Array(matchCount);
  const skippedOrder = new Uint32Array(matchCount);
  const adjustmentBefore = new Float64Array(adjustmentCount);
  const adjustedOrder = new Uint32Array(adjustmentCount);
  let applied = 0;
  let skipped = 0;
  let adjusted = 0;
  const standing = (team: number): EloTeamStanding => (team < 0 || team >= teamCount ? 'unknown' : ledger.teamIsBye[team] === 1 ? 'bye' : 'team');
  for (const event of order) {
    if (event >= matchCount) {
      const j = event - matchCount;
      const team = adjustmentTeam[j] as number;
      adjustmentBefore[j] = elo[team] as number;
      elo[team] = ledger.adjustmentElo[j] as number;
      adjustedOrder[adjusted++] = j;
      continue;
    }
    const a = team1[event] as number;
    const b = team2[event] as number;
    const date = matchDate[event] === LEDGER_DATE.dated ? (matchTime[event] as number) : matchDate[event] === LEDGER_DATE.none ? 'none' : 'invalid';
    const reason = eloRulingOnSides(true, date, standing(a), standing(b), ledger.sameTeam[event] === 1, WINNER_SIDES[winner[event] as number] as EloWinnerSide);
    if (reason !== null) {
      outcome[event] = SKIP_CODE_BASE + SKIP_REASONS.indexOf(reason as ReplaySkipReason);
      skippedOrder[skipped++] = event;
      continue;
    }
    const before1 = elo[a] as number;
    const before2 = elo[b] as number;
    const { team1After: after1, team2After: after2 } = matchEloStep(before1, before2, winner[event] === LEDGER_WINNER.team1);
    elo[a] = after1;
    elo[b] = after2;
    outcome[event] = LEDGER_OUTCOME.applied;
    team1Before[event] = before1;
    team1After[event] = after1;
    team2Before[event] = before2;
    team2After[event] = after2;
    appliedOrder[applied++] = event;
  }
  return {
    elo,
    outcome,
    team1Before,
    team1After,
    team2Before,
    team2After,
    appliedOrder: appliedOrder.slice(0, applied),
    skippedOrder: skippedOrder.slice(0, skipped),
    adjustmentBefore,
    adjustedOrder: adjustedOrder.slice(0, adjusted),
  };
}

/**
 * Replays Elo history in ledger order (compareLedgerPositions) from each team's starting Elo:
 * every match that counts (eloIneligibility) moves both teams, every adjustment sets its
 * team's Elo. Matches that are not completed are ignored silently; completed matches that
 * do not count are listed in `skipped` with the reason (undated ones first). Adjustments of
 * teams not in `teams`, or with a time that does not parse, are ignored. On objects, for
 * callers with few events; it runs replayLedgerColumns.
 */
export function replayElo(
  teams: readonly ReplayTeam[],
  matches: readonly ReplayMatch[],
  options: ReplayOptions = {},
): ReplayResult {
  const { adjustments = [] } = options;
  const { unique, completed, columns } = ledgerColumnsOf(teams, matches, options);
  const replay = replayLedgerColumns(columns);
  const elo = new Map(unique.map((t, i) => [t.id, replay.elo[i] as number]));
  const applied = Array.from(replay.appliedOrder, (i): AppliedMatch => ({
    matchId: (completed[i] as ReplayMatch).id,
    team1Before: replay.team1Before[i] as number,
    team1After: replay.team1After[i] as number,
    team2Before: replay.team2Before[i] as number,
    team2After: replay.team2After[i] as number,
  }));
  const skipped = Array.from(replay.skippedOrder, (i): SkippedMatch => ({ matchId: (completed[i] as ReplayMatch).id, reason: ledgerSkipReason(replay.outcome[i] as number) as ReplaySkipReason }));
  const adjusted = Array.from(replay.adjustedOrder, (j): AppliedAdjustment => {
    const adjustment = adjustments[j] as ReplayAdjustment;
    return { adjustmentId: adjustment.id, teamId: adjustment.teamId, before: replay.adjustmentBefore[j] as number, after: adjustment.elo };
  });
  return { elo, applied, skipped, adjusted };
}

/** replayElo's inputs as columns: the teams (each id once) and the completed matches they index. */
export function ledgerColumnsOf(
  teams: readonly ReplayTeam[],
  matches: readonly ReplayMatch[],
  options: ReplayOptions = {},
): { unique: ReplayTeam[]; completed: ReplayMatch[]; columns: LedgerColumns } {
  const { resetTo, adjustments = [] } = options;
  // A team listed twice counts as its last listing, kept where it first appeared (as a Map does).
  const byId = new Map<string, ReplayTeam>();
  for (const team of teams) byId.set(team.id, team);
  const unique = [...byId.values()];
  const index = new Map(unique.map((t, i) => [t.id, i]));
  const teamIndex = (id: string) => index.get(id) ?? -1;

  const completed = matches.filter((m) => m.status === 'completed');
  const dates = completed.map((m) => eloRulingDate(m.date));
  const columns: LedgerColumns = {
    teamElo: Float64Array.from(unique, (t) => (typeof resetTo === 'number' ? resetTo : t.elo)),
    teamIsBye: Uint8Array.from(unique, (t) => (eloTeamStanding(t.name) === 'bye' ? 1 : 0)),
    matchIds: completed.map((m) => m.id),
    matchTime: Float64Array.from(dates, (d) => (typeof d === 'number' ? d : 0)),
    matchDate: Uint8Array.from(dates, (d) => (typeof d === 'number' ? LEDGER_DATE.dated : d === 'none' ? LEDGER_DATE.none : LEDGER_DATE.invalid)),
    matchCompleted: new Uint8Array(completed.length).fill(1),
    team1: Int32Array.from(completed, (m) => teamIndex(m.team1Id)),
    team2: Int32Array.from(completed, (m) => teamIndex(m.team2Id)),
    sameTeam: Uint8Array.from(completed, (m) => (m.team1Id === m.team2Id ? 1 : 0)),
    winner: Uint8Array.from(completed, (m) =>
      m.winnerId === null ? LEDGER_WINNER.none : m.winnerId === m.team1Id ? LEDGER_WINNER.team1 : m.winnerId === m.team2Id ? LEDGER_WINNER.team2 : LEDGER_WINNER.other,
    ),
    // Identical ids (duplicates in the input): the rest of the match decides, so input order never does.
    sameIdOrder: (x, y) => {
      const a = completed[x] as ReplayMatch;
      const b = completed[y] as ReplayMatch;
      return compareStrings(a.team1Id, b.team1Id) || compareStrings(a.team2Id, b.team2Id) || compareStrings(a.winnerId ?? '', b.winnerId ?? '');
    },
    adjustmentIds: adjustments.map((a) => a.id),
    adjustmentTime: Float64Array.from(adjustments, (a) => eloTime(a.at) ?? Number.NaN),
    adjustmentTeam: Int32Array.from(adjustments, (a) => teamIndex(a.teamId)),
    adjustmentElo: Float64Array.from(adjustments, (a) => a.elo),
  };
  return { unique, completed, columns };
}
