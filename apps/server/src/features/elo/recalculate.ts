import type { teamEloRecalculateInput, TeamEloRecalculateOutput } from '@campus-elo/api-contract';
import type { Database } from '@campus-elo/db';
import type { Kysely } from 'kysely';
import type { z } from 'zod';
import { progressCounter, type ToolProgress } from '../../lib/tool-progress';
import { recordAudit, type AuditEntry } from '../audit/record';
import { lockEloLedger, replayLedger, skipReasonCounts, type ReplayOptions } from './ledger';
import { eloChangesBetween, recordEloRun, teamEloRunChanges, teamEloSnapshot, type RunChange } from './runs';

/** The tool's input; the seed and tests leave dry_run out. */
type RecalculateInput = Omit<z.output<typeof teamEloRecalculateInput>, 'dry_run'> & { dry_run?: boolean };

export type RecalculateOptions = Pick<ReplayOptions, 'batchSize' | 'afterBatch'> & ToolProgress;

/**
 * Replays the whole Elo ledger (ledger.ts) and writes what differs, in one transaction: a
 * failure midway leaves every Elo as it was. With reset_to_default every team starts from
 * default_elo and the adjustments are dropped; without it, each team starts from its own
 * starting Elo with its adjustments, so on a consistent ledger nothing changes. Progress
 * is told in three steps; a stop (checked between written batches too) rolls it all back.
 * A dry run does it all and rolls back: the panel lists its largest changes before asking.
 */
export async function recalculateAllElo(
  db: Kysely<Database>,
  input: RecalculateInput,
  actor: AuditEntry['user'],
  options: RecalculateOptions = {},
): Promise<TeamEloRecalculateOutput> {
  try {
    return await recalculateInTransaction(db, input, actor, options);
  } catch (error) {
    if (error instanceof DryRunRollback) return error.answer;
    throw error;
  }
}

/** Thrown to roll a dry run back, carrying its answer out of the transaction. */
class DryRunRollback extends Error {
  constructor(readonly answer: TeamEloRecalculateOutput) {
    super('dry run');
  }
}

function recalculateInTransaction(
  db: Kysely<Database>,
  input: RecalculateInput,
  actor: AuditEntry['user'],
  options: RecalculateOptions,
): Promise<TeamEloRecalculateOutput> {
  return db.transaction().execute(async (trx) => {
    const steps = progressCounter(options, 3);
    await lockEloLedger(trx);
    const eloBefore = await teamEloSnapshot(trx);
    // What undo puts back besides the Elo: the starting Elo and the adjustments a reset drops.
    const startingChanges: RunChange[] = [];
    let droppedAdjustments: unknown[] = [];
    if (input.reset_to_default) {
      const reset = await trx
        .selectFrom('teams')
        .select(['id', 'starting_elo'])
        .where('starting_elo', '<>', input.default_elo)
        .execute();
      for (const team of reset) startingChanges.push({ entity: 'team', field: 'starting_elo', id: team.id, before: team.starting_elo, after: input.default_elo });
      droppedAdjustments = await trx.deleteFrom('elo_adjustments').returningAll().execute();
    }
    steps.step();
    // The replay writes the reset starting Elo with the Elo: one write per team.
    const replay = await replayLedger(trx, {
      from: null,
      resetStartingElo: input.reset_to_default ? input.default_elo : undefined,
      batchSize: options.batchSize,
      afterBatch: async (batchNumber) => {
        await options.afterBatch?.(batchNumber);
        options.signal?.throwIfAborted();
      },
    });
    steps.step();
    const changes = eloChangesBetween(eloBefore, await teamEloSnapshot(trx));
    if (input.dry_run) {
      throw new DryRunRollback({
        summary: { processed_count: replay.applied, error_count: replay.skipped.length },
        total_elo_changes: replay.eloChanges,
        dry_run: true,
        elo_changes: changes,
        elo_run_id: null,
      });
    }
    const changed = changes.length > 0 || startingChanges.length > 0 || droppedAdjustments.length > 0;
    const eloRunId = changed
      ? await recordEloRun(trx, {
          kind: 'recalculate',
          userId: actor?.id ?? null,
          changes: [...teamEloRunChanges(changes), ...startingChanges],
          restore: { adjustments: droppedAdjustments },
        })
      : null;

    const answer = {
      summary: { processed_count: replay.applied, error_count: replay.skipped.length },
      total_elo_changes: replay.eloChanges,
      dry_run: false,
      elo_changes: changes,
      elo_run_id: eloRunId,
    };
    await recordAudit(trx, {
      user: actor,
      action: 'recalculate_elo',
      entity: 'teams',
      ids: [],
      details: {
        ...input,
        ...answer,
        elo_changes: changes.length,
        teams_written: replay.teamsWritten,
        matches_written: replay.matchesWritten,
        adjustments_dropped: droppedAdjustments.length,
        // Where the time went (the bench prints it; docs/decisions/0095).
        replay_ms: Object.fromEntries(Object.entries(replay.timings).map(([part, ms]) => [part, Math.round(ms)])),
        skipped: skipReasonCounts(replay.skipped),
      },
    });
    steps.step();
    return answer;
  });
}
