import {
  adminDivision,
  deleteByIdInput,
  deletedOutput,
  divisionAssignInput,
  divisionAssignOutput,
  divisionCreateInput,
  divisionListInput,
  divisionListOutput,
  divisionOrderInput,
  divisionTeamsInput,
  divisionUpdateInput,
  standingsInput,
  standingsOutput,
  standingsStakesInput,
  standingsStakesOutput,
  teamStandingInput,
  teamStandingOutput,
} from '@campus-elo/api-contract';
import { publicReadProcedure, router, staffProcedure } from '../../trpc';
import { assignDivisions, createDivision, deleteDivision, listDivisions, orderDivisions, setDivisionTeams, updateDivision } from './admin-queries';
import { getStakes, getStandings, getTeamStanding } from './queries';

const DIVISION_RULE =
  'name, points_win and points_loss (default 1 and 0), tiebreakers (in order, each once, from head_to_head, map_diff, round_diff, buchholz, wins_vs_top_half, elo; default head_to_head, map_diff, round_diff, elo), forfeits (count, result_only or ignore), lines [{place, label, kind: qualify|relegate}] and source_competition_id (the competition the "by imported stage" helper reads).';

/** League standings for everyone (docs/contract.md, "Standings"). */
export const standingsPublicProcedures = {
  standings: publicReadProcedure
    .meta({
      rest: {
        method: 'GET',
        path: '/public/standings',
        summary: "A season's division standings with their lines and playoff chances",
        description:
          'Each division of the season (default: the current season) in order, with its lines and rule, and its table from the completed division matches: place, team, played, wins, losses, points, map and round difference, form, Elo, the tiebreaker that decided a tied place, and the simulated chance of each line and place (null before the first simulation; chances_current says whether they include the latest results).',
        tag: 'Public',
        params: { season_id: 'The season (default: the current season).', division_id: 'Only this division.' },
        errors: { 404: 'No season or division has this id: {"error": "Season not found"} or {"error": "Division not found"}' },
      },
    })
    .input(standingsInput)
    .output(standingsOutput)
    .query(({ ctx, input }) => getStandings(ctx.db, input, ctx.config.currentSeasonId)),
  teamStanding: publicReadProcedure
    .meta({
      rest: {
        method: 'GET',
        path: '/public/teams/:id/standing',
        summary: "A team's division and place in a season",
        description: "The team's division, place of how many, points, record, deciding tiebreaker, the division's lines and the team's chances; null when the team is in no division of the season (default: the current season).",
        tag: 'Public',
        params: { season_id: 'The season (default: the current season).' },
        errors: { 404: 'No team (or season) has this id' },
      },
    })
    .input(teamStandingInput)
    .output(teamStandingOutput)
    .query(({ ctx, input }) => getTeamStanding(ctx.db, input, ctx.config.currentSeasonId)),
  standingsStakes: publicReadProcedure
    .meta({
      rest: {
        method: 'GET',
        path: '/public/standings/stakes',
        summary: 'What remaining division matches are worth',
        description:
          "For each given match that is still to play in a division with a qualify line: each side's chance of ending inside the first qualify line now, if it wins and if it loses, from the stored simulation. Other matches are left out.",
        tag: 'Public',
        params: { match_ids: 'Comma-joined match ids, at most 100.' },
      },
    })
    .input(standingsStakesInput)
    .output(standingsStakesOutput)
    .query(({ ctx, input }) => getStakes(ctx.db, input.match_ids)),
};

/** Staff: a season's divisions, their rule, lines and teams. */
export const divisionsAdminRouter = router({
  list: staffProcedure
    .meta({ rest: { method: 'GET', path: '/divisions/', summary: "A season's divisions with their teams", tag: 'Divisions', params: { season_id: 'The season (required).' } } })
    .input(divisionListInput)
    .output(divisionListOutput)
    .query(async ({ ctx, input }) => ({ results: await listDivisions(ctx.db, input.season_id) })),
  create: staffProcedure
    .meta({
      rest: {
        method: 'POST',
        path: '/divisions/create/',
        summary: 'Create a division',
        description: `season_id and ${DIVISION_RULE} It goes last in the season's order.`,
        tag: 'Divisions',
        status: 201,
        errors: { 404: 'No season has this id', 409: 'The season has a division of that name (ignoring case)' },
      },
    })
    .input(divisionCreateInput)
    .output(adminDivision)
    .mutation(({ ctx, input }) => createDivision(ctx.db, ctx.user, input)),
  update: staffProcedure
    .meta({
      rest: {
        method: 'PUT',
        path: '/divisions/:id/',
        summary: "Replace a division's name, rule and lines",
        description: DIVISION_RULE,
        tag: 'Divisions',
        errors: { 404: 'No division has this id', 409: 'Another division of the season has that name' },
      },
    })
    .input(divisionUpdateInput)
    .output(adminDivision)
    .mutation(({ ctx, input }) => updateDivision(ctx.db, ctx.user, input)),
  delete: staffProcedure
    .meta({
      rest: { method: 'DELETE', path: '/divisions/:id/', summary: 'Delete a division', description: 'Its teams are left without a division; no match or team is touched.', tag: 'Divisions', errors: { 404: 'No division has this id' } },
    })
    .input(deleteByIdInput)
    .output(deletedOutput)
    .mutation(({ ctx, input }) => deleteDivision(ctx.db, ctx.user, input.id)),
  order: staffProcedure
    .meta({
      rest: {
        method: 'PUT',
        path: '/divisions/order/',
        summary: "Reorder a season's divisions",
        description: 'ids: every division of the season, once, in the new order.',
        tag: 'Divisions',
        errors: { 400: 'A division missing, repeated or of another season', 404: 'No season has this id' },
      },
    })
    .input(divisionOrderInput)
    .output(divisionListOutput)
    .mutation(({ ctx, input }) => orderDivisions(ctx.db, ctx.user, input)),
  setTeams: staffProcedure
    .meta({
      rest: {
        method: 'PUT',
        path: '/divisions/:id/teams/',
        summary: "Replace a division's teams",
        tag: 'Divisions',
        errors: { 400: 'An unknown team id', 404: 'No division has this id', 409: 'A team is already in another division of the season' },
      },
    })
    .input(divisionTeamsInput)
    .output(adminDivision)
    .mutation(({ ctx, input }) => setDivisionTeams(ctx.db, ctx.user, input)),
  assign: staffProcedure
    .meta({
      rest: {
        method: 'POST',
        path: '/divisions/assign/',
        summary: "Place the season's teams in its divisions by Elo or by the imported stage",
        description:
          "by 'elo': the season's teams by current Elo, split evenly in order, the strongest into the first division; by 'imported_stage': each team into the division whose source competition (FACEIT championship, Leaguespot season) it played most in. replace: empty the divisions first; otherwise placed teams stay.",
        tag: 'Divisions',
        errors: { 400: 'The season has no divisions, or none names a source competition', 404: 'No season has this id' },
      },
    })
    .input(divisionAssignInput)
    .output(divisionAssignOutput)
    .mutation(({ ctx, input }) => assignDivisions(ctx.db, ctx.user, input)),
});
