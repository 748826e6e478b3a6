import { z } from 'zod';
import { requiredName } from './form-rules';
import { commaListParam, uuidParam } from './query-params';

// League standings: divisions of a season, their table, lines and playoff chances
// (docs/contract.md, "Standings"; the rule in docs/product.md, "Standings").

const teamRef = z.object({ id: z.string(), name: z.string(), picture: z.string().nullable() });
const nameRef = z.object({ id: z.string(), name: z.string() });

/** The tiebreakers staff may order; the table always ends on the team's name when all are level. */
export const tiebreaker = z.enum(['head_to_head', 'map_diff', 'round_diff', 'buchholz', 'wins_vs_top_half', 'elo']);
/** What decided a team's place among the teams level on points: a tiebreaker, or 'name' when every one was level. */
export const tiebreakDecider = z.enum([...tiebreaker.options, 'name']);
/**
 * How forfeits count: 'count' as any result (its score included), 'result_only' as a win and
 * a loss without maps or rounds, 'ignore' not at all.
 */
export const forfeitRule = z.enum(['count', 'result_only', 'ignore']);
export const lineKind = z.enum(['qualify', 'relegate']);

/**
 * A line under a place: 'qualify' at place 4 means places 1-4 qualify; 'relegate' at place 10
 * means places 10 and below go down.
 */
export const divisionLine = z.object({
  place: z.number().int().min(1),
  label: z.string(),
  kind: lineKind,
});

/** A team's chances: per line label the chance (0..1) of ending inside it, per place (index 0 = 1st) the chance of ending there. */
export const teamChances = z.object({
  lines: z.record(z.string(), z.number()),
  places: z.array(z.number()),
});

export const divisionStandingsRow = z.object({
  place: z.number().int(),
  team: teamRef,
  played: z.number().int(),
  wins: z.number().int(),
  losses: z.number().int(),
  points: z.number(),
  map_diff: z.number().int(),
  round_diff: z.number().int(),
  /** Latest first, up to 5, from the division's counted matches. */
  form: z.array(z.enum(['W', 'L'])),
  elo: z.number().int(),
  /** What put this team above or below the teams level with it on points; null when none was level. */
  tiebreak: tiebreakDecider.nullable(),
  /** null until the chances job has run for the division. */
  chances: teamChances.nullable(),
});

export const standingsDivision = z.object({
  id: z.string(),
  name: z.string(),
  order: z.number().int(),
  lines: z.array(divisionLine),
  tiebreakers: z.array(tiebreaker),
  points_win: z.number(),
  points_loss: z.number(),
  /** Scheduled division matches still to play. */
  remaining: z.number().int(),
  /** When the stored chances were simulated; null before the first run. */
  chances_updated_at: z.string().nullable(),
  /** false while the chances are from before the latest result or schedule change (the job is on its way). */
  chances_current: z.boolean(),
  rows: z.array(divisionStandingsRow),
});

/** GET /v1/public/standings: season_id (default: the current season), division_id (one division). */
export const standingsInput = z.object({
  season_id: uuidParam.optional(),
  division_id: uuidParam.optional(),
});
export const standingsOutput = z.object({
  season: nameRef.nullable(),
  divisions: z.array(standingsDivision),
});

/** GET /v1/public/teams/{id}/standing: the team's division and place in a season (default the current one). */
export const teamStandingInput = z.object({ id: uuidParam, season_id: uuidParam.optional() });
export const teamStandingOutput = z
  .object({
    season: nameRef,
    division: nameRef,
    place: z.number().int(),
    of: z.number().int(),
    points: z.number(),
    wins: z.number().int(),
    losses: z.number().int(),
    tiebreak: tiebreakDecider.nullable(),
    lines: z.array(divisionLine),
    chances: teamChances.nullable(),
  })
  .nullable();

/** One side's chance of ending inside the division's first qualify line: now, if it wins the match, if it loses. */
export const stakeSide = z.object({
  team: teamRef,
  now: z.number(),
  win: z.number(),
  loss: z.number(),
});
export const matchStakes = z.object({
  match_id: z.string(),
  division: nameRef,
  /** The first qualify line's label ('Playoffs'). */
  line: z.string(),
  team1: stakeSide,
  team2: stakeSide,
});
/** GET /v1/public/standings/stakes?match_ids=a,b: at most 100 ids; matches that are not remaining division matches with a qualify line are left out. */
export const standingsStakesInput = z.object({ match_ids: commaListParam(uuidParam).pipe(z.array(z.string()).max(100, { error: 'At most 100 match ids' })) });
export const standingsStakesOutput = z.object({ results: z.array(matchStakes) });

// ---- staff: /v1/divisions/

const divisionName = requiredName(100, 'Name is required');
const lineInput = z.object({
  place: z.number({ error: 'Place must be a number' }).int().min(1, { error: 'Place must be 1 or more' }).max(500),
  label: requiredName(60, 'Label is required'),
  kind: lineKind,
});

