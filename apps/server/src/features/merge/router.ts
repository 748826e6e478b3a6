import { mergePreviewOutput, mergeTeamOptionsOutput, mergeTeamsInput, mergeTeamsOutput } from '@campus-elo/api-contract';
import { ownerProcedure, router, staffProcedure } from '../../trpc';
import { mergeTeams } from './merge-teams';
import { listMergeTeamOptions, previewMerge } from './preview';

export const mergeRouter = router({
  teamOptions: staffProcedure.output(mergeTeamOptionsOutput).query(({ ctx }) => listMergeTeamOptions(ctx.db)),
  preview: staffProcedure
    .input(mergeTeamsInput)
    .output(mergePreviewOutput)
    .query(({ ctx, input }) => previewMerge(ctx.db, input.primary_team_id, input.secondary_team_id)),
  merge: ownerProcedure
    .input(mergeTeamsInput)
    .output(mergeTeamsOutput)
    .mutation(({ ctx, input }) => mergeTeams(ctx.db, input.primary_team_id, input.secondary_team_id, ctx.user)),
});
