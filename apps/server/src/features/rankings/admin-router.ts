import { rankingSnapshotInput, rankingSnapshotOutput } from '@campus-elo/api-contract';
import { router, staffProcedure } from '../../trpc';
import { createRankingSnapshot } from './snapshot';

export const rankingsAdminRouter = router({
  createSnapshot: staffProcedure
    .input(rankingSnapshotInput)
    .output(rankingSnapshotOutput)
    .mutation(({ ctx, input }) => createRankingSnapshot(ctx.db, input, ctx.user)),
});
