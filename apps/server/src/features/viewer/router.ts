import {
  viewerListInput,
  viewerMatchesOutput,
  viewerParticipantsOutput,
  viewerPlayersOutput,
  viewerTeamsOutput,
} from '@campus-elo/api-contract';
import { router, staffProcedure } from '../../trpc';
import { viewMatches, viewParticipants, viewPlayers, viewTeams } from './queries';

/** The Database Viewer: every table paged and searched on the server. */
export const viewerRouter = router({
  teams: staffProcedure.input(viewerListInput).output(viewerTeamsOutput).query(({ ctx, input }) => viewTeams(ctx.db, input)),
  players: staffProcedure.input(viewerListInput).output(viewerPlayersOutput).query(({ ctx, input }) => viewPlayers(ctx.db, input)),
  matches: staffProcedure.input(viewerListInput).output(viewerMatchesOutput).query(({ ctx, input }) => viewMatches(ctx.db, input)),
  participants: staffProcedure
    .input(viewerListInput)
    .output(viewerParticipantsOutput)
    .query(({ ctx, input }) => viewParticipants(ctx.db, input)),
});
