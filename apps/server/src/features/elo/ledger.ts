import type { TeamEloCalculationRecord } from '@campus-elo/api-contract';
import { integerArray, uuidArray, type Database, type EloAdjustmentReasonColumn } from '@campus-elo/db';
import {
  compareLedgerPositions,
  compareStrings,
  ELO_SKIP_REASON_TEXT,
  eloIneligibility,
  eloTeamStanding,
  eloTime,
  ledgerSkipReason,
  MATCH_STATUSES,
  matchEloStep,
  replayLedgerColumns,
  type EloSkipReason,
  type LedgerPosition,
  type SkippedMatch,
} from '@campus-elo/domain';
import { sql, type Kysely } from 'kysely';
import { chunked } from '../../lib/sql-batch';
import { advanceEventBrackets } from '../events/admin-queries';
import { readMatchColumns } from './ledger-columns';

/*
 * The Elo ledger (docs/architecture.md, "The Elo ledger"). A team's Elo is a pure function of
 * its starting Elo, its adjustments and the matches that count (eloIneligibility), replayed in
 * ledger order (compareLedgerPositions). Every path that changes any of those calls this
 * module inside its own transaction, so the Elo and its history are written together:
 * - settleMatches after matches were written (import, Update Matches, and later edits);
 * - recordAdjustments for Elo set by other means (Calculate Team Elo, an edit, a merge);
 * - replayLedger to recompute everything from a moment on (Recalculate All from the start).
 */

/** The caller's transaction (every function here must run inside one). */
type Trx = Kysely<Database>;

/** Any fixed number: every writer of Elo takes it, so they take turns. */
const ELO_LEDGER_LOCK_KEY = 727_002;

/**
 * Waits for other Elo writers to finish and holds them off until this transaction ends. Take
 * it before the first write of the transaction, so two writers never wait for each other.
 */
export async function lockEloLedger(trx: Trx): Promise<void> {
  await sql`SELECT pg_advisory_xact_lock(${ELO_LEDGER_LOCK_KEY})`.execute(trx);
}

/** What an applied match was when it moved Elo: if any of it changes, history from then on changes. */
export interface AppliedFacts {
  time: number;
  team1Id: string;
  team2Id: string;
  winnerId: string | null;
}

/** The applied matches among these, as stored now: read them before changing the matches. */
export async function appliedFacts(trx: Trx, matchIds: readonly string[]): Promise<Map<string, AppliedFacts>> {
  const facts = new Map<string, AppliedFacts>();
  for (const ids of chunked([...new Set(matchIds)], 1000)) {
    const rows = await trx
      .selectFrom('matches')
      .innerJoin('match_elo', 'match_elo.match_id', 'matches.id')
      .select(['id', 'date', 'team1_id', 'team2_id', 'winner_id'])
      .where('id', 'in', ids)
      .execute();
    for (const row of rows) {
      // An applied match without a date (from before the date rule) sorts last, as it was applied.
      const time = eloTime(row.date) ?? Number.POSITIVE_INFINITY;
      facts.set(row.id, { time, team1Id: row.team1_id, team2Id: row.team2_id, winnerId: row.winner_id });
    }
  }
  return facts;
}

interface LastEvent {
  position: LedgerPosition;
  elo: number;
}

/**
 * Each team's latest event (applied match or adjustment) before `before` (all of them when
 * null), with the Elo it left the team at. Three index probes per team.
 */
