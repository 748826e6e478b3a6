import { mergePreviewOutput, mergeTeamsInput, mergeTeamsOutput } from '@campus-elo/api-contract';
import { ownerProcedure, router, staffProcedure } from '../../trpc';
import { mergeTeams } from './merge-teams';
import { previewMerge } from './preview';

const notFound = { 404: 'Team not found' };

export const mergeRouter = router({
  preview: staffProcedure
    .meta({ rest: { method: 'POST', path: '/merge-teams/preview/', summary: 'Preview a team merge', tag: 'Merge teams', errors: notFound } })
    .input(mergeTeamsInput)
    .output(mergePreviewOutput)
    .query(({ ctx, input }) => previewMerge(ctx.db, input.primary_team_id, input.secondary_team_id)),
  commit: ownerProcedure
    .meta({ rest: { method: 'POST', path: '/merge-teams/', summary: 'Merge two teams', tag: 'Merge teams', errors: notFound } })
    .input(mergeTeamsInput)
    .output(mergeTeamsOutput)
    .mutation(({ ctx, input }) => mergeTeams(ctx.db, input.primary_team_id, input.secondary_team_id, ctx.user)),
});
