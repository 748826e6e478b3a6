import {
  importMatchesInput,
  importMatchesOutput,
  importPreviewInput,
  importPreviewOutput,
  leaguespotProxyInput,
  updateMatchesInput,
  updateMatchesOutput,
  updatePlayerEloInput,
  updatePlayerEloOutput,
} from '@campus-elo/api-contract';
import { z } from 'zod';
import { router, staffProcedure } from '../../trpc';
import { importMatches } from './import-matches';
import { faceitClient } from './platforms/faceit-client';
import { platformTrpcError } from './platforms/http';
import { leaguespotClient, type LeaguespotClient } from './platforms/leaguespot-client';
import { previewFaceit, previewLeaguespot } from './preview';
import { updateMatches } from './update-matches';
import { updatePlayerElo } from './update-player-elo';

const passThrough = z.unknown();

/** A staff-only pass-through of one Leaguespot call (the /v1/proxy/leaguespot/... paths). */
const leaguespotProxy = (what: string, call: (client: LeaguespotClient, id: string) => Promise<unknown>) =>
  staffProcedure
    .input(leaguespotProxyInput)
    .output(passThrough)
    .query(async ({ ctx, input }) => {
      try {
        return await call(leaguespotClient(ctx.config), input.id);
      } catch (error) {
        throw platformTrpcError(error, `Leaguespot has no ${what} ${input.id}`);
      }
    });

/** Importing from Faceit and Leaguespot, and keeping imported matches and players current. */
export const importsRouter = router({
  preview: staffProcedure
    .input(importPreviewInput)
    .output(importPreviewOutput)
    .mutation(({ ctx, input }) =>
      input.platform === 'faceit'
        ? previewFaceit(faceitClient(ctx.config), input.competition_id as string)
        : previewLeaguespot(leaguespotClient(ctx.config), input.season_id as string),
    ),
  import: staffProcedure
    .input(importMatchesInput)
    .output(importMatchesOutput)
    .mutation(({ ctx, input }) => importMatches(ctx.db, input, ctx.user)),
  updateMatches: staffProcedure
    .input(updateMatchesInput)
    .output(updateMatchesOutput)
    .mutation(({ ctx, input }) => updateMatches(ctx, input, ctx.user)),
  updatePlayerElo: staffProcedure
    .input(updatePlayerEloInput)
    .output(updatePlayerEloOutput)
    .mutation(({ ctx, input }) => updatePlayerElo(ctx, input, ctx.user)),
  leaguespot: router({
    season: leaguespotProxy('season', (client, id) => client.season(id)),
    stage: leaguespotProxy('stage', (client, id) => client.stage(id)),
    roundMatches: leaguespotProxy('round', (client, id) => client.roundMatches(id)),
    match: leaguespotProxy('match', (client, id) => client.match(id)),
    matchParticipants: leaguespotProxy('match', (client, id) => client.matchParticipants(id)),
  }),
});
