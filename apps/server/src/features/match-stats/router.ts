import {
  entityPathInput,
  matchMapsResponse,
  playerLeaderboardInput,
  playerLeaderboardResponse,
  playerStatsInput,
  playerStatsResponse,
  replaceMatchMapsInput,
  teamMapLeaderboardInput,
  teamMapLeaderboardResponse,
  teamMapsInput,
  teamMapsResponse,
} from '@campus-elo/api-contract';
import { PAGING_PARAMS } from '../../lib/paging';
import { publicReadProcedure, router, staffProcedure } from '../../trpc';
import { getPlayerLeaderboard } from './leaderboard';
import { getPlayerStats, RECENT_MATCHES } from './player-stats';
import { getMatchMaps } from './queries';
import { replaceMatchMaps } from './replace-maps';
import { getTeamMapLeaderboard } from './team-leaderboard';
import { getTeamMaps } from './team-maps';

const RATING = 'rating: HLTV Rating 1.0 (docs/product.md), from the lines with every multi-kill count; null where the source lacks them.';
const RATES = `adr: damage per round over the lines that know damage; hs_pct: headshots per kill (0..100) over the lines that know headshots; kast (0..100) only where the source gives it; kd: kills per death (the kills with no deaths). ${RATING}`;

export const matchStatsPublicProcedures = {
  matchMaps: publicReadProcedure
    .meta({
      rest: {
        method: 'GET',
        path: '/public/matches/:id/maps',
        summary: "A match's maps, veto and each map's scoreboard",
        description: `A match without map details answers {maps: [], vetoes: []}. player is the line's player when they are visible, else null (the nickname stands alone). ${RATING}`,
        tag: 'Public',
        errors: { 404: 'No match has this id' },
      },
    })
    .input(entityPathInput)
    .output(matchMapsResponse)
    .query(({ ctx, input }) => getMatchMaps(ctx.db, input.id, 'visible')),
  playerStats: publicReadProcedure
    .meta({
      rest: {
        method: 'GET',
        path: '/public/players/:id/stats',
        summary: "A player's stat line, per map, and latest matches",
        description: `totals and by_map: the season's (season_id) or, without it, the career's. teams: every team the player played for in a season (whatever season_id), with maps and the latest season, the latest played for first. recent: the player's latest ${RECENT_MATCHES} matches (of the season, when given), each with the player's line summed over its maps. A player without lines answers zero totals and empty lists. ${RATES}`,
        tag: 'Public',
        params: { season_id: 'Only this season. Absent: the whole career.' },
        errors: { 404: 'No visible player has this id: {"error": "Player not found"}' },
      },
    })
    .input(playerStatsInput)
    .output(playerStatsResponse)
    .query(({ ctx, input }) => getPlayerStats(ctx.db, input)),
  teamMaps: publicReadProcedure
    .meta({
      rest: {
        method: 'GET',
        path: '/public/teams/:id/maps',
        summary: "A team's map pool in a season",
        description:
          'Each map the team played or banned in the season, most played first: played, wins, losses, round_diff (rounds won minus lost), picks and bans (veto steps), first_bans (matches whose first ban by this team was this map). Absent season_id: the current season (as the home page chooses it).',
        tag: 'Public',
        params: { season_id: 'The season. Absent: the current season.' },
        errors: { 404: 'No team has this id: {"error": "Team not found"}' },
      },
    })
    .input(teamMapsInput)
    .output(teamMapsResponse)
    .query(({ ctx, input }) => getTeamMaps(ctx.db, input, ctx.config.currentSeasonId)),
  playerLeaderboard: publicReadProcedure
    .meta({
      rest: {
        method: 'GET',
        path: '/public/stats/players',
        summary: 'The player leaderboard',
        description: `One row per player and team (who played for two teams in a season has two). Rows from a season's totals (season_id; absent: the current season) or, with competition_id, that competition's; with map, that map's only. ${RATES}`,
        tag: 'Public',
        params: {
          ...PAGING_PARAMS,
          season_id: 'The season. Absent: the current season (unless competition_id is given).',
          competition_id: "Only this competition's matches; with season_id too, a competition of another season answers no rows.",
          team_id: 'Only lines played for this team.',
          map: 'Only this map (a code like de_mirage).',
          min_maps: 'Players with at least this many maps (default 5).',
          sort: 'rating (default), adr, kd, plus_minus, hs_pct, kills, maps, clutch_wins or first_kills; anything else answers 400. Unknown values (null) come last both ways; ties by player id.',
          order: 'desc (default) or asc.',
        },
      },
    })
    .input(playerLeaderboardInput)
    .output(playerLeaderboardResponse)
    .query(({ ctx, input }) => getPlayerLeaderboard(ctx.db, input, ctx.config.currentSeasonId)),
  teamMapLeaderboard: publicReadProcedure
    .meta({
      rest: {
        method: 'GET',
        path: '/public/stats/teams',
        summary: 'The team map leaderboard',
        description:
          "One row per team from a season's kept team map totals (season_id; absent: the current season): one map's (map) or every map's summed. win_pct: wins per map played (0..100), null without a map played; round_diff: rounds won minus lost; picks and bans: veto steps.",
        tag: 'Public',
        params: {
          ...PAGING_PARAMS,
          season_id: 'The season. Absent: the current season.',
          map: 'Only this map (a code like de_mirage).',
          min_maps: 'Teams with at least this many maps played (default 5).',
          sort: 'win_pct (default), played, wins, round_diff, picks or bans; anything else answers 400. Unknown values (null) come last both ways; ties by team id.',
          order: 'desc (default) or asc.',
        },
      },
    })
    .input(teamMapLeaderboardInput)
    .output(teamMapLeaderboardResponse)
    .query(({ ctx, input }) => getTeamMapLeaderboard(ctx.db, input, ctx.config.currentSeasonId)),
};

/** Staff's hand-entered maps, veto and scoreboards of a match. */
export const matchStatsAdminRouter = router({
  maps: staffProcedure
    .meta({
      rest: {
        method: 'GET',
        path: '/matches/:id/maps/',
        summary: "A match's maps, veto and scoreboards as the map editor loads them",
        description: `Answers like GET /v1/public/matches/{id}/maps, except that every line linked to a player carries that player, hidden ones too: the editor then saves them linked. ${RATING}`,
        tag: 'Matches',
        errors: { 404: 'No match has this id' },
      },
    })
    .input(entityPathInput)
    .output(matchMapsResponse)
    .query(({ ctx, input }) => getMatchMaps(ctx.db, input.id, 'all')),
  replaceMaps: staffProcedure
    .meta({
      rest: {
        method: 'PUT',
        path: '/matches/:id/maps/',
        summary: "Replace a match's maps, veto and scoreboards",
        description:
          "Replaces every map, veto step and player line of the match in one transaction, as entered by hand (source 'manual': no sync overwrites them), and answers like GET /v1/matches/{id}/maps/ (hidden players linked too). Each line's rounds are its map's; a line links to player_id, or to the player whose FACEIT or Steam id is platform_player_id. 400 (with the field and the reason; nothing written): maps won that contradict a series' score, or a best-of-one's map score that differs from the match score; a player on both sides or twice on a map; negative numbers or counts the map's rounds cannot hold; a veto naming a map twice; an unknown player_id; more than 9 players on a side. An empty maps list removes the details (a later sync may then fill them from the platform).",
        tag: 'Matches',
        errors: { 404: 'No match has this id' },
      },
    })
    .input(replaceMatchMapsInput)
    .output(matchMapsResponse)
    .mutation(({ ctx, input }) => replaceMatchMaps(ctx.db, ctx.user, input)),
});
