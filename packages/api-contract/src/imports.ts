import { z } from 'zod';
import { eloChange } from './admin-matches';
import { matchStatus, platform } from './public';
import { requiredName } from './form-rules';
import { uuidParam } from './query-params';
import { platformText, platformUrl, withoutControlCharacters } from './text-rules';

/** A platform's own id (Faceit championship, Leaguespot season...): safe inside a URL path. */
export const platformIdParam = z
  .string()
  .trim()
  .min(1)
  .max(100)
  .regex(/^[A-Za-z0-9_-]+$/, { error: 'Invalid format' });

/** Text the platforms may send as null or leave out: a string once parsed, control characters taken out. */
const looseText = platformText;
/** A platform's link or picture: an http(s) URL, else empty (docs/decisions/0079-plain-text-and-web-urls.md). */
const looseUrl = (max: number) => platformUrl(max).transform((value) => value ?? '');
const looseNumber = z
  .number()
  .nullish()
  .transform((value) => value ?? null);

// ---- preview item (docs/contract.md, imports): the Faceit match shape, whichever platform
export const previewRosterEntry = z.object({
  player_id: looseText(200),
  nickname: looseText(200),
  avatar: looseUrl(2000),
  membership: looseText(200),
  /** The game account: a Steam id for CS2. */
  game_player_id: looseText(200),
  game_player_name: looseText(200),
  game_skill_level: looseNumber.transform((value) => value ?? 0),
  faceit_url: looseUrl(2000),
  is_captain: z
    .boolean()
    .nullish()
    .transform((value) => value ?? false),
});

export const previewTeam = z.object({
  faction_id: looseText(200),
  name: z.string().max(200).transform(withoutControlCharacters),
  avatar: looseUrl(2000),
  roster: z.array(previewRosterEntry).max(50).default([]),
});

const faction = z.enum(['faction1', 'faction2']);

export const previewResults = z.object({
  winner: faction.nullish().transform((value) => value ?? null),
  score: z
    .object({ faction1: looseNumber, faction2: looseNumber })
    .nullish()
    .transform((value) => value ?? { faction1: null, faction2: null }),
});

/**
 * A match of the preview (and of an import's `data.items`). Lenient where Faceit's own
 * match objects are: a raw Faceit answer imports as it is. A missing faction is a bye.
 */
export const previewItem = z.object({
  match_id: z.string().trim().min(1).max(200),
  competition_id: looseText(200),
  competition_name: looseText(200),
  region: looseText(100),
  /** The platform's own status word: FINISHED, ONGOING, SCHEDULED, READY, CANCELLED, ABORTED, UNKNOWN... */
  status: z.string().max(40),
  /** Unix seconds. */
  scheduled_at: looseNumber,
  started_at: looseNumber,
  finished_at: looseNumber,
  /** Present only when the match has a result. */
  results: previewResults.optional(),
  teams: z.object({ faction1: previewTeam.optional(), faction2: previewTeam.optional() }),
  voting: z.unknown().optional(),
  maps: z.array(z.string().max(100)).max(20).default([]),
  /** The match page on its platform. */
  faceit_url: platformUrl(2000),
  best_of: looseNumber,
  round_name: z
    .string()
    .max(200)
    .nullish()
    .transform((value) => (value == null ? null : withoutControlCharacters(value))),
});

export const previewSkip = z.object({
  kind: z.enum(['match', 'round']),
  id: z.string(),
  label: z.string(),
  reason: z.enum(['bye', 'round_failed', 'match_failed']),
  detail: z.string().optional(),
});

// ---- POST /v1/import-matches/preview/
export const importPreviewInput = z
  .object({
    platform,
    /** Faceit championship id. */
    competition_id: platformIdParam.optional(),
    /** Leaguespot season id. */
    season_id: platformIdParam.optional(),
  })
  .superRefine((input, ctx) => {
    if (input.platform === 'faceit' && !input.competition_id) {
      ctx.addIssue({ code: 'custom', path: ['competition_id'], message: 'Championship ID is required' });
    }
    if (input.platform === 'leaguespot' && !input.season_id) {
      ctx.addIssue({ code: 'custom', path: ['season_id'], message: 'Season ID is required' });
    }
  });
export const importPreviewOutput = z.object({
  items: z.array(previewItem),
  skipped: z.array(previewSkip),
});

/**
 * What a tool did with completed FACEIT matches' maps and player lines (issue 24): saved
 * (new or changed), not_yet (FACEIT has no stats yet: the next sync asks again), failed
 * (the call failed, or the maps contradict the match as stored). Absent when the tool had
 * no completed FACEIT match to ask about.
 */
export const mapDetailsResult = z.object({ saved: z.number().int(), not_yet: z.number().int(), failed: z.number().int() });
export type MapDetailsResult = z.infer<typeof mapDetailsResult>;

