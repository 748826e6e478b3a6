import {
  adminTeam,
  entityIdInput,
  entityPathInput,
  rankHistoryOutput,
  teamEloHistoryInput,
  teamEloHistoryOutput,
  teamListInput,
  teamListOutput,
  teamCurrentRankingInput,
  teamCurrentRankingOutput,
  teamRankingHistoryInput,
  teamRankingHistoryOutput,
  teamRecentFormInput,
  teamRecentFormOutput,
  teamOptionsOutput,
  teamPage,
  teamUpdateInput,
} from '@campus-elo/api-contract';
import { publicReadProcedure, router, staffProcedure } from '../../trpc';
import { PAGING_PARAMS } from '../../lib/paging';
import { getAdminTeam, listTeamOptions, updateTeam } from './admin-queries';
import { getTeamEloHistory, getTeamPage, getTeamRankHistory } from './page-queries';
import { listTeams } from './queries';
import { getTeamCurrentRanking, getTeamRankingHistory, getTeamRecentForm } from './summaries';

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
          id: 'One team, or several comma-joined.',
          competition_id: 'Only teams that took part in this competition.',
          event_id: 'Only the teams of this event: listed in it, or playing one of its linked matches.',
        },
      },
    })
    .input(teamListInput)
    .output(teamListOutput)
    .query(({ ctx, input }) => listTeams(ctx.db, input, { currentSeasonId: ctx.config.currentSeasonId, day: new Date().toISOString().slice(0, 10) })),
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
  // The earlier site's paths and shapes (issue 23); our pages use the ones above.
  teamCurrentRanking: publicReadProcedure
    .meta({
      rest: {
        method: 'GET',
        path: '/public/team-current-ranking',
        summary: "A team's line in a season's latest weekly snapshot (the earlier site's path)",
        tag: 'Public',
        params: { team_id: 'The team (required).', season_id: 'The season; absent: the current season.' },
        errors: {
          404: '{"error": "No current season found"}, {"error": "No ranking found for this season"} or {"error": "No ranking item found for this team in the current ranking"}',
        },
      },
    })
    .input(teamCurrentRankingInput)
    .output(teamCurrentRankingOutput)
    .query(({ ctx, input }) => getTeamCurrentRanking(ctx.db, input, ctx.config.currentSeasonId)),
  teamRecentForm: publicReadProcedure
    .meta({
      rest: {
        method: 'GET',
        path: '/public/team_recent_form',
        summary: "A team's latest completed matches, win, loss or draw (the earlier site's path)",
        tag: 'Public',
        params: { team_id: 'The team (required).', limit: 'How many, newest first: default 3, at most 5 (more is answered as 5).' },
      },
    })
    .input(teamRecentFormInput)
    .output(teamRecentFormOutput)
    .query(({ ctx, input }) => getTeamRecentForm(ctx.db, input)),
  teamRankingHistory: publicReadProcedure
    .meta({
      rest: {
        method: 'GET',
        path: '/public/team_ranking_history',
        summary: "A team's lines in the weekly snapshots, newest first (the earlier site's path)",
        tag: 'Public',
        params: { team_id: 'The team (required).', season_id: "Only that season's snapshots." },
      },
    })
    .input(teamRankingHistoryInput)
    .output(teamRankingHistoryOutput)
    .query(({ ctx, input }) => getTeamRankingHistory(ctx.db, input)),
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
