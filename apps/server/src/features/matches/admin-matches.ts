import { isDateOnly, type AdminMatch, type matchCreateInput, type MatchWriteOutput, type matchUpdateInput } from '@campus-elo/api-contract';
import type { Database, Matches } from '@campus-elo/db';
import type { Kysely, Selectable } from 'kysely';
import type { z } from 'zod';
import { recordAudit } from '../audit/record';
import { appliedFacts, lockEloLedger, settleMatches } from '../elo/ledger';
import { eloChangesBetween, recordEloRun, teamEloRunChanges, teamEloSnapshot } from '../elo/runs';
import { invalid, notFound } from '../../lib/errors';

/*
 * Matches entered, corrected and deleted by hand. Each write settles the Elo ledger for the
 * match in the same transaction (ledger.ts: a changed or deleted result replays history from
 * its date on), answers every team whose Elo moved, and keeps the run for undo (runs.ts). A
 * dry run does all of it and rolls back, so the answer is exactly what saving would do.
 */

type Trx = Kysely<Database>;
type CreateInput = z.output<typeof matchCreateInput>;
type UpdateInput = z.output<typeof matchUpdateInput>;
/** Who wrote: a staff member, or null for start-up steps such as the demo's events. */
type Actor = { id: string } | null;

export const adminMatchColumns = [
  'id',
  'platform',
  'external_id',
  'date',
  'competition_id',
  'season_id',
  'team1_id',
  'team2_id',
  'status',
  'score_team1',
  'score_team2',
  'winner_id',
  'forfeit',
  'url',
  'match_type',
  'manual_result',
] as const;

type MatchRow = Pick<Selectable<Matches>, (typeof adminMatchColumns)[number]>;

export function toAdminMatch(row: MatchRow): AdminMatch {
  // match_type is text held to 'league' or 'event' by a CHECK constraint.
  return { ...row, match_type: row.match_type as AdminMatch['match_type'], date: row.date === null ? null : row.date.toISOString() };
}

/** One match as staff edit it. */
export async function getAdminMatch(db: Kysely<Database>, id: string): Promise<AdminMatch> {
  const row = await db.selectFrom('matches').select(adminMatchColumns).where('id', '=', id).executeTakeFirst();
  if (!row) throw notFound('Match not found');
  return toAdminMatch(row);
}

/** A date (YYYY-MM-DD) is midnight UTC; a date-time is exact. */
const matchDate = (value: string | null | undefined) => (value == null ? null : new Date(isDateOnly(value) ? `${value}T00:00:00Z` : value));

/** Thrown to roll a dry run back, carrying its answer out of the transaction. */
class DryRunRollback extends Error {
  constructor(readonly answer: MatchWriteOutput) {
    super('dry run');
  }
}

async function loadMatch(trx: Trx, id: string): Promise<MatchRow> {
  const row = await trx.selectFrom('matches').select(adminMatchColumns).where('id', '=', id).forUpdate().executeTakeFirst();
  if (!row) throw notFound('Match not found');
  return row;
}

/** The teams, competition and season named must exist (404 otherwise). */
async function requireReferences(trx: Trx, refs: { teamIds: string[]; competitionId?: string | null; seasonId?: string | null }): Promise<void> {
  const teamIds = [...new Set(refs.teamIds)];
  if (teamIds.length > 0) {
    const found = await trx.selectFrom('teams').select('id').where('id', 'in', teamIds).execute();
    if (found.length !== teamIds.length) throw notFound('Team not found');
  }
  if (refs.competitionId && !(await trx.selectFrom('competitions').select('id').where('id', '=', refs.competitionId).executeTakeFirst())) {
    throw notFound('Competition not found');
  }
  if (refs.seasonId && !(await trx.selectFrom('seasons').select('id').where('id', '=', refs.seasonId).executeTakeFirst())) {
    throw notFound('Season not found');
  }
}

interface PlannedWrite {
  id: string;
  /** The row as stored before the write; null for a new match. */
  before: MatchRow | null;
  /** Makes the change; called after the ledger has read what it knew of the match. */
  apply: () => Promise<void>;
}

/**
 * Runs one match write with the ledger lock held: `plan` reads and checks (no writes), then
 * the ledger's facts about the match are read, the change applied and the ledger settled.
 * Answers the Elo changes and records the run and the audit row; a dry run rolls back.
 */
