import { z } from 'zod';
import { uuidParam } from './query-params';

export const SAME_TEAM_MERGE_MESSAGE = 'The primary and secondary team must be different teams';

/** primary_team_id is kept; secondary_team_id is merged into it and deleted. */
export const mergeTeamsInput = z
  .object({ primary_team_id: uuidParam, secondary_team_id: uuidParam })
  .refine((input) => input.primary_team_id !== input.secondary_team_id, { error: SAME_TEAM_MERGE_MESSAGE });

export const mergeTeamsOutput = z.object({
  message: z.string(),
  merged_data: z.object({
    players_moved: z.number().int(),
    /** Participant rows (team per competition and season) moved to the primary. */
    participants_merged: z.number().int(),
    /** Matches whose team1, team2 or winner was re-pointed to the primary. */
    matches_updated: z.number().int(),
    /** Matches between the two teams: deleted, since a team cannot play itself. */
    matches_removed: z.number().int(),
  }),
});

/** Every team for the merge selects, by name. */

const previewTeam = z.object({
  id: z.string(),
  name: z.string(),
  picture: z.string().nullable(),
  school_name: z.string().nullable(),
  elo: z.number().int(),
  players: z.number().int(),
});

export const mergeRemovedMatch = z.object({
  id: z.string(),
  date: z.string().nullable(),
  status: z.string(),
  team1_name: z.string(),
  team2_name: z.string(),
  score_team1: z.number().int().nullable(),
  score_team2: z.number().int().nullable(),
  competition_name: z.string().nullable(),
});

export const mergePreviewOutput = z.object({
  primary: previewTeam,
  secondary: previewTeam,
  players_to_move: z.number().int(),
  participants_to_merge: z.number().int(),
  matches_to_update: z.number().int(),
  ranking_items_to_move: z.number().int(),
  matches_to_remove: z.array(mergeRemovedMatch),
});

export type MergeTeamsInput = z.input<typeof mergeTeamsInput>;
export type MergeTeamsOutput = z.infer<typeof mergeTeamsOutput>;
export type MergePreview = z.infer<typeof mergePreviewOutput>;
export type MergeRemovedMatch = z.infer<typeof mergeRemovedMatch>;
