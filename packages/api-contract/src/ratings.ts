import { z } from 'zod';
import { uuidParam } from './query-params';

// How well the rating predicts (docs/product.md, "How well the rating predicts"). The figures
// come from packages/domain's rating-accuracy; a chance is a number from 0 to 1.

const calibrationBin = z.object({
  from: z.number(),
  to: z.number(),
  matches: z.number().int(),
  /** Mean expected chance of team 1 in the band; null when the band is empty. */
  expected: z.number().nullable(),
  /** How often team 1 won in the band; null when the band is empty. */
  observed: z.number().nullable(),
});

/** One rating's (or baseline's) figures on a set of rated matches; null figures without matches. */
export const accuracyFigures = z.object({
  matches: z.number().int(),
  accuracy: z.number().nullable(),
  brier: z.number().nullable(),
  log_loss: z.number().nullable(),
  bins: z.array(calibrationBin),
});
export type AccuracyFiguresOutput = z.infer<typeof accuracyFigures>;

const baselines = z.object({
  /** Every chance 50%. */
  coin: accuracyFigures,
  /** The two teams' starting Elo, never updated: the higher one is the favourite. */
  seed: accuracyFigures,
});

// ---- GET /v1/public/ratings/accuracy
export const ratingAccuracyInput = z.object({ season_id: uuidParam.optional() });
export const ratingAccuracyOutput = accuracyFigures.extend({ baselines });
export type RatingAccuracyOutput = z.infer<typeof ratingAccuracyOutput>;

// ---- POST /v1/ratings/evaluate/
/** A rating system to try on the league's history; defaults are the live Elo's and Glickman's. */
export const ratingSettings = z.discriminatedUnion('system', [
  z.object({
    system: z.literal('elo'),
    /** The most one match can move a team (live: 150). */
    k: z.number().int().min(1).max(400).default(150),
    /** The Elo gap at which the stronger side is expected to score 10 times as often (live: 800). */
    scale: z.number().int().min(100).max(2000).default(800),
  }),
  z.object({
    system: z.literal('glicko2'),
    /** How fast volatility may change (Glickman suggests 0.3 to 1.2). */
    tau: z.number().min(0.2).max(1.2).default(0.5),
    /** Every team's starting deviation. */
    deviation: z.number().min(30).max(500).default(350),
    /** Every team's starting volatility. */
    volatility: z.number().min(0.01).max(0.2).default(0.06),
  }),
]);
export type RatingSettingsInput = z.output<typeof ratingSettings>;

export const MAX_RATING_SETTINGS = 6;
export const ratingEvaluateInput = z.object({ settings: z.array(ratingSettings).min(1).max(MAX_RATING_SETTINGS) });

/** One stretch of history (all time, or one season): the baselines and each setting's figures, in the input's order. */
const evaluationScope = z.object({
  season_id: z.string().nullable(),
  season_name: z.string().nullable(),
  matches: z.number().int(),
  baselines,
  results: z.array(accuracyFigures),
});
export const ratingEvaluateOutput = z.object({
  settings: z.array(ratingSettings),
  /** All time first, then each season with rated matches, oldest first. */
  scopes: z.array(evaluationScope),
});
export type RatingEvaluateOutput = z.infer<typeof ratingEvaluateOutput>;
