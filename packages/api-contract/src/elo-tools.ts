import { z } from 'zod';
import { eloValue, skillLevelValue } from './form-rules';
import { booleanParam, uuidParam } from './query-params';

// The defaults equal DEFAULT_ELO and DEFAULT_SKILL_LEVEL of @campus-elo/domain (this package
// depends on zod only; a server test keeps the two in step).
const DEFAULT_ELO_VALUE = 1000;
const DEFAULT_SKILL_LEVEL_VALUE = 1;


// ---- POST /v1/player-elo/reset/
export const playerEloResetInput = z.object({
  default_elo: eloValue.default(DEFAULT_ELO_VALUE),
  default_skill_level: skillLevelValue.default(DEFAULT_SKILL_LEVEL_VALUE),
});
/** One team whose Elo a run moved. */
const teamEloChange = z.object({ team_id: z.string(), team_name: z.string(), before: z.number().int(), after: z.number().int() });
/** What every Elo tool run answers beside its counts: the changes, largest first, and the run to undo (null when nothing changed). */
const eloRunFields = {
  elo_changes: z.array(teamEloChange),
  elo_run_id: z.string().nullable(),
};

export const playerEloResetOutput = z.object({
  updated_players: z.number().int(),
  /** The players whose Elo changed, largest change first (at most 500). */
  player_changes: z.array(z.object({ player_id: z.string(), player_name: z.string(), before: z.number().int(), after: z.number().int() })),
  player_changes_total: z.number().int(),
  elo_run_id: z.string().nullable(),
});

// ---- POST /v1/team-elo/calculate/
export const teamEloCalculateInput = z.object({
  /** Only teams whose Elo still equals default_elo (never rated) are calculated. */
  only_default_elo: booleanParam.default(false),
  default_elo: eloValue.default(DEFAULT_ELO_VALUE),
});
export const teamEloCalculateOutput = z.object({
  /** Teams rated from their roster and written. */
  updated_teams: z.number().int(),
  teams_without_enough_players: z.number().int(),
  total_teams_processed: z.number().int(),
  ...eloRunFields,
});

// ---- POST /v1/team-elo/recalculate/
export const teamEloRecalculateInput = z.object({
  reset_to_default: booleanParam.default(true),
  default_elo: eloValue.default(DEFAULT_ELO_VALUE),
  /** Replay and roll back: the answer says what recalculating would change (the panel's confirmation). */
  dry_run: booleanParam.default(false),
});
export const teamEloRecalculateOutput = z.object({
  summary: z.object({
    /** Completed matches applied to the teams' Elo. */
    processed_count: z.number().int(),
    /** Completed matches that could not be applied (no winner, unknown team, bye, bad date). */
    error_count: z.number().int(),
  }),
  /** Applied matches that moved at least one team's Elo. */
  total_elo_changes: z.number().int(),
  dry_run: z.boolean(),
  ...eloRunFields,
});

// ---- POST /v1/elo-runs/{id}/undo/
export const eloRunUndoInput = z.object({
  id: uuidParam,
  /** Check and undo, then roll back: the answer lists what undoing would change (the confirmation's list). */
  dry_run: booleanParam.default(false),
});
export const eloRunUndoOutput = z.object({
  run_id: z.string(),
  dry_run: z.boolean(),
  message: z.string(),
  /** Team Elo the undo moved back (would move back, on a dry run), largest change first. */
  elo_changes: z.array(teamEloChange),
});

// ---- POST /v1/rankings/snapshot/
export const rankingSnapshotInput = z.object({
  /** Absent: the season with the latest start_date. */
  season_id: uuidParam.optional(),
  /** The season's snapshot of the same week (Monday to Sunday, UTC) is replaced; without it that answers 409. */
  replace: booleanParam.default(false),
});
export const rankingSnapshotOutput = z.object({
  teams_ranked: z.number().int(),
  season_name: z.string(),
  season_id: z.string(),
  ranking_id: z.string(),
  /** The snapshot's date: now, or the end of the season's last day for a season that has ended (Elo as it was then). */
  date: z.string(),
  /** Snapshots of the same week that `replace` removed. */
  replaced_ranking_ids: z.array(z.string()),
});

export type PlayerEloResetInput = z.input<typeof playerEloResetInput>;
export type PlayerEloResetOutput = z.infer<typeof playerEloResetOutput>;
export type TeamEloCalculateInput = z.input<typeof teamEloCalculateInput>;
export type TeamEloCalculateOutput = z.infer<typeof teamEloCalculateOutput>;
export type TeamEloRecalculateInput = z.input<typeof teamEloRecalculateInput>;
export type TeamEloRecalculateOutput = z.infer<typeof teamEloRecalculateOutput>;
export type EloRunUndoOutput = z.infer<typeof eloRunUndoOutput>;
export type RankingSnapshotInput = z.input<typeof rankingSnapshotInput>;
export type RankingSnapshotOutput = z.infer<typeof rankingSnapshotOutput>;
