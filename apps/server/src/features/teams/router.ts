import {
  adminTeam,
  entityIdInput,
  entityPathInput,
  rankHistoryOutput,
  teamEloHistoryInput,
  teamEloHistoryOutput,
  teamListInput,
  teamListOutput,
  teamOptionsOutput,
  teamPage,
  teamUpdateInput,
} from '@campus-elo/api-contract';
import { publicReadProcedure, router, staffProcedure } from '../../trpc';
import { PAGING_PARAMS } from '../../lib/paging';
import { getAdminTeam, listTeamOptions, updateTeam } from './admin-queries';
import { getTeamEloHistory, getTeamPage, getTeamRankHistory } from './page-queries';
import { listTeams } from './queries';

const TEAM_NOT_FOUND = { 404: 'No team has this id: {"error": "Team not found"}' };

/** Team rankings and a team's page, for everyone. */
export const teamsPublicProcedures = {
  teams: publicReadProcedure
    .meta({
      rest: {
        method: 'GET',
        path: '/public/teams',
        summary: 'Team rankings',
        tag: 'Public',
        params: {
          ...PAGING_PARAMS,
          sort: 'elo (default), name or school_name; ties fall back to name, then id.',
          season_id: 'Only teams that took part in this season (participants of its competitions).',
          name: 'Part of the team name, ignoring case.',
          school_name: 'Part of the school name, ignoring case.',
          id: 'One team.',
        },
      },
    })
    .input(teamListInput)
    .output(teamListOutput)
    .query(({ ctx, input }) => listTeams(ctx.db, input)),
  team: publicReadProcedure
    .meta({
      rest: {
        method: 'GET',
        path: '/public/teams/:id',
        summary: "A team's page",
        description:
          'rank: place in the current season (by Elo, then name, then id, among the teams that entered its competitions or play its matches), null when the team takes no part in it; previous_rank: place in the current season\'s latest weekly snapshot. wins, losses and form count results that moved Elo; season_ wins and losses those of the current season.',
        tag: 'Public',
        errors: TEAM_NOT_FOUND,
      },
    })
    .input(entityPathInput)
    .output(teamPage)
    .query(({ ctx, input }) => getTeamPage(ctx.db, input.id, ctx.config.currentSeasonId)),
  teamEloHistory: publicReadProcedure
    .meta({
      rest: {
        method: 'GET',
        path: '/public/teams/:id/elo-history',
        summary: "Every result that moved a team's Elo, and the other Elo changes",
        description: 'Oldest first, each with the Elo before and after and the chance of winning the Elo rule gave the team (0..1).',
        tag: 'Public',
        params: { season_id: "Only that season's results, and the changes made between its first and last day." },
        errors: TEAM_NOT_FOUND,
      },
    })
    .input(teamEloHistoryInput)
    .output(teamEloHistoryOutput)
    .query(({ ctx, input }) => getTeamEloHistory(ctx.db, input)),
  teamRankHistory: publicReadProcedure
    .meta({
      rest: {
        method: 'GET',
        path: '/public/teams/:id/rank-history',
        summary: "A team's place in each weekly ranking snapshot",
        description: 'Oldest first.',
        tag: 'Public',
        errors: TEAM_NOT_FOUND,
      },
    })
    .input(entityPathInput)
    .output(rankHistoryOutput)
    .query(({ ctx, input }) => getTeamRankHistory(ctx.db, input.id)),
};

export const teamsAdminRouter = router({
  /** Every team for the admin pickers (edit, merge), by name. */
  options: staffProcedure.output(teamOptionsOutput).query(({ ctx }) => listTeamOptions(ctx.db)),
  get: staffProcedure
    .meta({ rest: { method: 'GET', path: '/teams/:id/', summary: 'A team, for editing', tag: 'Teams and players', errors: { 404: 'Team not found' } } })
    .input(entityIdInput)
    .output(adminTeam)
    .query(({ ctx, input }) => getAdminTeam(ctx.db, input.id)),
  update: staffProcedure
    .meta({
      rest: {
        method: 'PUT',
        path: '/teams/:id/',
        summary: 'Replace a team',
        description: 'An optional field left out becomes empty. picture: the current URL, or a new picture as a data: URL.',
        tag: 'Teams and players',
        errors: { 404: 'Team not found' },
      },
      // A new picture travels inside the edit.
      largeBody: true,
    })
    .input(teamUpdateInput)
    .output(adminTeam)
    .mutation(({ ctx, input: { id, ...fields } }) => updateTeam(ctx.db, ctx.user, id, fields)),
});
