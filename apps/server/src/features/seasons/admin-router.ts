import { season, seasonCreateInput, seasonListInput, seasonListOutput } from '@campus-elo/api-contract';
import { router, staffProcedure } from '../../trpc';
import { createSeason } from './admin-queries';
import { listSeasons } from './queries';

export const seasonsAdminRouter = router({
  list: staffProcedure
    .input(seasonListInput)
    .output(seasonListOutput)
    .query(({ ctx, input }) => listSeasons(ctx.db, input)),
  create: staffProcedure
    .input(seasonCreateInput)
    .output(season)
    .mutation(({ ctx, input }) => createSeason(ctx.db, ctx.user, input)),
});