async function lastEvents(trx: Trx, teamIds: readonly string[], before: Date | null): Promise<Map<string, LastEvent>> {
  const last = new Map<string, LastEvent>();
  const bound = (column: string) => (before === null ? sql`` : sql`AND ${sql.ref(column)} < ${before}`);
  for (const ids of chunked(teamIds, 1000)) {
    const { rows } = await sql<{
      team_id: string;
      m1_date: Date | null;
      m1_id: string | null;
      m1_elo: number | null;
      m2_date: Date | null;
      m2_id: string | null;
      m2_elo: number | null;
      a_at: Date | null;
      a_id: string | null;
      a_elo: number | null;
    }>`
      SELECT t.id AS team_id, m1.date AS m1_date, m1.id AS m1_id, m1.elo AS m1_elo,
        m2.date AS m2_date, m2.id AS m2_id, m2.elo AS m2_elo, a.at AS a_at, a.id AS a_id, a.elo AS a_elo
      FROM teams t
      LEFT JOIN LATERAL (
        SELECT m.date, m.id, e.team1_elo_before + e.team1_elo_change AS elo FROM matches m
        JOIN match_elo e ON e.match_id = m.id
        WHERE m.team1_id = t.id AND m.date IS NOT NULL ${bound('m.date')}
        ORDER BY m.date DESC, m.id DESC LIMIT 1
      ) m1 ON true
      LEFT JOIN LATERAL (
        SELECT m.date, m.id, e.team2_elo_before + e.team2_elo_change AS elo FROM matches m
        JOIN match_elo e ON e.match_id = m.id
        WHERE m.team2_id = t.id AND m.date IS NOT NULL ${bound('m.date')}
        ORDER BY m.date DESC, m.id DESC LIMIT 1
      ) m2 ON true
      LEFT JOIN LATERAL (
        SELECT a.at, a.id, a.elo_after AS elo FROM elo_adjustments a
        WHERE a.team_id = t.id ${bound('a.at')}
        ORDER BY a.at DESC, a.id DESC LIMIT 1
      ) a ON true
      WHERE t.id = ANY(${ids}::uuid[])
    `.execute(trx);
    for (const row of rows) {
      const events: LastEvent[] = [];
      if (row.m1_id && row.m1_date && row.m1_elo !== null) events.push({ position: { time: row.m1_date.getTime(), kind: 'match', id: row.m1_id }, elo: row.m1_elo });
      if (row.m2_id && row.m2_date && row.m2_elo !== null) events.push({ position: { time: row.m2_date.getTime(), kind: 'match', id: row.m2_id }, elo: row.m2_elo });
      if (row.a_id && row.a_at && row.a_elo !== null) events.push({ position: { time: row.a_at.getTime(), kind: 'adjustment', id: row.a_id }, elo: row.a_elo });
      const latest = events.sort((x, y) => compareLedgerPositions(y.position, x.position))[0];
      if (latest) last.set(row.team_id, latest);
    }
  }
  return last;
}

/**
 * Every team's Elo as the ledger had it just before `before`: the Elo its last event before
 * then left it at, else its starting Elo (a season's end for its snapshots).
 */
export async function teamEloBefore(trx: Trx, before: Date): Promise<Map<string, number>> {
  const teams = await trx.selectFrom('teams').select(['id', 'starting_elo']).execute();
  const last = await lastEvents(trx, teams.map((t) => t.id), before);
  return new Map(teams.map((t) => [t.id, last.get(t.id)?.elo ?? t.starting_elo]));
}

export interface LedgerReplay {
  /** Matches that moved Elo in the replayed stretch. */
  applied: number;
  /** Completed matches in the stretch that do not count, with the reason. */
  skipped: SkippedMatch[];
  /** Applied matches that moved at least one side's Elo. */
  eloChanges: number;
  teamsWritten: number;
  matchesWritten: number;
  adjustmentsWritten: number;
  /** Milliseconds spent reading, replaying and writing (the bench prints them). */
  timings: { read: number; replay: number; write: number };
}

export interface ReplayOptions {
  /** Replay every event at or after this moment; null replays all history from the starting Elo. */
  from: Date | null;
  /**
   * Teams to bring up to date beside those with events from `from` on: teams that lost an
   * event there (a result deleted, or given to other teams) may have none left.
   */
  alsoTeams?: readonly string[];
  /** With `from` null: every team starts from this Elo, which becomes its starting Elo (Recalculate All's reset). */
  resetStartingElo?: number;
  /** Rows per written statement (default: all in one). */
  batchSize?: number;
  /** Runs after each written batch (tests use it to fail midway). */
  afterBatch?: (batchNumber: number) => void | Promise<void>;
}

