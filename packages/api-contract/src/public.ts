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

/** One id or several, comma-joined (`id=a,b`), as the earlier site's lists took them. */
const idListParam = commaListParam(uuidParam);
/** A weekly snapshot as the lines of one name it: its id and date. */
const rankingRef = z.object({ id: z.string(), date: z.string() });

// ---- teams
export const teamListInput = z.object({
  sort: z.enum(['elo', 'name', 'school_name']).default('elo'),
  order: orderParam.optional(),
  page: pageParam,
  page_size: pageSizeParam(20),
  season_id: uuidParam.optional(),
  name: textFilterParam.optional(),
  school_name: textFilterParam.optional(),
  id: idListParam.optional(),
  /** Teams that took part in this competition (its participants). */
  competition_id: uuidParam.optional(),
  /** Teams in this event: listed in it, or playing one of its linked matches. */
  event_id: uuidParam.optional(),
});
export const teamListItem = z.object({
  id: z.string(),
  name: z.string(),
  picture: z.string().nullable(),
  school_name: z.string().nullable(),
  elo: z.number().int(),
  captain: teamRef.nullable(),
  /** The competitions of the current season the team takes part in, by name. */
  current_competitions: z.array(nameRef),
  /** The team's line in the current season's latest weekly snapshot, or null when it is not in one. */
  current_ranking: z
    .object({ id: z.string(), rank: z.number().int(), elo: z.number().int(), ranking: rankingRef, season: nameRef })
    .nullable(),
  /**
   * Its rank in the latest weekly snapshot of the season listed (`season_id`, else the current
   * season), for the movement since last week; null when that snapshot does not rank it (new).
   */
  previous_rank: z.number().int().nullable(),
  /** Its rated results (Elo applied) in the season listed, or in all seasons when none is. */
  wins: z.number().int(),
  losses: z.number().int(),
  /** Its rated results of all seasons (added with the rating page: docs/contract.md). */
  rated_matches: z.number().int(),
  /** Fewer than PROVISIONAL_MATCHES rated results (packages/domain, provisional.ts): its rank is shown with a '?'. */
  provisional: z.boolean(),
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
  id: idListParam.optional(),
  /** Exact Steam id (SteamID64). */
  steam_id: textFilterParam.optional(),
  /** Exact Faceit player id. */
  faceit_id: textFilterParam.optional(),
});
export const playerListItem = z.object({
  id: z.string(),
  name: z.string(),
  picture: z.string().nullable(),
  skill_level: z.number().int(),
  steam_id: z.string().nullable(),
  faceit_id: z.string().nullable(),
  elo: z.number().int(),
  team: teamRef.nullable(),
  benched: z.boolean(),
  visible: z.boolean(),
});
export const playerListOutput = pagedResponse(playerListItem);

// ---- matches
/** The earlier site called Leaguespot matches `playfly`: both names are taken. */
const platformFilter = z.preprocess((value) => (value === 'playfly' ? 'leaguespot' : value), matchPlatform);

export const matchListInput = z
  .object({
  id: idListParam.optional(),
  status: commaListParam(matchStatus).optional(),
  date_from: dateOrDateTimeParam.optional(),
  date_to: dateOrDateTimeParam.optional(),
  season_id: uuidParam.optional(),
  competition_name: textFilterParam.optional(),
  team_id: uuidParam.optional(),
  /** Head to head: the matches between team_id_1 and team_id_2, whichever side each played. */
  team_id_1: uuidParam.optional(),
  team_id_2: uuidParam.optional(),
  platform: commaListParam(platformFilter).optional(),
  competition_id: uuidParam.optional(),
  /** Matches linked to this event's bracket. */
  event_id: uuidParam.optional(),
  sort: z.enum(['date']).default('date'),
  order: orderParam.optional(),
  page: pageParam,
  page_size: pageSizeParam(20),
})
  .superRefine((input, context) => {
    const given = [input.team_id_1, input.team_id_2].filter(Boolean).length;
    if (given === 1) {
      const missing = input.team_id_1 ? 'team_id_2' : 'team_id_1';
      context.addIssue({ code: 'custom', path: [missing], message: 'both team_id_1 and team_id_2 must be given together' });
    }
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
  /**
   * The event bracket slot the match is linked to, or null: `id` and `num_in_bracket` the slot
   * number, `round` its round's number, `extra_info` its round's name and stage.
   */
  event_match: z
    .object({
      id: z.number().int(),
      event: nameRef,
      round: z.number().int(),
      num_in_bracket: z.number().int(),
      is_bye: z.boolean(),
      extra_info: z.object({ round_name: z.string(), stage: z.string() }),
    })
    .nullable(),
});
export const matchListOutput = pagedResponse(matchListItem);

