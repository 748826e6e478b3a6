import { z } from 'zod';
import { dateOnly } from './admin-seasons';
import { multilineText, plainText, requiredName } from './form-rules';
import { isPictureUrl, isWebUrl, WEB_URL_MESSAGE } from './text-rules';
import { booleanParam, commaListParam, orderParam, pageParam, pageSizeParam, textFilterParam, uuidParam } from './query-params';

// Events: tournaments with a bracket, a round robin or a Swiss (docs/contract.md, "Events").

export const eventFormat = z.enum(['single_elimination', 'double_elimination', 'round_robin', 'swiss']);
/** Derived, never stored: upcoming before the start date, past once decided or after the end date, else ongoing. */
export const eventStatus = z.enum(['upcoming', 'ongoing', 'past']);
/** How the seeds are set: by current Elo (the default), in the order given, or shuffled from a seed. */
export const seedingMethod = z.enum(['elo', 'manual', 'random']);

const teamRef = z.object({ id: z.string(), name: z.string(), picture: z.string().nullable() });

/** A link: an http(s) URL. Empty text means none. */
const linkValue = z
  .string()
  .trim()
  .max(500)
  .refine((v) => v === '' || isWebUrl(v), { error: WEB_URL_MESSAGE })
  .transform((v) => (v === '' ? null : v))
  .nullable()
  .optional();
/** A picture: an http(s) URL or a path on this site ('/media/…'). */
const eventPictureValue = z
  .string()
  .trim()
  .max(2000)
  .refine((v) => v === '' || isPictureUrl(v), { error: 'Expected a picture URL' })
  .transform((v) => (v === '' ? null : v))
  .nullable()
  .optional();

export const eventLinks = z.object({
  stream: z.string().nullable(),
  stream2: z.string().nullable(),
  discord: z.string().nullable(),
  registration: z.string().nullable(),
  /** The rules document. */
  rules: z.string().nullable(),
});

/** An amount of money ('1500', '12.50'), answered as text with two decimals; empty means none. */
const moneyValue = z
  .union([z.number(), z.string()])
  .transform((v) => String(v).trim())
  .refine((v) => v === '' || /^\d{1,10}(\.\d{1,2})?$/.test(v), { error: 'Expected an amount such as 1500 or 12.50' })
  .transform((v) => (v === '' ? null : Number(v).toFixed(2)))
  .nullable()
  .optional();
/** An ISO date-time; empty means none. */
const dateTimeValue = z
  .string()
  .trim()
  .refine((v) => v === '' || (/^\d{4}-\d{2}-\d{2}T/.test(v) && !Number.isNaN(Date.parse(v))), { error: 'Expected an ISO date-time' })
  .transform((v) => (v === '' ? null : new Date(v).toISOString()))
  .nullable()
  .optional();

/**
 * What a visitor needs to enter an event (issue 23): prize pool and entry fee in one currency,
 * the most teams, registration open and until when, featured, and the division it is for.
 */
export const eventDetailsInput = z.object({
  prize_pool: moneyValue,
  prize_currency: z
    .string()
    .trim()
    .toUpperCase()
    .regex(/^[A-Z]{3}$/, { error: 'Expected a currency code such as USD' })
    .default('USD'),
  entry_fee: moneyValue,
  max_teams: z.coerce.number().int().min(2).max(1024).nullable().optional(),
  registration_open: z.boolean().default(false),
  registration_deadline: dateTimeValue,
  featured: z.boolean().default(false),
  division: plainText(100)
    .transform((v) => (v === '' ? null : v))
    .nullable()
    .optional(),
});
export const eventDetails = z.object({
  prize_pool: z.string().nullable(),
  prize_currency: z.string(),
  entry_fee: z.string().nullable(),
  max_teams: z.number().int().nullable(),
  registration_open: z.boolean(),
  registration_deadline: z.string().nullable(),
  featured: z.boolean(),
  division: z.string().nullable(),
});

/**
 * The earlier site's `custom_details` of an event, answered for the scripts and sites written
 * for it: our links and details under its names. `bracket_link` is the event's page here.
 */
export const eventCustomDetails = z.object({
  id: z.string(),
  bracket_link: z.string(),
  stream_link: z.string().nullable(),
  secondary_stream_link: z.string().nullable(),
  discord_link: z.string().nullable(),
  registration_link: z.string().nullable(),
  rules_document: z.string().nullable(),
  prize_pool: z.string().nullable(),
  prize_currency: z.string(),
  max_teams: z.number().int().nullable(),
  entry_fee: z.string().nullable(),
  format: z.string(),
  game_mode: z.string().nullable(),
  division: z.string().nullable(),
  is_featured: z.boolean(),
  is_public: z.boolean(),
  registration_open: z.boolean(),
  registration_deadline: z.string().nullable(),
  twitter_hashtag: z.string().nullable(),
  metadata: z.record(z.string(), z.unknown()),
});

