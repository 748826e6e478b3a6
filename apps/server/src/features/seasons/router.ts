import { currentSeasonOutput, deleteByIdInput, deletedOutput, season, seasonCreateInput, seasonListInput, seasonListOutput, seasonUpdateInput } from '@campus-elo/api-contract';
import { publicReadProcedure, router, staffProcedure } from '../../trpc';
import { PAGING_PARAMS } from '../../lib/paging';
import { createSeason, deleteSeason, updateSeason } from './admin-queries';
import { findCurrentSeason, listSeasons } from './queries';

const SEASON_SORT = 'start_date (default, newest first), name or end_date.';
const SEASON_FILTERS = {
  id: 'One season, or several comma-joined.',
  current: "true: the season whose dates contain today (UTC); false is no filter. Each item's is_current says the same.",
};

export const seasonsPublicProcedures = {
  seasons: publicReadProcedure
    .meta({ rest: { method: 'GET', path: '/public/seasons', summary: 'Seasons', tag: 'Public', params: { ...PAGING_PARAMS, sort: SEASON_SORT, ...SEASON_FILTERS } } })
    .input(seasonListInput)
    .output(seasonListOutput)
    .query(({ ctx, input }) => listSeasons(ctx.db, input)),
  /** The season behind the home widgets: CURRENT_SEASON_ID, else the one containing today, else the latest. */
  currentSeason: publicReadProcedure
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
    .meta({ rest: { method: 'GET', path: '/seasons/', summary: 'Seasons (admin list)', tag: 'Seasons', params: { ...PAGING_PARAMS, sort: SEASON_SORT, ...SEASON_FILTERS } } })
    .input(seasonListInput)
    .output(seasonListOutput)
    .query(({ ctx, input }) => listSeasons(ctx.db, input)),
  create: staffProcedure
    .meta({
      rest: { method: 'POST', path: '/seasons/create/', summary: 'Create a season', tag: 'Seasons', status: 201, errors: { 409: 'A season of that name (ignoring case) exists' } },
    })
    .input(seasonCreateInput)
    .output(season)
    .mutation(({ ctx, input }) => createSeason(ctx.db, ctx.user, input)),
  update: staffProcedure
    .meta({
      rest: {
        method: 'PUT',
        path: '/seasons/:id/',
        summary: "Replace a season's name and dates",
        tag: 'Seasons',
        errors: { 404: 'No season has this id', 409: 'Another season has that name (ignoring case)' },
      },
    })
    .input(seasonUpdateInput)
    .output(season)
    .mutation(({ ctx, input }) => updateSeason(ctx.db, ctx.user, input)),
  delete: staffProcedure
    .meta({
      rest: {
        method: 'DELETE',
        path: '/seasons/:id/',
        summary: 'Delete a season without matches',
        description: 'Its ranking snapshots and participants go with it.',
        tag: 'Seasons',
        errors: { 404: 'No season has this id', 409: 'The season has matches' },
      },
    })
    .input(deleteByIdInput)
    .output(deletedOutput)
    .mutation(({ ctx, input }) => deleteSeason(ctx.db, ctx.user, input.id)),
});