/**
 * Rows for match_elo, one array per column (what the write's unnest takes): a replay of
 * 300,000 matches then fills a few typed arrays instead of making 300,000 objects. NaN in the
 * Elo columns: the match moves no Elo, so the row it may have goes.
 */
interface MatchEloRows {
  ids: readonly string[];
  team1Before: Float64Array;
  team2Before: Float64Array;
  team1Change: Float64Array;
  team2Change: Float64Array;
}

/** Rows for these matches, none of them moving Elo until set. */
function matchEloRows(ids: readonly string[]): MatchEloRows {
  const none = () => new Float64Array(ids.length).fill(Number.NaN);
  return { ids, team1Before: none(), team2Before: none(), team1Change: none(), team2Change: none() };
}

/** Row i moved Elo from these values to these. */
function setMatchEloRow(rows: MatchEloRows, i: number, step: { team1Before: number; team1After: number; team2Before: number; team2After: number }): void {
  rows.team1Before[i] = step.team1Before;
  rows.team2Before[i] = step.team2Before;
  rows.team1Change[i] = step.team1After - step.team1Before;
  rows.team2Change[i] = step.team2After - step.team2Before;
}

/**
 * Memory for the statement that rewrites match_elo: hashing every row at once (about 70
 * bytes each) keeps the rows in the order they were read, page by page. Split into batches
 * on disk, the hash join would visit the table's pages once per batch, and with more pages
 * than shared buffers hold, write most of them out as often.
 */
const MATCH_WRITE_WORK_MEM = '256MB';

/** The statuses of matches that are not completed (the status index finds them, where `<> 'completed'` would scan). */
const NOT_COMPLETED = MATCH_STATUSES.filter((status) => status !== 'completed');

/**
 * Recomputes every event at or after `from`, each team starting from the Elo its last event
 * before `from` left it at (its starting Elo when there is none), and writes only the rows
 * that change: teams' Elo, matches' Elo before and change (and whether they count), and
 * adjustments' Elo before. From null it is the whole history: Recalculate All. One bulk read
 * of the completed matches (ledger-columns.ts), the typed-array replay (domain
 * replayLedgerColumns), then one statement that writes every match's result and in which
 * PostgreSQL keeps what differs from what is stored (docs/decisions/0095).
 */
