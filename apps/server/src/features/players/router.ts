import {
  adminPlayer,
  entityIdInput,
  entityPathInput,
  playerEloHistoryOutput,
  playerListInput,
  playerListOutput,
  playerOptionsOutput,
  playerPage,
  playerUpdateInput,
} from '@campus-elo/api-contract';
import { publicReadProcedure, router, staffProcedure } from '../../trpc';
import { PAGING_PARAMS } from '../../lib/paging';
import { getAdminPlayer, listPlayerOptions, updatePlayer } from './admin-queries';
import { getPlayerEloHistory, getPlayerPage } from './page-queries';
import { listPlayers } from './queries';

const PLAYER_NOT_FOUND = { 404: 'No visible player has this id: {"error": "Player not found"}' };

/** Player rankings, team rosters and a player's page, for everyone. */
export const playersPublicProcedures = {
  players: publicReadProcedure
    .meta({
      rest: {
        method: 'GET',
        path: '/public/players',
        summary: 'Player rankings and team rosters',
        tag: 'Public',
        params: {
          ...PAGING_PARAMS,
          sort: 'elo (default), name or skill_level; ties fall back to name, then id.',
          season_id: 'Only players who played in this season.',
          team_id: "Only this team's players.",
          visible: 'true or false; absent means visible players only.',
          benched: 'true or false; absent means both.',
          name: 'Part of the player name, ignoring case.',
          id: 'One player, or several comma-joined.',
          steam_id: 'The player with this Steam id (exact).',
          faceit_id: 'The player with this Faceit player id (exact).',
        },
      },
    })
    .input(playerListInput)
    .output(playerListOutput)
    .query(({ ctx, input }) => listPlayers(ctx.db, input)),
  player: publicReadProcedure
    .meta({
      rest: {
        method: 'GET',
        path: '/public/players/:id',
        summary: "A player's page",
        description: 'The list item with the Faceit id and the seasons played (newest first). A hidden player answers 404.',
        tag: 'Public',
        errors: PLAYER_NOT_FOUND,
      },
    })
    .input(entityPathInput)
    .output(playerPage)
    .query(({ ctx, input }) => getPlayerPage(ctx.db, input.id)),
  playerEloHistory: publicReadProcedure
    .meta({
      rest: {
        method: 'GET',
        path: '/public/players/:id/elo-history',
        summary: "A player's Elo over time",
        description: 'Each Elo recorded by Update Player Elo, Reset Player Elo or a staff edit, oldest first.',
        tag: 'Public',
        errors: PLAYER_NOT_FOUND,
      },
    })
    .input(entityPathInput)
    .output(playerEloHistoryOutput)
    .query(({ ctx, input }) => getPlayerEloHistory(ctx.db, input.id)),
};

export const playersAdminRouter = router({
  options: staffProcedure.output(playerOptionsOutput).query(({ ctx }) => listPlayerOptions(ctx.db)),
  get: staffProcedure
    .meta({ rest: { method: 'GET', path: '/players/:id/', summary: 'A player, for editing', tag: 'Teams and players', errors: { 404: 'Player not found' } } })
    .input(entityIdInput)
    .output(adminPlayer)
    .query(({ ctx, input }) => getAdminPlayer(ctx.db, input.id)),
  update: staffProcedure
    .meta({
      rest: {
        method: 'PUT',
        path: '/players/:id/',
        summary: 'Replace a player',
        description: "An optional field left out becomes empty; 'no team' is team_id null.",
        tag: 'Teams and players',
        errors: { 404: 'Player not found' },
      },
      // A new picture travels inside the edit.
      largeBody: true,
    })
    .input(playerUpdateInput)
    .output(adminPlayer)
    .mutation(({ ctx, input: { id, ...fields } }) => updatePlayer(ctx.db, ctx.user, id, fields)),
});
