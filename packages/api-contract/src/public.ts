import { z } from 'zod';
import {
  booleanParam,
  commaListParam,
  dateOrDateTimeParam,
  orderParam,
  pageParam,
  pageSizeParam,
  textFilterParam,
  uuidParam,
} from './query-params';
import { pagedResponse } from './paging';

export const matchStatus = z.enum(['scheduled', 'in_progress', 'completed', 'cancelled']);
export const platform = z.enum(['faceit', 'leaguespot']);
/** Where a match comes from: a platform, or 'manual' when staff entered it by hand. */
export const matchPlatform = z.enum(['faceit', 'leaguespot', 'manual']);

const teamRef = z.object({ id: z.string(), name: z.string(), picture: z.string().nullable() });
const nameRef = z.object({ id: z.string(), name: z.string() });

// ---- teams
export const teamListInput = z.object({
  sort: z.enum(['elo', 'name', 'school_name']).default('elo'),
  order: orderParam.optional(),
  page: pageParam,
  page_size: pageSizeParam(20),
  season_id: uuidParam.optional(),
  name: textFilterParam.optional(),
  school_name: textFilterParam.optional(),
  id: uuidParam.optional(),
});
export const teamListItem = z.object({
  id: z.string(),
  name: z.string(),
  picture: z.string().nullable(),
  school_name: z.string().nullable(),
  elo: z.number().int(),
  captain: teamRef.nullable(),
});
export const teamListOutput = pagedResponse(teamListItem);

// ---- players
export const playerListInput = z.object({
  sort: z.enum(['elo', 'name', 'skill_level']).default('elo'),
  order: orderParam.optional(),
  page: pageParam,
  page_size: pageSizeParam(20),
  season_id: uuidParam.optional(),
  team_id: uuidParam.optional(),
  /** Absent means visible players only. */
  visible: booleanParam.optional(),
  benched: booleanParam.optional(),
  name: textFilterParam.optional(),
});
export const playerListItem = z.object({
  id: z.string(),
  name: z.string(),
  picture: z.string().nullable(),
  skill_level: z.number().int(),
  elo: z.number().int(),
  team: teamRef.nullable(),
  benched: z.boolean(),
  visible: z.boolean(),
});
export const playerListOutput = pagedResponse(playerListItem);

// ---- matches
export const matchListInput = z.object({
  status: commaListParam(matchStatus).optional(),
  date_from: dateOrDateTimeParam.optional(),
  date_to: dateOrDateTimeParam.optional(),
  season_id: uuidParam.optional(),
  competition_name: textFilterParam.optional(),
  team_id: uuidParam.optional(),
  sort: z.enum(['date']).default('date'),
  order: orderParam.optional(),
  page: pageParam,
  page_size: pageSizeParam(20),
});
const matchTeam = teamRef.extend({ elo: z.number().int() });
export const matchListItem = z.object({
  id: z.string(),
  date: z.string().nullable(),
  status: matchStatus,
  team1: matchTeam,
  team2: matchTeam,
  score_team1: z.number().int().nullable(),
  score_team2: z.number().int().nullable(),
  winner: nameRef.nullable(),
  competition: nameRef.nullable(),
  season: nameRef.nullable(),
  season_id: z.string().nullable(),
  url: z.string().nullable(),
  platform: matchPlatform,
});
export const matchListOutput = pagedResponse(matchListItem);

// ---- seasons
export const seasonListInput = z.object({
  sort: z.enum(['start_date', 'name', 'end_date']).default('start_date'),
  order: orderParam.optional(),
  page: pageParam,
  page_size: pageSizeParam(50),
});
export const season = z.object({
  id: z.string(),
  name: z.string(),
  start_date: z.string(),
  end_date: z.string(),
});
export const seasonListOutput = pagedResponse(season);

// ---- ranking snapshots
export const rankingListInput = z.object({
  season_id: uuidParam.optional(),
  sort: z.enum(['date']).default('date'),
  order: orderParam.optional(),
  page: pageParam,
  page_size: pageSizeParam(100),
});
export const rankingListItem = z.object({ id: z.string(), date: z.string(), season: nameRef });
export const rankingListOutput = pagedResponse(rankingListItem);

export const rankingItemsInput = z.object({
  ranking_id: uuidParam,
  page: pageParam,
  page_size: pageSizeParam(20),
  sort: z.enum(['rank']).default('rank'),
  order: orderParam.optional(),
});
export const rankingItem = z.object({
  id: z.string(),
  rank: z.number().int(),
  elo: z.number().int(),
  team: teamRef.extend({ school_name: z.string().nullable() }),
});
export const rankingItemsOutput = pagedResponse(rankingItem);

/** The season behind the home widgets and the rankings' default (see CURRENT_SEASON_ID). */
export const currentSeasonOutput = season.nullable();

export type MatchStatus = z.infer<typeof matchStatus>;
export type TeamListInput = z.input<typeof teamListInput>;
export type TeamListItem = z.infer<typeof teamListItem>;
export type PlayerListInput = z.input<typeof playerListInput>;
export type PlayerListItem = z.infer<typeof playerListItem>;
export type MatchListInput = z.input<typeof matchListInput>;
export type MatchListItem = z.infer<typeof matchListItem>;
export type SeasonListInput = z.input<typeof seasonListInput>;
export type Season = z.infer<typeof season>;
export type RankingListItem = z.infer<typeof rankingListItem>;
export type RankingItem = z.infer<typeof rankingItem>;