export async function replayLedger(trx: Trx, options: ReplayOptions): Promise<LedgerReplay> {
  const { from } = options;
  let mark = performance.now();
  const lap = () => {
    const now = performance.now();
    const spent = now - mark;
    mark = now;
    return spent;
  };
  const timings = { read: 0, replay: 0, write: 0 };
  const teams = await trx.selectFrom('teams').select(['id', 'name', 'elo', 'starting_elo']).execute();
  const teamIds = teams.map((t) => t.id);
  const teamIndex = new Map(teamIds.map((id, i) => [id, i]));
  timings.read += lap();
  // The read takes completed matches only: the rows of those that no longer are go first.
  const uncompleted = await deleteUncompletedMatchElo(trx, from);
  timings.write += lap();
  const matches = await readMatchColumns(trx, { teamIds, from });
  let adjustmentQuery = trx.selectFrom('elo_adjustments').select(['id', 'team_id', 'at', 'elo_before', 'elo_after']);
  if (from) adjustmentQuery = adjustmentQuery.where('at', '>=', from);
  const adjustments = await adjustmentQuery.execute();

  // From a moment on, only the teams with events from then on (or named, or whose match stopped counting) are brought up to date.
  let involved: number[];
  if (from) {
    const marked = new Uint8Array(teams.length);
    for (const team of matches.team1) if (team >= 0) marked[team] = 1;
    for (const team of matches.team2) if (team >= 0) marked[team] = 1;
    for (const adjustment of adjustments) {
      const team = teamIndex.get(adjustment.team_id);
      if (team !== undefined) marked[team] = 1;
    }
    for (const id of [...(options.alsoTeams ?? []), ...uncompleted.teamIds]) if (teamIndex.has(id)) marked[teamIndex.get(id) as number] = 1;
    involved = teams.map((_, i) => i).filter((i) => marked[i] === 1);
  } else {
    involved = teams.map((_, i) => i);
  }
  const startFrom = from ? await lastEvents(trx, involved.map((i) => teamIds[i] as string), from) : new Map<string, LastEvent>();
  timings.read += lap();

  const result = replayLedgerColumns({
    ...matches,
    teamElo: Float64Array.from(teams, (t) => options.resetStartingElo ?? startFrom.get(t.id)?.elo ?? t.starting_elo),
    teamIsBye: Uint8Array.from(teams, (t) => (eloTeamStanding(t.name) === 'bye' ? 1 : 0)),
    adjustmentIds: adjustments.map((a) => a.id),
    adjustmentTime: Float64Array.from(adjustments, (a) => a.at.getTime()),
    adjustmentTeam: Int32Array.from(adjustments, (a) => teamIndex.get(a.team_id) ?? -1),
    adjustmentElo: Float64Array.from(adjustments, (a) => a.elo_after),
  });

  // Every match read (completed) is applied or skipped: its row is written, or goes if it has one.
  const matchRows = matchEloRows(matches.matchIds);
  let eloChanges = 0;
  for (const i of result.appliedOrder) {
    const step = { team1Before: result.team1Before[i] as number, team1After: result.team1After[i] as number, team2Before: result.team2Before[i] as number, team2After: result.team2After[i] as number };
    if (step.team1After !== step.team1Before || step.team2After !== step.team2Before) eloChanges += 1;
    setMatchEloRow(matchRows, i, step);
  }
  const adjustmentWrites = [];
  for (const j of result.adjustedOrder) {
    const adjustment = adjustments[j] as (typeof adjustments)[number];
    if (adjustment.elo_before !== result.adjustmentBefore[j]) adjustmentWrites.push({ id: adjustment.id, before: result.adjustmentBefore[j] as number });
  }
  const startingElo = (team: { starting_elo: number }) => options.resetStartingElo ?? team.starting_elo;
  const teamWrites = involved
    .map((i) => ({ team: teams[i] as (typeof teams)[number], elo: result.elo[i] as number }))
    .filter(({ team, elo }) => elo !== team.elo || startingElo(team) !== team.starting_elo)
    .map(({ team, elo }) => ({ id: team.id, elo, startingElo: startingElo(team) }));
  const skipped = Array.from(result.skippedOrder, (i): SkippedMatch => ({ matchId: matches.matchIds[i] as string, reason: ledgerSkipReason(result.outcome[i] as number) as EloSkipReason }));
  timings.replay = lap();

  const batchSize = options.batchSize ?? Number.POSITIVE_INFINITY;
  let batchNumber = 0;
  const afterBatch = async () => {
    batchNumber += 1;
    await options.afterBatch?.(batchNumber);
  };
  for (const batch of chunked(teamWrites, batchSize)) {
    await writeTeamElo(trx, batch);
    await afterBatch();
  }
  let matchesWritten = uncompleted.deleted;
  if (matchRows.ids.length > 0) {
    await withWorkMem(trx, MATCH_WRITE_WORK_MEM, async () => {
      for (let start = 0; start < matchRows.ids.length; start += batchSize) {
        matchesWritten += await writeMatchElo(trx, matchRows, start, start + batchSize);
        await afterBatch();
      }
    });
  }
  for (const batch of chunked(adjustmentWrites, batchSize)) {
    await sql`
      UPDATE elo_adjustments SET elo_before = v.before
      FROM unnest(${batch.map((r) => r.id)}::uuid[], ${batch.map((r) => r.before)}::int[]) AS v(id, before)
      WHERE elo_adjustments.id = v.id
    `.execute(trx);
    await afterBatch();
  }
  timings.write += lap();

  return {
    applied: result.appliedOrder.length,
    skipped,
    eloChanges,
    teamsWritten: teamWrites.length,
    matchesWritten,
    adjustmentsWritten: adjustmentWrites.length,
    timings,
  };
}