const eventFields = z.object({
  name: requiredName(200, 'Name is required'),
  start_date: dateOnly('Start date'),
  end_date: dateOnly('End date'),
  season_id: uuidParam.nullable().optional(),
  description: multilineText(10_000).default(''),
  picture: eventPictureValue,
  links: z.object({ stream: linkValue, stream2: linkValue, discord: linkValue, registration: linkValue, rules: linkValue }).default({}),
  details: eventDetailsInput.prefault({}),
});
const endNotBeforeStart = { error: 'The end date must not be before the start date', path: ['end_date'] };

/**
 * How the teams are seeded. `elo` (the default) orders them by current Elo; `manual` keeps the
 * order of `team_ids`; `random` shuffles them with a generator started from `seed` (a new seed is
 * drawn and answered when none is given), so the same seed always gives the same draw.
 */
export const seedingInput = z.object({
  method: seedingMethod.default('elo'),
  seed: plainText(100).min(1).optional(),
});

/**
 * POST /v1/events/: the event, its format and its teams (2 to 64, each once). The bracket is
 * built at once from the seeding. Swiss needs `swiss_rounds`; a grand-final reset is a double
 * elimination option.
 */
export const eventCreateInput = eventFields
  .extend({
    format: eventFormat,
    grand_final_reset: z.boolean().default(false),
    swiss_rounds: z.coerce.number().int().min(1).max(20).optional(),
    team_ids: z
      .array(uuidParam)
      .min(2, { error: 'An event needs at least 2 teams' })
      .max(64, { error: 'An event takes at most 64 teams' })
      .refine((ids) => new Set(ids).size === ids.length, { error: 'A team is listed twice' }),
    seeding: seedingInput.default({ method: 'elo' }),
  })
  .refine((e) => e.end_date >= e.start_date, endNotBeforeStart)
  .refine((e) => e.format !== 'swiss' || e.swiss_rounds !== undefined, { error: 'A Swiss event needs its number of rounds', path: ['swiss_rounds'] })
  .refine((e) => e.format !== 'swiss' || (e.swiss_rounds ?? 0) < e.team_ids.length, {
    error: 'A Swiss event needs fewer rounds than teams',
    path: ['swiss_rounds'],
  });

/** PUT /v1/events/{id}/: replaces the event's details (not its format or teams: see seed). */
export const eventUpdateInput = eventFields.extend({ id: uuidParam }).refine((e) => e.end_date >= e.start_date, endNotBeforeStart);

/**
 * POST /v1/events/{id}/seed/: seeds again and rebuilds the bracket, while no bracket match has
 * a result. `team_ids` is the order for `manual`, and may replace the event's teams.
 */
export const eventSeedInput = seedingInput.extend({
  id: uuidParam,
  team_ids: z
    .array(uuidParam)
    .min(2)
    .max(64)
    .refine((ids) => new Set(ids).size === ids.length, { error: 'A team is listed twice' })
    .optional(),
});

/** POST /v1/events/{id}/matches/{slot}/link/: the match played in this bracket slot (null unlinks). */
export const eventLinkMatchInput = z.object({
  id: uuidParam,
  slot: z.coerce.number({ error: 'Invalid format' }).int().min(1),
  match_id: uuidParam.nullable(),
});

export const eventListInput = z.object({
  status: eventStatus.optional(),
  season_id: uuidParam.optional(),
  id: commaListParam(uuidParam).optional(),
  /** Part of the name, ignoring case. */
  name: textFilterParam.optional(),
  featured: booleanParam.optional(),
  /** Every event here is public: `true` (the earlier site's default) and `false` list the same. */
  public_only: booleanParam.optional(),
  /** Absent: newest start first, as before. */
  sort: z.enum(['start_date', 'name', 'end_date']).optional(),
  order: orderParam.optional(),
  page: pageParam,
  page_size: pageSizeParam(20),
});

export const eventListItem = z.object({
  id: z.string(),
  name: z.string(),
  start_date: z.string(),
  end_date: z.string(),
  season: z.object({ id: z.string(), name: z.string() }).nullable(),
  picture: z.string().nullable(),
  format: eventFormat,
  status: eventStatus,
  team_count: z.number().int(),
  winner: teamRef.nullable(),
  description: z.string(),
  details: eventDetails,
  custom_details: eventCustomDetails,
});

