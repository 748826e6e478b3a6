import { z } from 'zod';
import { pagedResponse } from './paging';
import { orderParam, pageParam, pageSizeParam, uuidParam } from './query-params';
import { PLAYER_LEADERBOARD_SORTS, TEAM_MAP_LEADERBOARD_SORTS } from './stats-sorts';

// The game itself (issue 24): maps, vetoes and player lines of a match, a player's and a
// team's stats, the player leaderboard, and the staff's replacement of a match's details.

const mapCode = z.string().regex(/^[a-z0-9_]{1,40}$/, { error: 'A map code is lower-case letters, digits and underscores, like de_mirage' });
const count = z.number().int().min(0, { error: 'Must be 0 or more' }).max(1_000_000, { error: 'Must be at most 1000000' });
/** Rounds of one side on one map (the column is a smallint; the longest overtimes stay far below). */
const roundCount = z.number().int().min(0, { error: 'Must be 0 or more' }).max(999, { error: 'Must be at most 999' });
const optionalCount = count.nullable();

export const vetoActionSchema = z.enum(['ban', 'pick', 'decider']);

// ---- GET /v1/public/matches/{id}/maps
export const matchMapPlayerSchema = z.object({
  player: z.object({ id: z.string(), name: z.string(), picture: z.string().nullable() }).nullable(),
  nickname: z.string(),
  /** The platform's player id (a FACEIT player id) the line came with; null when entered by hand without one. */
  platform_player_id: z.string().nullable(),
  team_id: z.string(),
  kills: z.number().int(),
  deaths: z.number().int(),
  assists: z.number().int(),
  headshots: z.number().int().nullable(),
  damage: z.number().int().nullable(),
  adr: z.number().nullable(),
  hs_pct: z.number().nullable(),
  kast: z.number().nullable(),
  rating: z.number().nullable(),
  mvps: z.number().int().nullable(),
  kills_2k: z.number().int().nullable(),
  kills_3k: z.number().int().nullable(),
  kills_4k: z.number().int().nullable(),
  kills_5k: z.number().int().nullable(),
  first_kills: z.number().int().nullable(),
  entry_attempts: z.number().int().nullable(),
  entry_wins: z.number().int().nullable(),
  clutch_attempts: z.number().int().nullable(),
  clutch_wins: z.number().int().nullable(),
  utility_damage: z.number().int().nullable(),
  flash_successes: z.number().int().nullable(),
  sniper_kills: z.number().int().nullable(),
});

const sidePair = z.object({ team1: z.number().int(), team2: z.number().int() });

export const matchMapSchema = z.object({
  number: z.number().int(),
  map: z.string(),
  map_name: z.string(),
  score_team1: z.number().int(),
  score_team2: z.number().int(),
  winner_id: z.string().nullable(),
  picked_by_id: z.string().nullable(),
  halves: z.object({ team1: z.tuple([z.number().int(), z.number().int()]), team2: z.tuple([z.number().int(), z.number().int()]) }).nullable(),
  overtime: sidePair.nullable(),
  source: z.enum(['faceit', 'leaguespot', 'manual']),
  players: z.array(matchMapPlayerSchema),
});

export const matchMapsResponse = z.object({
  maps: z.array(matchMapSchema),
  vetoes: z.array(z.object({ step: z.number().int(), team_id: z.string().nullable(), action: vetoActionSchema, map: z.string() })),
});
export type MatchMapsResponse = z.infer<typeof matchMapsResponse>;

// ---- GET /v1/public/players/{id}/stats?season_id=
export const playerStatsInput = z.object({ id: uuidParam, season_id: uuidParam.optional() });

export const statTotalsSchema = z.object({
  maps: z.number().int(),
  rounds: z.number().int(),
  kills: z.number().int(),
  deaths: z.number().int(),
  assists: z.number().int(),
  kd: z.number(),
  adr: z.number().nullable(),
  hs_pct: z.number().nullable(),
  kast: z.number().nullable(),
  rating: z.number().nullable(),
});

export const playerStatsResponse = z.object({
  totals: statTotalsSchema,
  by_map: z.array(statTotalsSchema.extend({ map: z.string(), map_name: z.string() })),
  recent: z.array(
    z.object({
      match_id: z.string(),
      date: z.string().nullable(),
      opponent: z.object({ id: z.string(), name: z.string() }),
      maps: z.number().int(),
      kills: z.number().int(),
      deaths: z.number().int(),
      adr: z.number().nullable(),
      rating: z.number().nullable(),
    }),
  ),
  /** The teams the player played for (maps in seasons' totals), the latest played for first. */
  teams: z.array(
    z.object({
      id: z.string(),
      name: z.string(),
      maps: z.number().int(),
      last_season: z.object({ id: z.string(), name: z.string() }).nullable(),
    }),
  ),
});
export type PlayerStatsResponse = z.infer<typeof playerStatsResponse>;

// ---- GET /v1/public/teams/{id}/maps?season_id=
export const teamMapsInput = z.object({ id: uuidParam, season_id: uuidParam.optional() });
export const teamMapsResponse = z.object({
  results: z.array(
    z.object({
      map: z.string(),
      map_name: z.string(),
      played: z.number().int(),
      wins: z.number().int(),
      losses: z.number().int(),
      round_diff: z.number().int(),
      picks: z.number().int(),
      bans: z.number().int(),
      first_bans: z.number().int(),
    }),
  ),
});