/**
 * Deletes the match_elo rows of matches that moved Elo once but are no longer completed
 * (dated from `from` on; all of them from null). Answers how many went and the matches' teams,
 * which may have no event left to bring them up to date.
 */
async function deleteUncompletedMatchElo(trx: Trx, from: Date | null): Promise<{ deleted: number; teamIds: string[] }> {
  const { rows } = await sql<{ team1_id: string; team2_id: string }>`
    DELETE FROM match_elo e USING matches m
    WHERE m.id = e.match_id AND m.status = ANY(${NOT_COMPLETED}::text[]) ${from ? sql`AND m.date >= ${from}` : sql``}
    RETURNING m.team1_id, m.team2_id
  `.execute(trx);
  return { deleted: rows.length, teamIds: rows.flatMap((row) => [row.team1_id, row.team2_id]) };
}

/** Runs `work` with more work_mem, then puts the transaction's setting back (a failure rolls it back anyway). */
async function withWorkMem(trx: Trx, workMem: string, work: () => Promise<void>): Promise<void> {
  const { rows } = await sql<{ work_mem: string }>`SELECT current_setting('work_mem') AS work_mem`.execute(trx);
  await sql`SELECT set_config('work_mem', ${workMem}, true)`.execute(trx);
  await work();
  await sql`SELECT set_config('work_mem', ${rows[0]!.work_mem}, true)`.execute(trx);
}

// Arrays keep each statement's parameter count fixed at any size.
async function writeTeamElo(trx: Trx, rows: readonly { id: string; elo: number; startingElo?: number }[]): Promise<void> {
  await sql`
    UPDATE teams SET elo = v.elo, starting_elo = coalesce(v.starting_elo, teams.starting_elo), updated_at = now()
    FROM unnest(${rows.map((r) => r.id)}::uuid[], ${rows.map((r) => r.elo)}::int[], ${rows.map((r) => r.startingElo ?? null)}::int[]) AS v(id, elo, starting_elo)
    WHERE teams.id = v.id
  `.execute(trx);
}

/**
 * Writes the matches' Elo (rows start to end) to match_elo in one MERGE, which keeps what
 * differs from what is stored: a row of a match that moves no Elo is deleted, a stored row is
 * updated where any value differs, a new one inserted. The replay need not read the stored
 * rows, and a run that changes every Elo sends each row once (docs/decisions/0095); the arrays
 * travel in binary (array-parameter.ts in the db package). Answers how many rows changed.
 */
async function writeMatchElo(trx: Trx, rows: MatchEloRows, start = 0, end = rows.ids.length): Promise<number> {
  const result = await sql`
    MERGE INTO match_elo e
    -- unnest in the select list: PostgreSQL reads the arrays side by side instead of first
    -- copying their rows into a store, as unnest(a, b, …) in FROM does (0.04 s instead of 0.14 s).
    USING (
      SELECT unnest(${uuidArray(rows.ids.slice(start, end))}::uuid[]) AS id,
        unnest(${integerArray(rows.team1Before.subarray(start, end))}::int[]) AS team1_before,
        unnest(${integerArray(rows.team2Before.subarray(start, end))}::int[]) AS team2_before,
        unnest(${integerArray(rows.team1Change.subarray(start, end))}::int[]) AS team1_change,
        unnest(${integerArray(rows.team2Change.subarray(start, end))}::int[]) AS team2_change
    ) AS v
    ON e.match_id = v.id
    WHEN MATCHED AND v.team1_before IS NULL THEN DELETE
    WHEN MATCHED AND (e.team1_elo_before, e.team2_elo_before, e.team1_elo_change, e.team2_elo_change)
        IS DISTINCT FROM (v.team1_before, v.team2_before, v.team1_change, v.team2_change) THEN
      UPDATE SET team1_elo_before = v.team1_before, team2_elo_before = v.team2_before, team1_elo_change = v.team1_change, team2_elo_change = v.team2_change
    WHEN NOT MATCHED AND v.team1_before IS NOT NULL THEN
      INSERT (match_id, team1_elo_before, team2_elo_before, team1_elo_change, team2_elo_change)
      VALUES (v.id, v.team1_before, v.team2_before, v.team1_change, v.team2_change)
  `.execute(trx);
  return Number(result.numAffectedRows ?? 0);
}

