import {
  currentSeasonOutput,
  matchListInput,
  matchListOutput,
  playerListInput,
  playerListOutput,
  rankingItemsInput,
  rankingItemsOutput,
  rankingListInput,
  rankingListOutput,
  seasonListInput,
  seasonListOutput,
  teamListInput,
  teamListOutput,
} from '@campus-elo/api-contract';
import { publicProcedure, router } from '../trpc';
import { listMatches } from './matches/queries';
import { listPlayers } from './players/queries';
import { listRankingItems, listRankings } from './rankings/queries';
import { findCurrentSeason, listSeasons } from './seasons/queries';
import { listTeams } from './teams/queries';

/** Every read the public pages need; no sign-in. */
export const publicRouter = router({
  teams: publicProcedure.input(teamListInput).output(teamListOutput).query(({ ctx, input }) => listTeams(ctx.db, input)),
  players: publicProcedure.input(playerListInput).output(playerListOutput).query(({ ctx, input }) => listPlayers(ctx.db, input)),
  matches: publicProcedure.input(matchListInput).output(matchListOutput).query(({ ctx, input }) => listMatches(ctx.db, input)),
  seasons: publicProcedure.input(seasonListInput).output(seasonListOutput).query(({ ctx, input }) => listSeasons(ctx.db, input)),
  rankings: publicProcedure.input(rankingListInput).output(rankingListOutput).query(({ ctx, input }) => listRankings(ctx.db, input)),
  rankingItems: publicProcedure
    .input(rankingItemsInput)
    .output(rankingItemsOutput)
    .query(({ ctx, input }) => listRankingItems(ctx.db, input)),
  /** The season behind the home widgets: CURRENT_SEASON_ID, else the one containing today, else the latest. */
  currentSeason: publicProcedure.output(currentSeasonOutput).query(({ ctx }) => findCurrentSeason(ctx.db, ctx.config.currentSeasonId)),
});
