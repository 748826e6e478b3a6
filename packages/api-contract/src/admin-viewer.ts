import { z } from 'zod';
import { pagedResponse } from './paging';
import { dateOrDateTimeParam, pageParam, pageSizeParam, textFilterParam } from './query-params';
import { matchPlatform, matchStatus, platform } from './public';

/** GET /v1/teams/, /v1/players/, /v1/matches/, /v1/participants/: paged, one search text. */
export const viewerListInput = z.object({
  search: textFilterParam.optional(),
  page: pageParam,
  page_size: pageSizeParam(20),
});

/**
 * GET /v1/matches/ also narrows by status and by a date window (`date_from` inclusive,
 * `date_to` exclusive; a date alone is its UTC midnight), so staff entering results can open
 * on the matches around today. Undated matches fall outside any window.
 */
export const viewerMatchesInput = viewerListInput.extend({
  status: matchStatus.optional(),
  date_from: dateOrDateTimeParam.optional(),
  date_to: dateOrDateTimeParam.optional(),
});

const ref = z.object({ id: z.string(), name: z.string() });

export const viewerTeam = z.object({
  id: z.string(),
  name: z.string(),
  school_name: z.string().nullable(),
  elo: z.number().int(),
  picture: z.string().nullable(),
  player_count: z.number().int(),
});
export const viewerPlayer = z.object({
  id: z.string(),
  name: z.string(),
  team: ref.nullable(),
  steam_id: z.string().nullable(),
  faceit_id: z.string().nullable(),
  elo: z.number().int(),
  skill_level: z.number().int(),
  benched: z.boolean(),
  visible: z.boolean(),
});
export const viewerMatch = z.object({
  id: z.string(),
  date: z.string().nullable(),
  status: matchStatus,
  platform: matchPlatform,
  external_id: z.string(),
  team1: ref,
  team2: ref,
  score_team1: z.number().int().nullable(),
  score_team2: z.number().int().nullable(),
  winner: ref.nullable(),
  competition: ref.nullable(),
  season: ref.nullable(),
});
export const viewerParticipant = z.object({
  id: z.string(),
  team: ref,
  competition: ref,
  season: ref,
  platform: platform,
  platform_name: z.string(),
  platform_team_id: z.string().nullable(),
});

export const viewerTeamsOutput = pagedResponse(viewerTeam);
export const viewerPlayersOutput = pagedResponse(viewerPlayer);
export const viewerMatchesOutput = pagedResponse(viewerMatch);
export const viewerParticipantsOutput = pagedResponse(viewerParticipant);

export type ViewerListInput = z.input<typeof viewerListInput>;
export type ViewerMatchesInput = z.input<typeof viewerMatchesInput>;
export type ViewerTeam = z.infer<typeof viewerTeam>;
export type ViewerPlayer = z.infer<typeof viewerPlayer>;
export type ViewerMatch = z.infer<typeof viewerMatch>;
export type ViewerParticipant = z.infer<typeof viewerParticipant>;
