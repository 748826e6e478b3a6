import { ratingAccuracyInput, ratingAccuracyOutput, ratingEvaluateInput, ratingEvaluateOutput } from '@campus-elo/api-contract';
import { ownerProcedure, publicReadProcedure, router } from '../../trpc';
import { evaluateRatings, ratingAccuracy } from './figures';

export const ratingsPublicProcedures = {
  ratingAccuracy: publicReadProcedure
    .meta({
      rest: {
        method: 'GET',
        path: '/public/ratings/accuracy',
        summary: 'How well the Elo predicts',
        description:
          "The league's rated matches replayed in date order with the live Elo: accuracy (the favourite won; 50% counts half), Brier score, log-loss and calibration in ten bands of team 1's expected chance, beside a coin flip and the starting Elo alone on the same matches.",
        tag: 'Public',
        params: { season_id: "Only this season's matches (the Elo still carries over from the seasons before); all time without it." },
        errors: { 404: 'No season has this id' },
      },
    })
    .input(ratingAccuracyInput)
    .output(ratingAccuracyOutput)
    .query(({ ctx, input }) => ratingAccuracy(ctx.db, input.season_id)),
};

/** What if: other rating settings on the same history, for owners; it writes nothing. */
export const ratingsAdminRouter = router({
  evaluate: ownerProcedure
    .meta({
      rest: {
        method: 'POST',
        path: '/ratings/evaluate/',
        summary: 'Evaluate rating settings on the league history',
        description: 'Replays the rated matches under each setting (Elo with a K and scale, or Glicko-2) and answers the figures of GET /v1/public/ratings/accuracy side by side, all time and per season. Writes nothing.',
        tag: 'Elo tools',
        job: 'evaluate_ratings',
      },
    })
    .input(ratingEvaluateInput)
    .output(ratingEvaluateOutput)
    .mutation(({ ctx, input }) => evaluateRatings(ctx.db, input)),
});
