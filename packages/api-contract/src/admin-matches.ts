import { z } from 'zod';
import { matchPlatform, matchStatus } from './public';
import { booleanParam, dateOrDateTimeParam, uuidParam } from './query-params';
import { webUrl } from './text-rules';

const score = z.number({ error: 'A score must be a whole number' }).int({ error: 'A score must be a whole number' }).min(0).max(1000);

/** The fields staff set on a match; nullable ones take null to clear them. */
const matchFields = z.object({
  team1_id: uuidParam,
  team2_id: uuidParam,
  /** When it is (or was) played: a date (YYYY-MM-DD, midnight UTC) or an ISO date-time; null for not yet known. */
  date: dateOrDateTimeParam.nullable(),
  competition_id: uuidParam.nullable(),
  season_id: uuidParam.nullable(),
  status: matchStatus,
  score_team1: score.nullable(),
  score_team2: score.nullable(),
  /** One of the two teams, or null. */
  winner_id: uuidParam.nullable(),
  /** The result is a forfeit: it counts like any other result. */
  forfeit: z.boolean(),
  /** The match page on a platform, if any. */
  url: webUrl(2048).nullable(),
  match_type: z.enum(['league', 'event']),
});

/** Answers the Elo effect without writing: a body field on POST and PUT, `?dry_run=true` on DELETE. */
const dryRun = booleanParam.default(false);

const sameTeam = { error: 'A team cannot play itself', path: ['team2_id'] };
const winnerPlayed = { error: 'The winner must be one of the two teams', path: ['winner_id'] };

/** POST /v1/matches/create/: teams and status required; the rest defaults to empty. */
export const matchCreateInput = matchFields
  .partial()
  .required({ team1_id: true, team2_id: true, status: true })
  .extend({ dry_run: dryRun })
  .refine((m) => m.team1_id !== m.team2_id, sameTeam)
  .refine((m) => m.winner_id == null || m.winner_id === m.team1_id || m.winner_id === m.team2_id, winnerPlayed);

/** PUT /v1/matches/{id}/: the fields given replace the stored ones, the rest stay. */
export const matchUpdateInput = matchFields.partial().extend({ id: uuidParam, dry_run: dryRun });

/** DELETE /v1/matches/{id}/ (`?dry_run=true` answers the effect only). */
export const matchDeleteInput = z.object({ id: uuidParam, dry_run: dryRun });

export const adminMatch = z.object({
  id: z.string(),
  platform: matchPlatform,
  external_id: z.string(),
  date: z.string().nullable(),
  competition_id: z.string().nullable(),
  season_id: z.string().nullable(),
  team1_id: z.string(),
  team2_id: z.string(),
  status: matchStatus,
  score_team1: z.number().int().nullable(),
  score_team2: z.number().int().nullable(),
  winner_id: z.string().nullable(),
  forfeit: z.boolean(),
  url: z.string().nullable(),
  match_type: z.enum(['league', 'event']),
  /** The result was entered or corrected by hand: imports and Update Matches keep it. */
  manual_result: z.boolean(),
});

/** One team whose Elo moved (or would move), largest change first. */
export const eloChange = z.object({ team_id: z.string(), team_name: z.string(), before: z.number().int(), after: z.number().int() });

export const matchWriteOutput = z.object({
  /** The match as written (as it would be, on a dry run); null after a delete. */
  match: adminMatch.nullable(),
  dry_run: z.boolean(),
  elo_changes: z.array(eloChange),
  /** The Elo run to undo (POST /v1/elo-runs/{id}/undo/); null on a dry run or when no Elo moved. */
  elo_run_id: z.string().nullable(),
});

export type MatchCreateInput = z.input<typeof matchCreateInput>;
export type MatchUpdateInput = z.input<typeof matchUpdateInput>;
export type MatchDeleteInput = z.input<typeof matchDeleteInput>;
export type AdminMatch = z.infer<typeof adminMatch>;
export type EloChange = z.infer<typeof eloChange>;
export type MatchWriteOutput = z.infer<typeof matchWriteOutput>;
