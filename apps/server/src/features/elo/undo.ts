import type { AdminMatch, EloRunUndoOutput } from '@campus-elo/api-contract';
import type { Database } from '@campus-elo/db';
import { sql, type Kysely } from 'kysely';
import { recordAudit } from '../audit/record';
import { toAdminMatch, adminMatchColumns } from '../matches/admin-matches';
import { conflict, notFound } from '../../lib/errors';
import { appliedFacts, lockEloLedger, replayLedger, settleMatches } from './ledger';
import { eloChangesBetween, teamEloSnapshot } from './runs';
import { chunked } from '../../lib/sql-batch';

/*
 * Undo of an Elo run (runs.ts): puts back what the run replaced, in one transaction, when
 * nothing written since touches the same rows; otherwise 409 with the reason. Team Elo is
 * never written directly: undo restores the ledger's inputs (the run's adjustments removed,
 * starting Elo and dropped adjustments put back, the match as it was) and replays, so the
 * ledger stays whole.
 */

type Trx = Kysely<Database>;

const KIND_TEXT = {
  calculate: 'Calculate Team Elo',
  reset_players: 'Reset Player Elo',
  recalculate: 'Recalculate All',
  match_create: 'a match entered by hand',
  match_update: 'a match correction',
  match_delete: 'a match deletion',
  import: 'an import',
} as const;

interface StoredAdjustment {
  id: string;
  team_id: string;
  at: string;
  elo_before: number;
  elo_after: number;
  reason: 'calculate' | 'edit' | 'merge';
  user_id: string | null;
  run_id: string | null;
  created_at: string;
}

interface Restore {
  adjustments?: StoredAdjustment[];
  /** A match run's match. */
  match_before?: AdminMatch | null;
  match_after?: AdminMatch | null;
  /** An import's matches: the updated ones as they were, and all it wrote as it left them. */
  matches_before?: AdminMatch[];
  matches_after?: AdminMatch[];
}

/** The matches a run wrote, each before (null: it created it) and after (null: it deleted it). */
interface MatchRestore {
  id: string;
  before: AdminMatch | null;
  after: AdminMatch | null;
}

function matchesOf(restore: Restore): MatchRestore[] {
  if (restore.matches_after) {
    const before = new Map((restore.matches_before ?? []).map((m) => [m.id, m]));
    return restore.matches_after.map((after) => ({ id: after.id, before: before.get(after.id) ?? null, after }));
  }
  const id = (restore.match_before ?? restore.match_after)?.id;
  return id ? [{ id, before: restore.match_before ?? null, after: restore.match_after ?? null }] : [];
}

/** 409 unless every row the run changed still holds the value the run left, and no later run that stands touched it. */
async function requireUntouched(trx: Trx, run: { id: string; created_at: Date }): Promise<void> {
  const later = await sql<{ kind: keyof typeof KIND_TEXT; created_at: Date }>`
    SELECT r.kind, r.created_at FROM elo_runs r
    WHERE r.created_at > ${run.created_at} AND r.undone_at IS NULL AND r.id <> ${run.id}
      AND EXISTS (
        SELECT 1 FROM elo_run_changes c JOIN elo_run_changes mine ON mine.run_id = ${run.id} AND mine.entity = c.entity AND mine.entity_id = c.entity_id
        WHERE c.run_id = r.id
      )
    ORDER BY r.created_at DESC LIMIT 1
  `.execute(trx);
  const newer = later.rows[0];
  if (newer) throw conflict(`A later run changed the same rows: undo ${KIND_TEXT[newer.kind]} of ${newer.created_at.toISOString()} first`);

  const moved = await sql<{ name: string; field: string; now: number; after: number }>`
    SELECT coalesce(t.name, p.name) AS name, c.field, CASE c.field WHEN 'elo' THEN coalesce(t.elo, p.elo) WHEN 'starting_elo' THEN t.starting_elo ELSE p.skill_level END AS now, c.after
    FROM elo_run_changes c
    LEFT JOIN teams t ON c.entity = 'team' AND t.id = c.entity_id
    LEFT JOIN players p ON c.entity = 'player' AND p.id = c.entity_id
    WHERE c.run_id = ${run.id}
      AND (t.id IS NOT NULL OR p.id IS NOT NULL)
      AND CASE c.field WHEN 'elo' THEN coalesce(t.elo, p.elo) WHEN 'starting_elo' THEN t.starting_elo ELSE p.skill_level END <> c.after
    LIMIT 1
  `.execute(trx);
  const first = moved.rows[0];
  if (first) {
    const field = first.field === 'skill_level' ? 'skill level' : first.field === 'starting_elo' ? 'starting Elo' : 'Elo';
    throw conflict(`${first.name}'s ${field} is ${first.now} now, not the ${first.after} this run left: something changed it since`);
  }
}