// ---- GET /v1/public/stats/players?season_id=&competition_id=&team_id=&map=&min_maps=&sort=&order=&page=&page_size=
export const playerLeaderboardInput = z.object({
  season_id: uuidParam.optional(),
  competition_id: uuidParam.optional(),
  team_id: uuidParam.optional(),
  map: mapCode.optional(),
  min_maps: z.coerce.number().int().min(0).max(1000).default(5),
  sort: z.enum(PLAYER_LEADERBOARD_SORTS, { error: `sort must be one of ${PLAYER_LEADERBOARD_SORTS.join(', ')}` }).default('rating'),
  order: orderParam.default('desc'),
  page: pageParam,
  page_size: pageSizeParam(25),
});
export type PlayerLeaderboardInput = z.infer<typeof playerLeaderboardInput>;
export const playerLeaderboardRow = statTotalsSchema.extend({
  player: z.object({ id: z.string(), name: z.string(), picture: z.string().nullable() }),
  team: z.object({ id: z.string(), name: z.string() }),
  plus_minus: z.number().int(),
  clutch_wins: z.number().int(),
  first_kills: z.number().int(),
});
export const playerLeaderboardResponse = pagedResponse(playerLeaderboardRow);

// ---- GET /v1/public/stats/teams?season_id=&map=&min_maps=&sort=&order=&page=&page_size=
export const teamMapLeaderboardInput = z.object({
  season_id: uuidParam.optional(),
  map: mapCode.optional(),
  min_maps: z.coerce.number().int().min(0).max(1000).default(5),
  sort: z.enum(TEAM_MAP_LEADERBOARD_SORTS, { error: `sort must be one of ${TEAM_MAP_LEADERBOARD_SORTS.join(', ')}` }).default('win_pct'),
  order: orderParam.default('desc'),
  page: pageParam,
  page_size: pageSizeParam(25),
});
export type TeamMapLeaderboardInput = z.infer<typeof teamMapLeaderboardInput>;
export const teamMapLeaderboardRow = z.object({
  team: z.object({ id: z.string(), name: z.string(), picture: z.string().nullable() }),
  played: z.number().int(),
  wins: z.number().int(),
  losses: z.number().int(),
  win_pct: z.number().nullable(),
  round_diff: z.number().int(),
  picks: z.number().int(),
  bans: z.number().int(),
});
export const teamMapLeaderboardResponse = pagedResponse(teamMapLeaderboardRow);

// ---- PUT /v1/matches/{id}/maps/ (staff): replaces maps, vetoes and lines in one transaction
export const matchMapLineInput = z.object({
  side: z.union([z.literal(1), z.literal(2)]),
  player_id: uuidParam.nullable().default(null),
  nickname: z.string().trim().min(1).max(100),
  platform_player_id: z.string().trim().min(1).max(100).nullable().default(null),
  kills: count,
  deaths: count,
  assists: count,
  headshots: optionalCount.default(null),
  damage: optionalCount.default(null),
  mvps: optionalCount.default(null),
  kills_2k: optionalCount.default(null),
  kills_3k: optionalCount.default(null),
  kills_4k: optionalCount.default(null),
  kills_5k: optionalCount.default(null),
  first_kills: optionalCount.default(null),
  entry_attempts: optionalCount.default(null),
  entry_wins: optionalCount.default(null),
  clutch_attempts: optionalCount.default(null),
  clutch_wins: optionalCount.default(null),
  utility_damage: optionalCount.default(null),
  flash_successes: optionalCount.default(null),
  sniper_kills: optionalCount.default(null),
  kast_rounds: optionalCount.default(null),
});
export type MatchMapLineInput = z.infer<typeof matchMapLineInput>;

/** A match's maps, veto and lines as a writer gives them: the staff editor, or a platform's sync (write-details.ts). */
export const matchDetailsInput = z.object({
  maps: z
    .array(
      z.object({
        map: mapCode,
        score_team1: roundCount,
        score_team2: roundCount,
        picked_by_side: z.union([z.literal(1), z.literal(2)]).nullable().default(null),
        halves: z.object({ team1: z.tuple([roundCount, roundCount]), team2: z.tuple([roundCount, roundCount]) }).nullable().default(null),
        overtime: z.object({ team1: roundCount, team2: roundCount }).nullable().default(null),
        players: z.array(matchMapLineInput).max(20),
      }),
    )
    .max(9),
  vetoes: z
    .array(z.object({ side: z.union([z.literal(1), z.literal(2)]).nullable(), action: vetoActionSchema, map: mapCode }))
    .max(20)
    .default([]),
});
export type MatchDetailsInput = z.input<typeof matchDetailsInput>;
export type MatchDetails = z.infer<typeof matchDetailsInput>;

export const replaceMatchMapsInput = matchDetailsInput.extend({ id: uuidParam });
export type ReplaceMatchMapsInput = z.infer<typeof replaceMatchMapsInput>;
