import { entityPathInput, teamRatingOutput } from '@campus-elo/api-contract';
import { publicReadProcedure } from '../../trpc';
import { getTeamRating } from './queries';

/** Why a team's Elo is what it is, for everyone. */
export const teamRatingPublicProcedures = {
  teamRating: publicReadProcedure
    .meta({
      rest: {
        method: 'GET',
        path: '/public/teams/:id/rating',
        summary: "A team's Elo added up from its starting Elo, change by change",
        description:
          "From the Elo ledger: the starting Elo and its origin, then every applied match (opponent and its Elo then, the expected chance, the change, the rule with its numbers) and adjustment (Calculate Team ELO, staff edit, merge) in ledger order, each with the running total, which ends at the team's Elo; and the teams just above and below by Elo with the gap.",
        tag: 'Public',
        errors: { 404: 'No team has this id: {"error": "Team not found"}' },
      },
    })
    .input(entityPathInput)
    .output(teamRatingOutput)
    .query(({ ctx, input }) => getTeamRating(ctx.db, input.id)),
};