export interface SettledMatches {
  /** Matches that moved Elo for the first time. */
  applied: number;
  /** Completed matches that do not count, with the reason. */
  skipped: { matchId: string; reason: EloSkipReason }[];
  /** When history had to be replayed (a result placed before later ones, or a changed result), from when. */
  replayedFrom: Date | null;
}

/**
 * Brings the ledger up to date after these matches were written; `before` is appliedFacts of
 * the same ids read before the write. A newly counting result later than every event of both
 * its teams is appended (the common case: one read, two writes). Anything else (a result
 * dated before a team's latest event, an applied result that changed or no longer counts, or
 * one that was deleted) replays history from the earliest such moment.
 */
export async function settleMatches(trx: Trx, matchIds: readonly string[], before: ReadonlyMap<string, AppliedFacts>): Promise<SettledMatches> {
  const rows = [];
  for (const ids of chunked([...new Set(matchIds)], 1000)) {
    rows.push(
      ...(await trx
        .selectFrom('matches')
        .leftJoin('teams as team1', 'team1.id', 'matches.team1_id')
        .leftJoin('teams as team2', 'team2.id', 'matches.team2_id')
        .select(['matches.id', 'matches.status', 'matches.date', 'matches.team1_id', 'matches.team2_id', 'matches.winner_id', 'team1.name as team1_name', 'team2.name as team2_name'])
        .where('matches.id', 'in', ids)
        .execute()),
    );
  }

  const replay = new ReplayStart();
  // Teams of changed results, which may have no event left after the replay's start.
  const lostTeams: string[] = [];
  const skipped: SettledMatches['skipped'] = [];
  const candidates: { id: string; time: number; team1Id: string; team2Id: string; team1Won: boolean }[] = [];
  const present = new Set<string>();
  for (const row of rows) {
    present.add(row.id);
    const reason = eloIneligibility({
      status: row.status,
      date: row.date,
      team1Id: row.team1_id,
      team2Id: row.team2_id,
      winnerId: row.winner_id,
      team1Name: row.team1_name ?? undefined,
      team2Name: row.team2_name ?? undefined,
    });
    if (reason !== null && reason !== 'not_completed') skipped.push({ matchId: row.id, reason });
    const time = eloTime(row.date);
    const was = before.get(row.id);
    if (was) {
      const unchanged = reason === null && time === was.time && row.team1_id === was.team1Id && row.team2_id === was.team2Id && row.winner_id === was.winnerId;
      if (!unchanged) {
        // From where it was and from where it is now (an undated one only a whole replay finds).
        replay.at(was.time);
        replay.at(time ?? Number.NEGATIVE_INFINITY);
        lostTeams.push(was.team1Id, was.team2Id);
      }
    } else if (reason === null) {
      candidates.push({ id: row.id, time: time as number, team1Id: row.team1_id, team2Id: row.team2_id, team1Won: row.winner_id === row.team1_id });
    }
  }
  for (const [id, was] of before) {
    if (present.has(id)) continue;
    replay.at(was.time);
    lostTeams.push(was.team1Id, was.team2Id);
  }

  candidates.sort((x, y) => x.time - y.time || compareStrings(x.id, y.id));
  await appendResults(trx, candidates, replay, new Set(lostTeams));
  if (replay.from !== null) await replayLedger(trx, { from: Number.isFinite(replay.from) ? new Date(replay.from) : null, alsoTeams: lostTeams });
  // Every writer of results comes through here, so event brackets advance here, in the same transaction.
  await advanceEventBrackets(trx, matchIds);
  // Every counting candidate is applied now: appended, or by the replay (which takes all from its start on).
  return { applied: candidates.length, skipped, replayedFrom: replay.from === null || !Number.isFinite(replay.from) ? null : new Date(replay.from) };
}

