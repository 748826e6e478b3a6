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
  match_before?: AdminMatch | null;
  match_after?: AdminMatch | null;
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

/** The match must be as the run left it (gone, after a delete). */
async function requireMatchAsLeft(trx: Trx, restore: Restore): Promise<void> {
  const left = restore.match_after ?? null;
  const id = (left ?? restore.match_before)?.id;
  if (!id) return;
  const row = await trx.selectFrom('matches').select(adminMatchColumns).where('id', '=', id).forUpdate().executeTakeFirst();
  const now = row ? toAdminMatch(row) : null;
  // Field by field: jsonb keeps its own key order.
  const same = now === null || left === null ? now === left : adminMatchColumns.every((column) => now[column] === left[column]);
  if (!same) {
    throw conflict(left === null ? 'The deleted match exists again: it was imported or entered since' : 'The match was changed or deleted since this run');
  }
}

/** Puts the match back as it was before the run (none, for a match the run created), and settles the ledger for it. */
async function restoreMatch(trx: Trx, restore: Restore): Promise<void> {
  const was = restore.match_before ?? null;
  const id = (was ?? restore.match_after)?.id;
  if (!id) return;
  const facts = await appliedFacts(trx, [id]);
  await trx.deleteFrom('matches').where('id', '=', id).execute();
  if (was) {
    const exists = async (table: 'teams' | 'competitions' | 'seasons', ref: string | null) =>
      ref === null || (await trx.selectFrom(table).select('id').where('id', '=', ref).executeTakeFirst()) !== undefined;
    if (!(await exists('teams', was.team1_id)) || !(await exists('teams', was.team2_id))) throw conflict('A team of the match was deleted since');
    await trx
      .insertInto('matches')
      .values({
        ...was,
        date: was.date === null ? null : new Date(was.date),
        competition_id: (await exists('competitions', was.competition_id)) ? was.competition_id : null,
        season_id: (await exists('seasons', was.season_id)) ? was.season_id : null,
      })
      .execute();
  }
  await settleMatches(trx, [id], facts);
}

export async function undoEloRun(db: Kysely<Database>, actor: { id: string }, id: string): Promise<EloRunUndoOutput> {
  return db.transaction().execute(async (trx) => {
    await lockEloLedger(trx);
    const run = await trx.selectFrom('elo_runs').selectAll().where('id', '=', id).forUpdate().executeTakeFirst();
    if (!run) throw notFound('Elo run not found');
    if (run.undone_at) throw conflict(`This run was already undone on ${run.undone_at.toISOString()}`);
    const restore = (run.restore ?? {}) as Restore;
    await requireUntouched(trx, run);
    if (run.kind.startsWith('match_')) await requireMatchAsLeft(trx, restore);

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
        await restoreMatch(trx, restore);
    }

    const eloChanges = eloChangesBetween(eloBefore, await teamEloSnapshot(trx));
    const now = new Date();
    await trx.updateTable('elo_runs').set({ undone_at: now, undone_by: actor.id }).where('id', '=', id).execute();
    await recordAudit(trx, { user: actor, action: 'undo', entity: 'elo_run', ids: [id], details: { kind: run.kind, elo_changes: eloChanges.length } });
    const players = run.kind === 'reset_players' ? changes.filter((c) => c.field === 'elo').length : 0;
    const what = run.kind === 'reset_players' ? `${players} ${players === 1 ? 'player' : 'players'}` : `${eloChanges.length} ${eloChanges.length === 1 ? 'team' : 'teams'}`;
    return { run_id: id, message: `Undid ${KIND_TEXT[run.kind]} of ${run.created_at.toISOString()}: Elo put back for ${what}.`, elo_changes: eloChanges };
  });
}