const divisionFields = z.object({
  name: divisionName,
  points_win: z.number().min(-100).max(100).default(1),
  points_loss: z.number().min(-100).max(100).default(0),
  tiebreakers: z
    .array(tiebreaker)
    .max(tiebreaker.options.length)
    .refine((list) => new Set(list).size === list.length, { error: 'Each tiebreaker may be chosen once' })
    .default(['head_to_head', 'map_diff', 'round_diff', 'elo']),
  forfeits: forfeitRule.default('count'),
  lines: z
    .array(lineInput)
    .max(10)
    .refine((lines) => new Set(lines.map((l) => l.label.toLowerCase())).size === lines.length, { error: 'Line labels must differ' })
    .default([]),
  /** The competition (FACEIT championship, Leaguespot season) whose teams the 'by imported stage' helper puts here. */
  source_competition_id: uuidParam.nullable().default(null),
});

/** POST /v1/divisions/create/ */
export const divisionCreateInput = divisionFields.extend({ season_id: uuidParam });
/** PUT /v1/divisions/{id}/: replaces every field but the season. */
export const divisionUpdateInput = divisionFields.extend({ id: uuidParam });
/** GET /v1/divisions/?season_id= */
export const divisionListInput = z.object({ season_id: uuidParam });
/** PUT /v1/divisions/order/: the season's divisions in their new order (every one, once). */
export const divisionOrderInput = z.object({ season_id: uuidParam, ids: z.array(uuidParam).min(1).max(100) });
/** PUT /v1/divisions/{id}/teams/: the division's teams, replacing the list (a team already in another division of the season: 409). */
export const divisionTeamsInput = z.object({ id: uuidParam, team_ids: z.array(uuidParam).max(500) });
/**
 * POST /v1/divisions/assign/: fills the season's divisions. 'elo': every team of the season by
 * Elo, split in order into as many even groups as divisions (first division the strongest);
 * 'imported_stage': each team into the division whose source competition it played in.
 * `replace`: empties the divisions first; otherwise teams already placed stay.
 */
export const divisionAssignInput = z.object({
  season_id: uuidParam,
  by: z.enum(['elo', 'imported_stage']),
  replace: z.boolean().default(false),
});

export const adminDivision = z.object({
  id: z.string(),
  season_id: z.string(),
  name: z.string(),
  order: z.number().int(),
  points_win: z.number(),
  points_loss: z.number(),
  tiebreakers: z.array(tiebreaker),
  forfeits: forfeitRule,
  lines: z.array(divisionLine),
  source_competition: nameRef.nullable(),
  teams: z.array(teamRef.extend({ elo: z.number().int() })),
});
export const divisionListOutput = z.object({ results: z.array(adminDivision) });
export const divisionAssignOutput = z.object({
  /** Teams placed by this call. */
  assigned: z.number().int(),
  /** Teams of the season left without a division (no source competition matched). */
  unassigned: z.number().int(),
  results: z.array(adminDivision),
});

/** The standings_chances job's result (the Jobs list shows it). */
export const standingsChancesResult = z.object({
  /** Divisions looked at. */
  divisions: z.number().int(),
  /** Divisions simulated again (their inputs had changed). */
  simulated: z.number().int(),
});

export type StandingsChancesResult = z.infer<typeof standingsChancesResult>;
export type Tiebreaker = z.infer<typeof tiebreaker>;
export type TiebreakDecider = z.infer<typeof tiebreakDecider>;
export type ForfeitRule = z.infer<typeof forfeitRule>;
export type DivisionLine = z.infer<typeof divisionLine>;
export type TeamChances = z.infer<typeof teamChances>;
export type DivisionStandingsRow = z.infer<typeof divisionStandingsRow>;
export type StandingsDivision = z.infer<typeof standingsDivision>;
export type StandingsOutput = z.infer<typeof standingsOutput>;
export type TeamStandingOutput = z.infer<typeof teamStandingOutput>;
export type MatchStakes = z.infer<typeof matchStakes>;
export type StandingsStakesOutput = z.infer<typeof standingsStakesOutput>;
export type DivisionCreateInput = z.infer<typeof divisionCreateInput>;
export type DivisionUpdateInput = z.infer<typeof divisionUpdateInput>;
export type DivisionOrderInput = z.infer<typeof divisionOrderInput>;
export type DivisionTeamsInput = z.infer<typeof divisionTeamsInput>;
export type DivisionAssignInput = z.infer<typeof divisionAssignInput>;
export type AdminDivision = z.infer<typeof adminDivision>;
export type DivisionListOutput = z.infer<typeof divisionListOutput>;
export type DivisionAssignOutput = z.infer<typeof divisionAssignOutput>;