/** The earliest moment history must be replayed from, if any. */
class ReplayStart {
  from: number | null = null;
  at(time: number): void {
    // An applied result without a date (from before the date rule) has no place in time: only a whole replay removes it.
    const start = Number.isNaN(time) || time === Number.POSITIVE_INFINITY ? Number.NEGATIVE_INFINITY : time;
    this.from = this.from === null ? start : Math.min(this.from, start);
  }
}

/**
 * Appends results (oldest first) while each is later than both its teams' latest events,
 * earlier than the replay's start and between teams whose Elo is not stale; the first that is
 * not sets the replay's start instead.
 */
async function appendResults(
  trx: Trx,
  candidates: readonly { id: string; time: number; team1Id: string; team2Id: string; team1Won: boolean }[],
  replay: ReplayStart,
  /** Teams whose stored Elo still counts a result that changed: only the replay can continue from them. */
  staleTeams: ReadonlySet<string>,
): Promise<void> {
  if (candidates.length === 0) return;
  const teamIds = [...new Set(candidates.flatMap((c) => [c.team1Id, c.team2Id]))];
  const last = await lastEvents(trx, teamIds, null);
  const teams = await trx.selectFrom('teams').select(['id', 'elo']).where('id', '=', sql<string>`ANY(${teamIds}::uuid[])`).execute();
  const elo = new Map(teams.map((t) => [t.id, t.elo]));

  const appended: { id: string; step: { team1Before: number; team1After: number; team2Before: number; team2After: number } }[] = [];
  for (const candidate of candidates) {
    const position: LedgerPosition = { time: candidate.time, kind: 'match', id: candidate.id };
    if (replay.from !== null && candidate.time >= replay.from) break;
    const isLater = (teamId: string) => {
      const latest = last.get(teamId);
      return !latest || compareLedgerPositions(position, latest.position) > 0;
    };
    if (staleTeams.has(candidate.team1Id) || staleTeams.has(candidate.team2Id) || !isLater(candidate.team1Id) || !isLater(candidate.team2Id)) {
      replay.at(candidate.time);
      break;
    }
    const team1Before = elo.get(candidate.team1Id) as number;
    const team2Before = elo.get(candidate.team2Id) as number;
    const { team1After, team2After } = matchEloStep(team1Before, team2Before, candidate.team1Won);
    elo.set(candidate.team1Id, team1After);
    elo.set(candidate.team2Id, team2After);
    last.set(candidate.team1Id, { position, elo: team1After });
    last.set(candidate.team2Id, { position, elo: team2After });
    appended.push({ id: candidate.id, step: { team1Before, team1After, team2Before, team2After } });
  }
  if (appended.length === 0) return;
  const changedTeams = teams.filter((t) => elo.get(t.id) !== t.elo).map((t) => ({ id: t.id, elo: elo.get(t.id) as number }));
  if (changedTeams.length > 0) await writeTeamElo(trx, changedTeams);
  const rows = matchEloRows(appended.map((a) => a.id));
  appended.forEach((a, i) => setMatchEloRow(rows, i, a.step));
  await writeMatchElo(trx, rows);
}