// Field by field: jsonb keeps its own key order.
const sameMatch = (a: AdminMatch, b: AdminMatch) => adminMatchColumns.every((column) => a[column] === b[column]);

/** Every match must be as the run left it (gone, after a delete). */
async function requireMatchesAsLeft(trx: Trx, matches: readonly MatchRestore[]): Promise<void> {
  for (const batch of chunked(matches, 1000)) {
    const rows = await trx.selectFrom('matches').select(adminMatchColumns).where('id', 'in', batch.map((m) => m.id)).forUpdate().execute();
    const stored = new Map(rows.map((row) => [row.id, toAdminMatch(row)]));
    for (const { id, after: left } of batch) {
      const now = stored.get(id) ?? null;
      const same = now === null || left === null ? now === left : sameMatch(now, left);
      if (!same) {
        throw conflict(left === null ? 'The deleted match exists again: it was imported or entered since' : 'A match of this run was changed or deleted since');
      }
    }
  }
}

/**
 * Puts the matches back as they were before the run: a created one is deleted, a deleted one
 * inserted again with its id, a changed one written back in place (so the ledger's columns of
 * the ones that did not change stay as they are); then the ledger is settled for them.
 */
async function restoreMatches(trx: Trx, matches: readonly MatchRestore[]): Promise<void> {
  if (matches.length === 0) return;
  const ids = matches.map((m) => m.id);
  const facts = await appliedFacts(trx, ids);
  const created = matches.filter((m) => m.before === null).map((m) => m.id);
  for (const batch of chunked(created, 1000)) await trx.deleteFrom('matches').where('id', 'in', batch).execute();

  const was = matches.flatMap((m) => (m.before ? [m.before] : []));
  const existing = async (table: 'teams' | 'competitions' | 'seasons', refs: (string | null)[]) => {
    const wanted = [...new Set(refs.filter((ref): ref is string => ref !== null))];
    const found = new Set<string>();
    for (const batch of chunked(wanted, 1000)) {
      for (const row of await trx.selectFrom(table).select('id').where('id', 'in', batch).execute()) found.add(row.id);
    }
    return found;
  };
  const teams = await existing('teams', was.flatMap((m) => [m.team1_id, m.team2_id]));
  const competitions = await existing('competitions', was.map((m) => m.competition_id));
  const seasons = await existing('seasons', was.map((m) => m.season_id));
  if (was.some((m) => !teams.has(m.team1_id) || !teams.has(m.team2_id))) throw conflict('A team of the match was deleted since');
  const row = (m: AdminMatch) => ({
    ...m,
    date: m.date === null ? null : new Date(m.date),
    competition_id: m.competition_id !== null && competitions.has(m.competition_id) ? m.competition_id : null,
    season_id: m.season_id !== null && seasons.has(m.season_id) ? m.season_id : null,
  });
  const deleted = matches.flatMap((m) => (m.before && m.after === null ? [m.before] : []));
  for (const batch of chunked(deleted, 500)) await trx.insertInto('matches').values(batch.map(row)).execute();
  const changed = matches.flatMap((m) => (m.before && m.after && !sameMatch(m.before, m.after) ? [m.before] : []));
  for (const match of changed) {
    const { id, ...fields } = row(match);
    await trx.updateTable('matches').set({ ...fields, updated_at: new Date() }).where('id', '=', id).execute();
  }
  await settleMatches(trx, ids, facts);
}

/** Thrown to roll a dry run back, carrying its answer out of the transaction. */
class DryRunRollback extends Error {
  constructor(readonly answer: EloRunUndoOutput) {
    super('dry run');
  }
}

export async function undoEloRun(db: Kysely<Database>, actor: { id: string }, id: string, dryRun = false): Promise<EloRunUndoOutput> {
  try {
    return await undoInTransaction(db, actor, id, dryRun);
  } catch (error) {
    if (error instanceof DryRunRollback) return error.answer;
    throw error;
  }
}