async function writeWithElo(
  db: Kysely<Database>,
  actor: Actor,
  dryRun: boolean,
  action: 'create' | 'update' | 'delete',
  plan: (trx: Trx) => Promise<PlannedWrite>,
): Promise<MatchWriteOutput> {
  try {
    return await db.transaction().execute(async (trx) => {
      await lockEloLedger(trx);
      const { id, before, apply } = await plan(trx);
      const eloBefore = await teamEloSnapshot(trx);
      const facts = await appliedFacts(trx, [id]);
      await apply();
      await settleMatches(trx, [id], facts);
      const after = action === 'delete' ? null : await trx.selectFrom('matches').select(adminMatchColumns).where('id', '=', id).executeTakeFirstOrThrow();
      const changes = eloChangesBetween(eloBefore, await teamEloSnapshot(trx));
      const answer: MatchWriteOutput = { match: after && toAdminMatch(after), dry_run: dryRun, elo_changes: changes, elo_run_id: null };
      if (dryRun) throw new DryRunRollback(answer);
      if (changes.length > 0) {
        answer.elo_run_id = await recordEloRun(trx, {
          kind: `match_${action}`,
          userId: actor?.id ?? null,
          changes: teamEloRunChanges(changes),
          restore: { match_before: before && toAdminMatch(before), match_after: answer.match },
        });
      }
      await recordAudit(trx, {
        user: actor,
        action,
        entity: 'match',
        ids: [id],
        details: { before: before && toAdminMatch(before), after: answer.match, elo_run_id: answer.elo_run_id, elo_changes: changes.length },
      });
      return answer;
    });
  } catch (error) {
    if (error instanceof DryRunRollback) return error.answer;
    throw error;
  }
}

/** A match entered by hand: platform 'manual', its own id as external id, its result marked as set by hand. */
export function createMatch(db: Kysely<Database>, actor: Actor, input: CreateInput): Promise<MatchWriteOutput> {
  const { dry_run: dryRun, ...fields } = input;
  return writeWithElo(db, actor, dryRun, 'create', async (trx) => {
    await requireReferences(trx, { teamIds: [fields.team1_id, fields.team2_id], competitionId: fields.competition_id, seasonId: fields.season_id });
    const id = crypto.randomUUID();
    return {
      id,
      before: null,
      apply: async () => {
        await trx
          .insertInto('matches')
          .values({
            id,
            platform: 'manual',
            external_id: id,
            team1_id: fields.team1_id,
            team2_id: fields.team2_id,
            status: fields.status,
            date: matchDate(fields.date),
            competition_id: fields.competition_id ?? null,
            season_id: fields.season_id ?? null,
            score_team1: fields.score_team1 ?? null,
            score_team2: fields.score_team2 ?? null,
            winner_id: fields.winner_id ?? null,
            forfeit: fields.forfeit ?? false,
            url: fields.url ?? null,
            match_type: fields.match_type ?? 'league',
            manual_result: true,
          })
          .execute();
      },
    };
  });
}

/** What a re-import or Update Matches would overwrite: changing any of it marks the result as set by hand. */
const RESULT_FIELDS = ['team1_id', 'team2_id', 'date', 'status', 'score_team1', 'score_team2', 'winner_id', 'forfeit'] as const;

/** Replaces the fields given; the rest stay. The merged match must still be a valid match (400 otherwise). */
export function updateMatch(db: Kysely<Database>, actor: Actor, input: UpdateInput): Promise<MatchWriteOutput> {
  const { id, dry_run: dryRun, ...given } = input;
  return writeWithElo(db, actor, dryRun, 'update', async (trx) => {
    const before = await loadMatch(trx, id);
    const fields = Object.fromEntries(Object.entries(given).filter(([, value]) => value !== undefined)) as typeof given;
    const next = { ...before, ...fields, date: fields.date === undefined ? before.date : matchDate(fields.date) };
    if (next.team1_id === next.team2_id) throw invalid('A team cannot play itself', [{ path: ['team2_id'], message: 'A team cannot play itself' }]);
    if (next.winner_id !== null && next.winner_id !== next.team1_id && next.winner_id !== next.team2_id) {
      throw invalid('The winner must be one of the two teams', [{ path: ['winner_id'], message: 'The winner must be one of the two teams' }]);
    }
    await requireReferences(trx, {
      teamIds: [fields.team1_id, fields.team2_id].filter((t): t is string => t !== undefined),
      competitionId: fields.competition_id,
      seasonId: fields.season_id,
    });
    const resultChanged = RESULT_FIELDS.some((field) => (field === 'date' ? next.date?.getTime() !== before.date?.getTime() : next[field] !== before[field]));
    return {
      id,
      before,
      apply: async () => {
        await trx
          .updateTable('matches')
          .set({
            team1_id: next.team1_id,
            team2_id: next.team2_id,
            date: next.date,
            competition_id: next.competition_id,
            season_id: next.season_id,
            status: next.status,
            score_team1: next.score_team1,
            score_team2: next.score_team2,
            winner_id: next.winner_id,
            forfeit: next.forfeit,
            url: next.url,
            match_type: next.match_type,
            manual_result: before.manual_result || resultChanged,
            updated_at: new Date(),
          })
          .where('id', '=', id)
          .execute();
      },
    };
  });
}

export function deleteMatch(db: Kysely<Database>, actor: Actor, input: { id: string; dry_run: boolean }): Promise<MatchWriteOutput> {
  return writeWithElo(db, actor, input.dry_run, 'delete', async (trx) => {
    const before = await loadMatch(trx, input.id);
    return {
      id: input.id,
      before,
      apply: async () => {
        await trx.deleteFrom('matches').where('id', '=', input.id).execute();
      },
    };
  });
}
