import type { AccuracyFiguresOutput, RatingAccuracyOutput, RatingEvaluateOutput, RatingSettingsInput } from '@campus-elo/api-contract';
import { accuracyFigures, accuracyReport, LIVE_RATING_SETTINGS, replayChances, seedChances, type AccuracyFigures } from '@campus-elo/domain';
import type { Database } from '@campus-elo/db';
import type { Kysely } from 'kysely';
import { notFound } from '../../lib/errors';
import { progressCounter, type ToolProgress } from '../../lib/tool-progress';
import { readLeagueHistory, type LeagueHistory } from './history';

const toOutput = ({ logLoss, ...rest }: AccuracyFigures): AccuracyFiguresOutput => ({ ...rest, log_loss: logLoss });

/** Which rated matches a season's figures count: its own, or all of them (null). */
const inSeason = (history: LeagueHistory, seasonIndex: number | null) => (seasonIndex === null ? undefined : (i: number) => history.seasonOf[i] === seasonIndex);

/**
 * The live Elo's figures beside the baselines, all time or for one season. A season's figures
 * count only its matches, but the replay runs through all history: the Elo a team brings into
 * a season is what it earned before.
 */
export async function ratingAccuracy(db: Kysely<Database>, seasonId: string | undefined): Promise<RatingAccuracyOutput> {
  const history = await readLeagueHistory(db);
  const seasonIndex = seasonId === undefined ? null : history.seasons.findIndex((s) => s.id === seasonId);
  if (seasonIndex === -1) throw notFound('No season has this id');
  const report = accuracyReport(replayChances(history.seeds, history.matches, LIVE_RATING_SETTINGS), seedChances(history.seeds, history.matches), history.matches, inSeason(history, seasonIndex));
  return { ...toOutput(report), baselines: { coin: toOutput(report.baselines.coin), seed: toOutput(report.baselines.seed) } };
}

/** The stretches an evaluation reports: all time (null), then each season with rated matches. */
export function evaluationScopes(history: LeagueHistory): (number | null)[] {
  const used = new Set(history.seasonOf);
  return [null, ...history.seasons.map((_, i) => i).filter((i) => used.has(i))];
}

/** One setting's chances, as figures for each scope. */
export function scopeFigures(history: LeagueHistory, scopes: readonly (number | null)[], chances: Float64Array): AccuracyFiguresOutput[] {
  return scopes.map((scope) => toOutput(accuracyFigures(chances, history.matches, inSeason(history, scope))));
}

/**
 * What if: each setting replayed over the same history, its figures side by side with the
 * baselines, all time and per season. Reads only; writes nothing. Progress: the read, then
 * one step per setting.
 */
export async function evaluateRatings(db: Kysely<Database>, input: { settings: RatingSettingsInput[] }, progress: ToolProgress = {}): Promise<RatingEvaluateOutput> {
  const steps = progressCounter(progress, input.settings.length + 1);
  const history = await readLeagueHistory(db);
  steps.step();
  const scopes = evaluationScopes(history);
  const bySetting = input.settings.map((settings) => {
    const figures = scopeFigures(history, scopes, replayChances(history.seeds, history.matches, settings));
    steps.step();
    return figures;
  });
  const coin = scopeFigures(history, scopes, new Float64Array(history.matchIds.length).fill(0.5));
  const seed = scopeFigures(history, scopes, seedChances(history.seeds, history.matches));
  return {
    settings: input.settings,
    scopes: scopes.map((scope, s) => {
      const season = scope === null ? null : history.seasons[scope];
      return {
        season_id: season?.id ?? null,
        season_name: season?.name ?? null,
        matches: coin[s]?.matches ?? 0,
        baselines: { coin: coin[s] as AccuracyFiguresOutput, seed: seed[s] as AccuracyFiguresOutput },
        results: bySetting.map((figures) => figures[s] as AccuracyFiguresOutput),
      };
    }),
  };
}