/** A slot's side: the team, or null while unknown (a bye has no opponent at all: is_bye). */
export const bracketMatch = z.object({
  /** The slot number (the `slot` of the link path). */
  id: z.number().int(),
  /** Our match played in the slot, when linked: its page is /matches/{match_id}. */
  match_id: z.string().nullable(),
  team1: teamRef.nullable(),
  team2: teamRef.nullable(),
  score_team1: z.number().int().nullable(),
  score_team2: z.number().int().nullable(),
  winner_id: z.string().nullable(),
  /** waiting: a side is still unknown; ready: both known; live: being played; completed. */
  status: z.enum(['waiting', 'ready', 'live', 'completed']),
  /** Where the winner goes; null for the final. */
  next_match_id: z.number().int().nullable(),
  /** Where the loser goes (double elimination's upper bracket); null otherwise. */
  loser_next_match_id: z.number().int().nullable(),
  /** One side has no opponent: the other goes through without playing. */
  is_bye: z.boolean(),
});
export const bracketRound = z.object({ number: z.number().int(), name: z.string(), matches: z.array(bracketMatch) });
export const bracketStage = z.object({
  /** The part of the event: the upper or lower bracket, the grand final, the round robin or the Swiss. */
  type: z.enum(['single_elimination', 'upper_bracket', 'lower_bracket', 'grand_final', 'round_robin', 'swiss']),
  rounds: z.array(bracketRound),
});
export const standingsRow = z.object({
  rank: z.number().int(),
  team: teamRef,
  played: z.number().int(),
  wins: z.number().int(),
  losses: z.number().int(),
  /** Rounds (or maps) won less rounds lost, over the event's matches. */
  round_difference: z.number().int(),
});
export const eventStandings = z.object({
  /** The order: wins, then `tie_break`, then head-to-head, then seed. */
  tie_break: z.literal('round_difference'),
  rows: z.array(standingsRow),
});

export const eventDetail = eventListItem.omit({ team_count: true }).extend({
  description: z.string(),
  links: eventLinks,
  grand_final_reset: z.boolean(),
  swiss_rounds: z.number().int().nullable(),
  seeding: z.object({ method: seedingMethod, seed: z.string().nullable() }),
  teams: z.array(teamRef.extend({ seed: z.number().int().nullable() })),
  stages: z.array(bracketStage),
  /** Round robin and Swiss; null for elimination. */
  standings: eventStandings.nullable(),
});

export const eventListOutput = z.object({
  count: z.number().int(),
  total_pages: z.number().int(),
  current_page: z.number().int(),
  page_size: z.number().int(),
  results: z.array(eventListItem),
});

/** GET /v1/public/teams/{id}/events: the team's events, newest first, with its seed and placement. */
export const teamEventsOutput = z.object({
  results: z.array(
    eventListItem.omit({ team_count: true, winner: true, description: true, details: true, custom_details: true }).extend({
      seed: z.number().int().nullable(),
      /**
       * 'Champion', 'Runner-up', 'Out in Semifinals' (elimination, once out), '2nd of 5'
       * (round robin and Swiss: the place in the standings as they stand); null while the team is
       * still in an elimination bracket.
       */
      placement: z.string().nullable(),
    }),
  ),
});

/** GET /v1/public/matches/{id}/event: the event and round a match was played in, or null. */
export const matchEventOutput = z
  .object({
    event: z.object({ id: z.string(), name: z.string(), format: eventFormat }),
    /** The bracket slot (stages[].rounds[].matches[].id of the event page). */
    slot: z.number().int(),
    stage: bracketStage.shape.type,
    round: z.object({ number: z.number().int(), name: z.string() }),
  })
  .nullable();

export type TeamEventsOutput = z.infer<typeof teamEventsOutput>;
export type MatchEventOutput = z.infer<typeof matchEventOutput>;
export type EventFormat = z.infer<typeof eventFormat>;
export type EventStatus = z.infer<typeof eventStatus>;
export type SeedingMethod = z.infer<typeof seedingMethod>;
export type EventCreateInput = z.infer<typeof eventCreateInput>;
export type EventUpdateInput = z.infer<typeof eventUpdateInput>;
export type EventSeedInput = z.infer<typeof eventSeedInput>;
export type EventLinkMatchInput = z.infer<typeof eventLinkMatchInput>;
export type EventListInput = z.input<typeof eventListInput>;
export type EventListItem = z.infer<typeof eventListItem>;
export type EventDetail = z.infer<typeof eventDetail>;
export type BracketStage = z.infer<typeof bracketStage>;
export type BracketMatch = z.infer<typeof bracketMatch>;
export type EventStandings = z.infer<typeof eventStandings>;