function undoInTransaction(db: Kysely<Database>, actor: { id: string }, id: string, dryRun: boolean): Promise<EloRunUndoOutput> {
  return db.transaction().execute(async (trx) => {
    await lockEloLedger(trx);
    const run = await trx.selectFrom('elo_runs').selectAll().where('id', '=', id).forUpdate().executeTakeFirst();
    if (!run) throw notFound('Elo run not found');
    if (run.undone_at) throw conflict(`This run was already undone on ${run.undone_at.toISOString()}`);
    const restore = (run.restore ?? {}) as Restore;
    await requireUntouched(trx, run);
    const matches = matchesOf(restore);
    await requireMatchesAsLeft(trx, matches);

    const eloBefore = await teamEloSnapshot(trx);
    const changes = await trx.selectFrom('elo_run_changes').select(['entity', 'field', 'entity_id', 'before']).where('run_id', '=', id).execute();
    switch (run.kind) {
      case 'calculate': {
        const removed = await trx.deleteFrom('elo_adjustments').where('run_id', '=', id).returning(['at', 'team_id']).execute();
        const from = removed.reduce<Date | null>((min, a) => (min === null || a.at < min ? a.at : min), null);
        if (from) await replayLedger(trx, { from, alsoTeams: removed.map((a) => a.team_id) });
        break;
      }
      case 'recalculate': {
        const starting = changes.filter((c) => c.field === 'starting_elo');
        for (const batch of chunked(starting, 10_000)) {
          await sql`
            UPDATE teams SET starting_elo = v.before
            FROM unnest(${batch.map((c) => c.entity_id)}::uuid[], ${batch.map((c) => c.before)}::int[]) AS v(id, before)
            WHERE teams.id = v.id
          `.execute(trx);
        }
        // Teams deleted since lose their adjustments; staff removed since are no longer named.
        const teams = new Set((await trx.selectFrom('teams').select('id').execute()).map((t) => t.id));
        const users = new Set((await trx.selectFrom('users').select('id').execute()).map((u) => u.id));
        const adjustments = (restore.adjustments ?? []).filter((a) => teams.has(a.team_id));
        for (const batch of chunked(adjustments, 1000)) {
          await trx
            .insertInto('elo_adjustments')
            .values(batch.map((a) => ({ ...a, user_id: a.user_id && users.has(a.user_id) ? a.user_id : null, at: new Date(a.at), created_at: new Date(a.created_at) })))
            .execute();
        }
        await replayLedger(trx, { from: null });
        break;
      }
      case 'reset_players': {
        for (const field of ['elo', 'skill_level'] as const) {
          const rows = changes.filter((c) => c.field === field);
          for (const batch of chunked(rows, 10_000)) {
            await sql`
              UPDATE players SET ${sql.ref(field)} = v.before, updated_at = now()
              FROM unnest(${batch.map((c) => c.entity_id)}::uuid[], ${batch.map((c) => c.before)}::int[]) AS v(id, before)
              WHERE players.id = v.id
            `.execute(trx);
            if (field === 'elo') {
              await sql`
                INSERT INTO player_elo_history (player_id, elo, source)
                SELECT v.id, v.before, 'undo' FROM unnest(${batch.map((c) => c.entity_id)}::uuid[], ${batch.map((c) => c.before)}::int[]) AS v(id, before)
                JOIN players p ON p.id = v.id
              `.execute(trx);
            }
          }
        }
        break;
      }
      default:
        await restoreMatches(trx, matches);
    }

    const eloChanges = eloChangesBetween(eloBefore, await teamEloSnapshot(trx));
    const players = run.kind === 'reset_players' ? changes.filter((c) => c.field === 'elo').length : 0;
    const what = run.kind === 'reset_players' ? `${players} ${players === 1 ? 'player' : 'players'}` : `${eloChanges.length} ${eloChanges.length === 1 ? 'team' : 'teams'}`;
    if (dryRun) {
      throw new DryRunRollback({ run_id: id, dry_run: true, message: `Undoing ${KIND_TEXT[run.kind]} puts Elo back for ${what}.`, elo_changes: eloChanges });
    }
    const now = new Date();
    await trx.updateTable('elo_runs').set({ undone_at: now, undone_by: actor.id }).where('id', '=', id).execute();
    await recordAudit(trx, { user: actor, action: 'undo', entity: 'elo_run', ids: [id], details: { kind: run.kind, elo_changes: eloChanges.length } });
    return { run_id: id, dry_run: false, message: `Undid ${KIND_TEXT[run.kind]} of ${run.created_at.toISOString()}: Elo put back for ${what}.`, elo_changes: eloChanges };
  });
}
