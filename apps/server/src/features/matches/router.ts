import { entityPathInput, headToHeadInput, headToHeadOutput, matchListInput, matchListOutput, matchPage } from '@campus-elo/api-contract';
import { publicProcedure } from '../../trpc';
import { PAGING_PARAMS } from '../../lib/paging';
import { getHeadToHead } from './head-to-head';
import { getMatchPage } from './match-page';
import { listMatches } from './queries';

/** Live, upcoming and past matches, a match's page and two teams' record, for everyone. */
export const matchesPublicProcedures = {
  matches: publicProcedure
    .meta({
      rest: {
        method: 'GET',
        path: '/public/matches',
        summary: 'Live, upcoming and past matches',
        tag: 'Public',
        params: {
          ...PAGING_PARAMS,
          status: 'Comma-joined statuses. Absent: every status except cancelled.',
          date_from: 'A date (YYYY-MM-DD, from the start of that day in UTC) or an exact ISO date-time.',
          date_to: 'A date (YYYY-MM-DD, up to the end of that day in UTC) or an exact ISO date-time.',
          season_id: "Only this season's matches.",
          competition_name: 'Part of the competition name, ignoring case.',
          team_id: 'Matches this team played on either side.',
          sort: 'date; undated matches come last.',
          order: 'desc (default, newest first) or asc.',
        },
      },
    })
    .input(matchListInput)
    .output(matchListOutput)
    .query(({ ctx, input }) => listMatches(ctx.db, input)),
  match: publicProcedure
    .meta({
      rest: {
        method: 'GET',
        path: '/public/matches/:id',
        summary: "A match's page",
        description:
          "The list item with its stars; preview (scheduled and live matches): what each side would win or lose and its chance of winning, from today's Elo; elo (results that moved Elo): each side's Elo before and after.",
        tag: 'Public',
        errors: { 404: 'No match has this id: {"error": "Match not found"}' },
      },
    })
    .input(entityPathInput)
    .output(matchPage)
    .query(({ ctx, input }) => getMatchPage(ctx.db, input.id)),
  headToHead: publicProcedure
    .meta({
      rest: {
        method: 'GET',
        path: '/public/head-to-head',
        summary: "Two teams' results against each other",
        description: 'Completed matches between them, newest first (at most 100), and how many each won. The same team twice answers 400.',
        tag: 'Public',
        params: { team1: 'One team.', team2: 'The other team.' },
        errors: { 404: 'Either team does not exist: {"error": "Team not found"}' },
      },
    })
    .input(headToHeadInput)
    .output(headToHeadOutput)
    .query(({ ctx, input }) => getHeadToHead(ctx.db, input)),
};
