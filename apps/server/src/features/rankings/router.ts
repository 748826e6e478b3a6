import {
  deleteByIdInput,
  deletedOutput,
  rankingItemsInput,
  rankingItemsOutput,
  rankingListInput,
  rankingListOutput,
  rankingSnapshotInput,
  rankingSnapshotOutput,
} from '@campus-elo/api-contract';
import { publicReadProcedure, router, staffProcedure } from '../../trpc';
import { PAGING_PARAMS } from '../../lib/paging';
import { listRankingItems, listRankings } from './queries';
import { createRankingSnapshot, deleteRankingSnapshot } from './snapshot';

/** Weekly ranking snapshots, for everyone. */
export const rankingsPublicProcedures = {
  rankings: publicReadProcedure
    .meta({
      rest: {
        method: 'GET',
        path: '/public/rankings',
        summary: 'Weekly ranking snapshots',
        tag: 'Public',
        params: {
          ...PAGING_PARAMS,
          season_id: "Only this season's snapshots; absent means every season.",
          sort: 'date',
          order: 'desc (default, newest first) or asc.',
        },
      },
    })
    .input(rankingListInput)
    .output(rankingListOutput)
    .query(({ ctx, input }) => listRankings(ctx.db, input)),
  rankingItems: publicReadProcedure
    .meta({
      rest: {
        method: 'GET',
        path: '/public/ranking-items',
        summary: "One snapshot's ranked teams",
        tag: 'Public',
        params: { ...PAGING_PARAMS, ranking_id: 'The snapshot; one that does not exist answers an empty list.', sort: 'rank', order: 'asc (default) or desc.' },
      },
    })
    .input(rankingItemsInput)
    .output(rankingItemsOutput)
    .query(({ ctx, input }) => listRankingItems(ctx.db, input)),
};

export const rankingsAdminRouter = router({
  createSnapshot: staffProcedure
    .meta({
      rest: {
        method: 'POST',
        path: '/rankings/snapshot/',
        summary: 'Take a ranking snapshot',
        description:
          "A season that has ended is ranked by each team's Elo at its end (from the Elo ledger) and dated then; a running one by today's Elo. One snapshot per season and week (Monday to Sunday, UTC): `replace: true` replaces the week's snapshot.",
        tag: 'Elo tools',
        errors: { 404: 'Season not found', 409: 'The season already has a snapshot for that week (send replace: true)' },
      },
    })
    .input(rankingSnapshotInput)
    .output(rankingSnapshotOutput)
    .mutation(({ ctx, input }) => createRankingSnapshot(ctx.db, input, ctx.user)),
  delete: staffProcedure
    .meta({ rest: { method: 'DELETE', path: '/rankings/:id/', summary: 'Delete a ranking snapshot', tag: 'Elo tools', errors: { 404: 'No snapshot has this id' } } })
    .input(deleteByIdInput)
    .output(deletedOutput)
    .mutation(({ ctx, input }) => deleteRankingSnapshot(ctx.db, ctx.user, input.id)),
});
