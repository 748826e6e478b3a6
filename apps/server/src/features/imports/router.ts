import {
  importMatchesInput,
  importMatchesOutput,
  importPreviewInput,
  importPreviewOutput,
  knownPlatformTeamsInput,
  knownPlatformTeamsOutput,
  leaguespotProxyInput,
  updateMatchesInput,
  updateMatchesOutput,
  updatePlayerEloInput,
  updatePlayerEloOutput,
} from '@campus-elo/api-contract';
import { z } from 'zod';
import { router, staffProcedure } from '../../trpc';
import { importMatches } from './import-matches';
import { knownPlatformTeams } from './known-teams';
import { faceitClient } from './platforms/faceit-client';
import { platformDomainError } from './platforms/http';
import { leaguespotClient, type LeaguespotClient } from './platforms/leaguespot-client';
import { previewFaceit, previewLeaguespot } from './preview';
import { updateMatches } from './update-matches';
import { updatePlayerElo } from './update-player-elo';

const passThrough = z.unknown();

const upstream = { 422: 'The platform answered without what is needed', 502: 'The platform is unreachable or failing' };

/** A staff-only pass-through of one Leaguespot call (the /v1/proxy/leaguespot/... paths). */
const leaguespotProxy = (what: string, path: string, summary: string, call: (client: LeaguespotClient, id: string) => Promise<unknown>) =>
  staffProcedure
    .meta({ rest: { method: 'GET', path: `/proxy/leaguespot/${path}`, summary, tag: 'Leaguespot proxy', errors: upstream } })
    .input(leaguespotProxyInput)
    .output(passThrough)
    .query(async ({ ctx, input }) => {
      try {
        return await call(leaguespotClient(ctx.config), input.id);
      } catch (error) {
        throw platformDomainError(error, `Leaguespot has no ${what} ${input.id}`);
      }
    });

/** Importing from Faceit and Leaguespot, and keeping imported matches and players current. */
export const importsRouter = router({
  preview: staffProcedure
    .meta({
      rest: {
        method: 'POST',
        path: '/import-matches/preview/',
        summary: 'Preview a Faceit or Leaguespot import',
        description: 'The server pages Faceit and walks Leaguespot itself; API keys never reach the browser.',
        tag: 'Imports',
        errors: upstream,
      },
    })
    .input(importPreviewInput)
    .output(importPreviewOutput)
    .mutation(({ ctx, input }) =>
      input.platform === 'faceit'
        ? previewFaceit(faceitClient(ctx.config), input.competition_id as string)
        : previewLeaguespot(leaguespotClient(ctx.config), input.season_id as string),
    ),
  commit: staffProcedure
    .meta({
      rest: { method: 'POST', path: '/import-matches/', summary: 'Import previewed matches', tag: 'Imports', errors: { 404: 'Season or team not found' }, job: 'import' },
      // The whole preview travels back: a 45-match round robin is already 166 KB.
      largeBody: true,
    })
    .input(importMatchesInput)
    .output(importMatchesOutput)
    .mutation(({ ctx, input }) => importMatches(ctx, input, ctx.user)),
  /** For the participant matcher's proposals (tRPC only: a helper of the admin panel's wizard). */
  knownTeams: staffProcedure
    .input(knownPlatformTeamsInput)
    .output(knownPlatformTeamsOutput)
    .query(({ ctx, input }) => knownPlatformTeams(ctx.db, input)),
  updateMatches: staffProcedure
    .meta({ rest: { method: 'POST', path: '/matches/update/', summary: 'Refresh matches from their platform', tag: 'Imports', errors: upstream, job: 'update_matches' } })
    .input(updateMatchesInput)
    .output(updateMatchesOutput)
    .mutation(({ ctx, input }) => updateMatches(ctx, input, ctx.user)),
  updatePlayerElo: staffProcedure
    .meta({ rest: { method: 'POST', path: '/player-elo/update/', summary: 'Update player Elo from Faceit', tag: 'Elo tools', errors: upstream, job: 'update_player_elo' } })
    .input(updatePlayerEloInput)
    .output(updatePlayerEloOutput)
    .mutation(({ ctx, input }) => updatePlayerElo(ctx, input, ctx.user)),
  leaguespot: router({
    season: leaguespotProxy('season', 'seasons/:id/', 'Leaguespot season (proxied)', (client, id) => client.season(id)),
    stage: leaguespotProxy('stage', 'stages/:id/', 'Leaguespot stage (proxied)', (client, id) => client.stage(id)),
    roundMatches: leaguespotProxy('round', 'rounds/:id/matches/', "Leaguespot round's matches (proxied)", (client, id) => client.roundMatches(id)),
    match: leaguespotProxy('match', 'matches/:id/', 'Leaguespot match (proxied)', (client, id) => client.match(id)),
    matchParticipants: leaguespotProxy('match', 'matches/:id/participants/', "Leaguespot match's participants (proxied)", (client, id) => client.matchParticipants(id)),
  }),
});
