import {
  entityPathInput,
  headToHeadInput,
  headToHeadOutput,
  adminMatch,
  matchCreateInput,
  matchDeleteInput,
  matchListInput,
  matchListOutput,
  matchPage,
  matchUpdateInput,
  matchWriteOutput,
} from '@campus-elo/api-contract';
import { publicReadProcedure, router, staffProcedure } from '../../trpc';
import { createMatch, deleteMatch, getAdminMatch, updateMatch } from './admin-matches';
import { PAGING_PARAMS } from '../../lib/paging';
import { getHeadToHead } from './head-to-head';
import { getMatchPage } from './match-page';
import { listMatches } from './queries';

/** Live, upcoming and past matches, a match's page and two teams' record, for everyone. */
export const matchesPublicProcedures = {
  matches: publicReadProcedure
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
          id: 'One match, or several comma-joined; any status unless status is given.',
          team_id_1: 'With team_id_2: the matches between the two teams, whichever side each played (one alone: 400).',
          team_id_2: 'With team_id_1 (see there).',
          platform: 'Comma-joined: faceit, leaguespot (or playfly, its earlier name), manual.',
          competition_id: "Only this competition's matches.",
          event_id: "Only the matches linked to this event's bracket.",
          sort: 'date; undated matches come last.',
          order: 'desc (default, newest first) or asc.',
        },
      },
    })
    .input(matchListInput)
    .output(matchListOutput)
    .query(({ ctx, input }) => listMatches(ctx.db, input)),
  match: publicReadProcedure
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
  headToHead: publicReadProcedure
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

const ELO_EFFECT =
  'Settles the Elo ledger for the match in the same transaction: a changed or removed result replays history from its date on. `elo_changes` lists every team whose Elo moved, largest change first; `elo_run_id` is the run to undo. With `dry_run` nothing is written and the answer says what saving would do.';

/** Matches entered, corrected and deleted by hand (admin-matches.ts). */
export const matchesAdminRouter = router({
  /** The match as the edit form needs it (tRPC only: the contract has no GET at this path). */
  get: staffProcedure.input(entityPathInput).output(adminMatch).query(({ ctx, input }) => getAdminMatch(ctx.db, input.id)),
  create: staffProcedure
    .meta({
      rest: {
        method: 'POST',
        path: '/matches/create/',
        summary: 'Enter a match by hand',
        description: `Platform 'manual'; its result is marked as set by hand. ${ELO_EFFECT}`,
        tag: 'Matches',
        status: 201,
        errors: { 404: 'A team, the competition or the season does not exist' },
      },
    })
    .input(matchCreateInput)
    .output(matchWriteOutput)
    .mutation(({ ctx, input }) => createMatch(ctx.db, ctx.user, input)),
  update: staffProcedure
    .meta({
      rest: {
        method: 'PUT',
        path: '/matches/:id/',
        summary: 'Correct a match',
        description: `The fields given replace the stored ones; a changed result is marked as set by hand, so imports and Update Matches keep it. ${ELO_EFFECT}`,
        tag: 'Matches',
        errors: { 404: 'No match has this id, or a team, the competition or the season named does not exist' },
      },
    })
    .input(matchUpdateInput)
    .output(matchWriteOutput)
    .mutation(({ ctx, input }) => updateMatch(ctx.db, ctx.user, input)),
  delete: staffProcedure
    .meta({
      rest: {
        method: 'DELETE',
        path: '/matches/:id/',
        summary: 'Delete a match',
        description: `${ELO_EFFECT} \`?dry_run=true\` answers the effect only.`,
        tag: 'Matches',
        params: { dry_run: 'true: answer the Elo effect without deleting.' },
        errors: { 404: 'No match has this id' },
      },
    })
    .input(matchDeleteInput)
    .output(matchWriteOutput)
    .mutation(({ ctx, input }) => deleteMatch(ctx.db, ctx.user, input)),
});