export interface AdjustmentContext {
  reason: EloAdjustmentReasonColumn;
  userId: string | null;
  /** Shared by the adjustments of one tool run or edit. */
  runId: string;
  at: Date;
}

/**
 * Sets teams' Elo by something other than a match, recorded as adjustments at `at`. Teams
 * already at that Elo are left alone. When a team has an event after `at` (a result dated in
 * the future), history from `at` on is replayed, so that event starts from the new Elo.
 * Answers how many teams got an adjustment. `calculation` is kept with the adjustment: the
 * numbers that gave the Elo (Calculate Team ELO's, TeamEloCalculationRecord in api-contract).
 */
export async function recordAdjustments(
  trx: Trx,
  changes: readonly { teamId: string; elo: number; calculation?: TeamEloCalculationRecord }[],
  context: AdjustmentContext,
): Promise<number> {
  if (changes.length === 0) return 0;
  const current = new Map<string, number>();
  for (const ids of chunked([...new Set(changes.map((c) => c.teamId))], 10_000)) {
    const rows = await trx.selectFrom('teams').select(['id', 'elo']).where('id', '=', sql<string>`ANY(${ids}::uuid[])`).execute();
    for (const row of rows) current.set(row.id, row.elo);
  }
  const moved = changes.filter((c) => current.has(c.teamId) && current.get(c.teamId) !== c.elo);
  if (moved.length === 0) return 0;

  const teamIds = moved.map((c) => c.teamId);
  const later = await sql<{ later: boolean }>`
    SELECT EXISTS (
      SELECT 1 FROM matches JOIN match_elo ON match_elo.match_id = matches.id WHERE date > ${context.at} AND (team1_id = ANY(${teamIds}::uuid[]) OR team2_id = ANY(${teamIds}::uuid[]))
    ) OR EXISTS (
      SELECT 1 FROM elo_adjustments WHERE at >= ${context.at} AND team_id = ANY(${teamIds}::uuid[])
    ) AS later
  `.execute(trx);

  for (const batch of chunked(moved, 10_000)) {
    await sql`
      INSERT INTO elo_adjustments (team_id, at, elo_before, elo_after, reason, user_id, run_id, calculation)
      SELECT v.team_id, ${context.at}, v.before, v.after, ${context.reason}, ${context.userId}::uuid, ${context.runId}::uuid, v.calculation
      FROM unnest(
        ${batch.map((c) => c.teamId)}::uuid[],
        ${batch.map((c) => current.get(c.teamId) as number)}::int[],
        ${batch.map((c) => c.elo)}::int[],
        ${batch.map((c) => (c.calculation ? JSON.stringify(c.calculation) : null))}::jsonb[]
      ) AS v(team_id, before, after, calculation)
    `.execute(trx);
    await writeTeamElo(trx, batch.map((c) => ({ id: c.teamId, elo: c.elo })));
  }
  if (later.rows[0]?.later) await replayLedger(trx, { from: context.at });
  return moved.length;
}

/** { no_winner: 2, bye: 1 }: what the audit log keeps of the results that do not count. */
export function skipReasonCounts(skipped: readonly { reason: EloSkipReason }[]): Partial<Record<EloSkipReason, number>> {
  const counts: Partial<Record<EloSkipReason, number>> = {};
  for (const { reason } of skipped) counts[reason] = (counts[reason] ?? 0) + 1;
  return counts;
}

/** For a staff message: ' 2 completed matches do not move Elo (no winner: 1, no date: 1).', or ''. */
export function skippedNote(skipped: readonly { reason: EloSkipReason }[]): string {
  if (skipped.length === 0) return '';
  const reasons = Object.entries(skipReasonCounts(skipped)).map(([reason, n]) => `${ELO_SKIP_REASON_TEXT[reason as EloSkipReason]}: ${n}`);
  return ` ${skipped.length} completed ${skipped.length === 1 ? 'match does' : 'matches do'} not move Elo (${reasons.join(', ')}).`;
}
