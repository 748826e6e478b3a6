import { currentSeasonOutput, season, seasonCreateInput, seasonListInput, seasonListOutput } from '@campus-elo/api-contract';
import { publicProcedure, router, staffProcedure } from '../../trpc';
import { PAGING_PARAMS } from '../../lib/paging';
import { createSeason } from './admin-queries';
import { findCurrentSeason, listSeasons } from './queries';

const SEASON_SORT = 'start_date (default, newest first), name or end_date.';

export const seasonsPublicProcedures = {
  seasons: publicProcedure
    .meta({ rest: { method: 'GET', path: '/public/seasons', summary: 'Seasons', tag: 'Public', params: { ...PAGING_PARAMS, sort: SEASON_SORT } } })
    .input(seasonListInput)
    .output(seasonListOutput)
    .query(({ ctx, input }) => listSeasons(ctx.db, input)),
  /** The season behind the home widgets: CURRENT_SEASON_ID, else the one containing today, else the latest. */
  currentSeason: publicProcedure
    .meta({
      rest: {
        method: 'GET',
        path: '/public/current-season',
        summary: 'The season behind the home page',
        description: 'CURRENT_SEASON_ID when it names a season, else the season containing today (the latest start if several do), else the latest; null when there are no seasons.',
        tag: 'Public',
      },
    })
    .output(currentSeasonOutput)
    .query(({ ctx }) => findCurrentSeason(ctx.db, ctx.config.currentSeasonId)),
};

export const seasonsAdminRouter = router({
  list: staffProcedure
    .meta({ rest: { method: 'GET', path: '/seasons/', summary: 'Seasons (admin list)', tag: 'Seasons', params: { ...PAGING_PARAMS, sort: SEASON_SORT } } })
    .input(seasonListInput)
    .output(seasonListOutput)
    .query(({ ctx, input }) => listSeasons(ctx.db, input)),
  create: staffProcedure
    .meta({ rest: { method: 'POST', path: '/seasons/create/', summary: 'Create a season', tag: 'Seasons', status: 201 } })
    .input(seasonCreateInput)
    .output(season)
    .mutation(({ ctx, input }) => createSeason(ctx.db, ctx.user, input)),
});