// ---- POST /v1/import-matches/
export const competitionType = z.enum(['league', 'event']);
export const importMatchesInput = z.object({
  platform,
  competition_name: requiredName(200, 'Competition name is required'),
  /** The platform's id for the competition; default: the items' competition_id. */
  competition_id: platformIdParam.optional(),
  /** Our season. */
  season_id: uuidParam,
  /** League or Event (bracket based): stored on the competition and its matches. */
  type: competitionType.default('league'),
  data: z.object({ items: z.array(previewItem).max(5000) }),
  /** 'platform:{platform}:team:{name}' -> an existing team id. */
  participant_matches: z.record(z.string().max(300).transform(withoutControlCharacters), uuidParam).default({}),
  /** Do everything and roll back: the answer says what importing would do (the wizard's Elo preview). */
  dry_run: z.boolean().default(false),
});
export const importMatchesOutput = z.object({
  message: z.string(),
  matches_imported: z.number().int(),
  matches_updated: z.number().int(),
  matches_skipped: z.number().int(),
  teams_created: z.number().int(),
  players_created: z.number().int(),
  dry_run: z.boolean(),
  /** The teams whose Elo the import moved (would move, on a dry run), largest change first. */
  elo_changes: z.array(eloChange),
  /** The Elo run to undo (POST /v1/elo-runs/{id}/undo/); null on a dry run or when no Elo moved. */
  elo_run_id: z.string().nullable(),
  map_details: mapDetailsResult.optional(),
});

// ---- POST /v1/matches/update/
export const updateMatchesInput = z.object({
  /** Our match ids; when given, exactly these are refreshed. */
  match_ids: z.array(uuidParam).max(2000).optional(),
  platform: platform.optional(),
  status_filter: z.union([matchStatus, z.array(matchStatus).min(1)]).optional(),
  /** Scheduled and in-progress matches dated up to a week ahead, overdue ones included. */
  auto_detect: z.boolean().default(true),
  /** Write (and audit) only the matches whose status, date, scores or winner changed on the platform. */
  only_changed: z.boolean().default(false),
});
/** How many failed items an answer lists (the counts cover them all). */
export const MAX_LISTED_FAILURES = 100;

export const updateMatchesOutput = z.object({
  message: z.string(),
  updated_count: z.number().int(),
  error_count: z.number().int(),
  total_processed: z.number().int(),
  /** The matches that could not be fetched, and why (at most MAX_LISTED_FAILURES). */
  failures: z.array(z.object({ match_id: z.string(), match_name: z.string(), platform: z.string(), external_id: z.string(), reason: z.string() })),
  map_details: mapDetailsResult.optional(),
});

// ---- POST /v1/player-elo/update/
export const updatePlayerEloInput = z.object({
  /** Used instead of the server's FACEIT_API_KEY when given. */
  api_key: z
    .string()
    .trim()
    .max(200)
    .optional()
    .transform((value) => (value === '' ? undefined : value)),
});
export const updatePlayerEloOutput = z.object({
  message: z.string(),
  updated_players: z.number().int(),
  not_found: z.number().int(),
  /** Lookups Faceit failed to answer. */
  failed: z.number().int(),
  /** The players whose lookup failed, and why (at most MAX_LISTED_FAILURES). */
  failures: z.array(z.object({ player_id: z.string(), player_name: z.string(), reason: z.string() })),
});

// ---- GET /v1/proxy/leaguespot/...
export const leaguespotProxyInput = z.object({ id: platformIdParam });

export type PreviewItemInput = z.input<typeof previewItem>;
export type PreviewItemOutput = z.output<typeof previewItem>;
export type PreviewSkipItem = z.infer<typeof previewSkip>;
export type ImportPreviewInput = z.input<typeof importPreviewInput>;
export type ImportPreviewOutput = z.output<typeof importPreviewOutput>;
export type ImportMatchesInput = z.input<typeof importMatchesInput>;
export type ImportMatchesOutput = z.output<typeof importMatchesOutput>;
export type UpdateMatchesInput = z.input<typeof updateMatchesInput>;
export type UpdateMatchesOutput = z.output<typeof updateMatchesOutput>;
export type UpdatePlayerEloInput = z.input<typeof updatePlayerEloInput>;
export type UpdatePlayerEloOutput = z.output<typeof updatePlayerEloOutput>;

/** Teams earlier imports matched to these platform team ids (Faceit faction ids, Leaguespot team ids). */
export const knownPlatformTeamsInput = z.object({
  platform,
  platform_team_ids: z.array(z.string().min(1).max(200)).max(1000),
});
export const knownPlatformTeamsOutput = z.array(z.object({ platform_team_id: z.string(), team_id: z.string(), team_name: z.string() }));
export type KnownPlatformTeams = z.output<typeof knownPlatformTeamsOutput>;
