import { entityPathInput, matchMapsResponse } from '@campus-elo/api-contract';
import { publicReadProcedure } from '../../trpc';
import { getMatchMaps } from './queries';

export const matchStatsPublicProcedures = {
  matchMaps: publicReadProcedure
    .meta({
      rest: {
        method: 'GET',
        path: '/public/matches/:id/maps',
        summary: "A match's maps, veto and each map's scoreboard",
        description: 'A match without map details answers {maps: [], vetoes: []}. rating: HLTV Rating 1.0 (docs/product.md); null where the source lacks multi-kill rounds.',
        tag: 'Public',
        errors: { 404: 'No match has this id' },
      },
    })
    .input(entityPathInput)
    .output(matchMapsResponse)
    .query(({ ctx, input }) => getMatchMaps(ctx.db, input.id)),
};
