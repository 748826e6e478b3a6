import type { teamEloRecalculateInput, TeamEloRecalculateOutput } from '@campus-elo/api-contract';
import type { Database } from '@campus-elo/db';
import type { Kysely } from 'kysely';
import type { z } from 'zod';
import { recordAudit, type AuditEntry } from '../audit/record';
import { lockEloLedger, replayLedger, skipReasonCounts, type ReplayOptions } from './ledger';

export type RecalculateOptions = Pick<ReplayOptions, 'batchSize' | 'afterBatch'>;

/**
 * Replays the whole Elo ledger (ledger.ts) and writes what differs, in one transaction: a
 * failure midway leaves every Elo as it was. With reset_to_default every team starts from
 * default_elo and the adjustments are dropped; without it, each team starts from its own
 * starting Elo with its adjustments, so on a consistent ledger nothing changes.
 */
export async function recalculateAllElo(
  db: Kysely<Database>,
  input: z.output<typeof teamEloRecalculateInput>,
  actor: AuditEntry['user'],
  options: RecalculateOptions = {},
): Promise<TeamEloRecalculateOutput> {
  return db.transaction().execute(async (trx) => {
    await lockEloLedger(trx);
    let adjustmentsDropped = 0;
    if (input.reset_to_default) {
      await trx.updateTable('teams').set({ starting_elo: input.default_elo }).where('starting_elo', '<>', input.default_elo).execute();
      adjustmentsDropped = Number((await trx.deleteFrom('elo_adjustments').executeTakeFirst()).numDeletedRows);
    }
    const replay = await replayLedger(trx, { from: null, ...options });

    const answer = {
      summary: { processed_count: replay.applied, error_count: replay.skipped.length },
      total_elo_changes: replay.eloChanges,
    };
    await recordAudit(trx, {
      user: actor,
      action: 'recalculate_elo',
      entity: 'teams',
      ids: [],
      details: {
        ...input,
        ...answer,
        teams_written: replay.teamsWritten,
        matches_written: replay.matchesWritten,
        adjustments_dropped: adjustmentsDropped,
        skipped: skipReasonCounts(replay.skipped),
      },
    });
    return answer;
  });
}