// ---- seasons
export const seasonListInput = z.object({
  sort: z.enum(['start_date', 'name', 'end_date']).default('start_date'),
  order: orderParam.optional(),
  page: pageParam,
  page_size: pageSizeParam(50),
  id: idListParam.optional(),
  /** `true`: the season whose dates contain today (UTC); `false` is no filter, as on the earlier site. */
  current: booleanParam.optional(),
});
export const season = z.object({
  id: z.string(),
  name: z.string(),
  start_date: z.string(),
  end_date: z.string(),
});
/** A listed season says whether its dates contain today (UTC). */
export const seasonListItem = season.extend({ is_current: z.boolean() });
export const seasonListOutput = pagedResponse(seasonListItem);

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
  ranking: rankingRef,
});
/** A snapshot's line, with the team's rated matches up to the snapshot's date: fewer than PROVISIONAL_MATCHES and its rank was provisional then. */
export const rankingItemsRow = rankingItem.extend({ rated_matches: z.number().int(), provisional: z.boolean() });
export const rankingItemsOutput = pagedResponse(rankingItemsRow);

// ---- the earlier site's team summaries (issue 23), in its shapes
/** GET /v1/public/team-current-ranking: `season_id` absent means the current season. */
export const teamCurrentRankingInput = z.object({ team_id: uuidParam, season_id: uuidParam.optional() });
export const teamCurrentRankingOutput = rankingItem.extend({ season: nameRef.nullable() });

/** GET /v1/public/team_recent_form: `limit` results, default 3, at most 5 (more is answered as 5). */
export const teamRecentFormInput = z.object({
  team_id: uuidParam,
  limit: z.coerce
    .number()
    .int()
    .min(0)
    .default(3)
    .transform((n) => Math.min(n, 5)),
});
export const teamRecentFormOutput = z.object({
  team_id: z.string(),
  /** Completed matches, newest first: `draw` when no winner is known. */
  recent_form: z.array(z.object({ result: z.enum(['win', 'loss', 'draw']), opponent: teamRef })),
});

/** GET /v1/public/team_ranking_history: the team's lines in weekly snapshots, newest first. */
export const teamRankingHistoryInput = z.object({ team_id: uuidParam, season_id: uuidParam.optional() });
export const teamRankingHistoryOutput = z.object({
  team_id: z.string(),
  ranking_history: z.array(
    z.object({ id: z.string(), rank: z.number().int(), elo: z.number().int(), ranking_date: z.string(), season: nameRef.nullable() }),
  ),
});

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
export type SeasonListItem = z.infer<typeof seasonListItem>;
export type RankingListItem = z.infer<typeof rankingListItem>;
export type RankingItem = z.infer<typeof rankingItem>;
export type RankingItemsRow = z.infer<typeof rankingItemsRow>;
export type TeamCurrentRankingOutput = z.infer<typeof teamCurrentRankingOutput>;
export type TeamRecentFormOutput = z.infer<typeof teamRecentFormOutput>;
export type TeamRankingHistoryOutput = z.infer<typeof teamRankingHistoryOutput>;
