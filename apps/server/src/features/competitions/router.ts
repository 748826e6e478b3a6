import { adminCompetition, competitionListOutput, competitionNamesOutput, competitionUpdateInput, deleteByIdInput, deletedOutput } from '@campus-elo/api-contract';
import { publicReadProcedure, router, staffProcedure } from '../../trpc';
import { deleteCompetition, listCompetitionNames, listCompetitions, renameCompetition } from './queries';

export const competitionsPublicProcedures = {
  /** Competition names for the match filters (tRPC only; the public match list filters by name). */
  competitions: publicReadProcedure.output(competitionNamesOutput).query(({ ctx }) => listCompetitionNames(ctx.db)),
};

/** Competitions as the database has them: list, rename, delete an unused one. */
export const competitionsAdminRouter = router({
  list: staffProcedure
    .meta({ rest: { method: 'GET', path: '/competitions/', summary: 'Competitions', description: 'Every competition by name, with its season and how many matches name it.', tag: 'Seasons' } })
    .output(competitionListOutput)
    .query(({ ctx }) => listCompetitions(ctx.db)),
  update: staffProcedure
    .meta({ rest: { method: 'PUT', path: '/competitions/:id/', summary: 'Rename a competition', tag: 'Seasons', errors: { 404: 'No competition has this id' } } })
    .input(competitionUpdateInput)
    .output(adminCompetition)
    .mutation(({ ctx, input }) => renameCompetition(ctx.db, ctx.user, input)),
  delete: staffProcedure
    .meta({
      rest: {
        method: 'DELETE',
        path: '/competitions/:id/',
        summary: 'Delete an unused competition',
        tag: 'Seasons',
        errors: { 404: 'No competition has this id', 409: 'Matches name the competition' },
      },
    })
    .input(deleteByIdInput)
    .output(deletedOutput)
    .mutation(({ ctx, input }) => deleteCompetition(ctx.db, ctx.user, input.id)),
});
