import {
  viewerListInput,
  viewerMatchesInput,
  viewerMatchesOutput,
  viewerParticipantsOutput,
  viewerPlayersOutput,
  viewerTeamsOutput,
} from '@campus-elo/api-contract';
import { router, staffProcedure } from '../../trpc';
import { viewMatches, viewParticipants, viewPlayers, viewTeams } from './queries';

const rest = (table: 'teams' | 'players' | 'matches' | 'participants') =>
  ({ method: 'GET', path: `/${table}/`, summary: `Database viewer: ${table}`, tag: 'Database viewer' }) as const;

/** The Database Viewer: every table paged and searched on the server. */
export const viewerRouter = router({
  teams: staffProcedure.meta({ rest: rest('teams') }).input(viewerListInput).output(viewerTeamsOutput).query(({ ctx, input }) => viewTeams(ctx.db, input)),
  players: staffProcedure.meta({ rest: rest('players') }).input(viewerListInput).output(viewerPlayersOutput).query(({ ctx, input }) => viewPlayers(ctx.db, input)),
  matches: staffProcedure.meta({ rest: rest('matches') }).input(viewerMatchesInput).output(viewerMatchesOutput).query(({ ctx, input }) => viewMatches(ctx.db, input)),
  participants: staffProcedure
    .meta({ rest: rest('participants') })
    .input(viewerListInput)
    .output(viewerParticipantsOutput)
    .query(({ ctx, input }) => viewParticipants(ctx.db, input)),
});
