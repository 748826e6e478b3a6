import { z } from 'zod';
import { eloValue, multilineText, plainText, requiredName } from './form-rules';
import { uuidParam } from './query-params';
import { isStoredPicture, isWebUrl, webUrl, WEB_URL_MESSAGE } from './text-rules';

/** The tables Clear Database empties (and a backup holds), in the order they are restored. */
export const CLEARED_TABLES = [
  'teams',
  'players',
  'player_seasons',
  'participants',
  'matches',
  'match_elo',
  'match_maps',
  'match_vetoes',
  'match_map_players',
  'rankings',
  'ranking_items',
  'elo_adjustments',
  'player_elo_history',
  'events',
  'event_teams',
  'event_bracket_stages',
  'event_bracket_groups',
  'event_bracket_rounds',
  'event_bracket_matches',
  'event_bracket_match_games',
  'division_teams',
] as const;
export type ClearedTable = (typeof CLEARED_TABLES)[number];

export const clearDatabaseInput = z.object({
  security_key: z.string({ error: 'Security key is required' }).trim().min(1, { error: 'Security key is required' }),
});
export const clearDatabaseOutput = z.object({
  message: z.string(),
  /** The backup written before clearing: GET /v1/backups/{id}/ downloads it. */
  backup_id: z.string(),
});

/** What the Clear Database card may show: the key only while it is the demo default. */
export const clearDatabaseInfoOutput = z.object({ default_key: z.string().nullable() });

export const backupIdInput = z.object({ id: uuidParam });

export const backupListItem = z.object({
  id: z.string(),
  reason: z.string(),
  created_at: z.string(),
  created_by: z.string().nullable(),
  /** Rows per table in the backup. */
  rows: z.record(z.string(), z.number().int()),
});
export const backupListOutput = z.object({ results: z.array(backupListItem) });

/** POST /v1/backups/: 'Back up now'. Nothing to send; an optional note becomes part of its reason. */
export const backupCreateInput = z
  .object({ note: plainText(200).optional() })
  .optional()
  .transform((input) => input ?? {});

export const restoreBackupOutput = z.object({
  message: z.string(),
  /** Rows restored per table. */
  restored: z.record(z.string(), z.number().int()),
  /** The backup of what was there just before restoring (restoring replaces it); null when it was empty. */
  previous_backup_id: z.string().nullable(),
});

/** The downloadable file: `pnpm cli restore FILE` reads it back. */
export const BACKUP_FORMAT = 'campus-elo-backup';
/** Rows as PostgreSQL's to_jsonb writes them, so timestamps keep their microseconds. */
const tableRows = z.array(z.record(z.string(), z.unknown()));
/** Tables added after the first backups were written: a backup without them restores them empty. */
const laterTableRows = tableRows.default([]);
export const backupFile = z.object({
  format: z.literal(BACKUP_FORMAT),
  version: z.literal(1),
  created_at: z.string(),
  tables: z.object({
    teams: tableRows,
    players: tableRows,
    player_seasons: tableRows,
    participants: tableRows,
    matches: tableRows,
    /** The Elo ledger's rows (migration 0104); a backup from before holds them in its matches' Elo columns. */
    match_elo: laterTableRows,
    match_maps: laterTableRows,
    match_vetoes: laterTableRows,
    match_map_players: laterTableRows,
    rankings: tableRows,
    ranking_items: tableRows,
    elo_adjustments: laterTableRows,
    player_elo_history: laterTableRows,
    events: laterTableRows,
    event_teams: laterTableRows,
    event_bracket_stages: laterTableRows,
    event_bracket_groups: laterTableRows,
    event_bracket_rounds: laterTableRows,
    event_bracket_matches: laterTableRows,
    event_bracket_match_games: laterTableRows,
    division_teams: laterTableRows,
  } satisfies Record<ClearedTable, typeof tableRows | typeof laterTableRows>),
});

/**
 * What a restored row must keep to: the forms' rules for the columns staff set (names, texts,
 * links, Elo), so a backup file cannot bring back what the contract refuses. Other columns go
 * back as stored; PostgreSQL's own constraints check them. A column missing from an older
 * backup is not checked. The restore checks the original rows and writes them unchanged.
 */
const storedPicture = z.string().refine(isStoredPicture, { error: 'Expected a picture URL' }).nullable().optional();
const storedLink = z.string().refine(isWebUrl, { error: WEB_URL_MESSAGE }).nullable().optional();
export const backupRowRules = {
  teams: z.looseObject({
    name: requiredName(200, 'Team name is required'),
    school_name: plainText(200).nullable().optional(),
    elo: eloValue.optional(),
    starting_elo: eloValue.optional(),
    picture: storedPicture,
  }),
  players: z.looseObject({
    name: requiredName(200, 'Player name is required'),
    steam_id: plainText(100).nullable().optional(),
    faceit_id: plainText(100).nullable().optional(),
    elo: eloValue.optional(),
    picture: storedPicture,
  }),
  matches: z.looseObject({ url: webUrl(2048).nullable().optional() }),
  events: z.looseObject({
    name: requiredName(200, 'Name is required'),
    description: multilineText(10_000).optional(),
    picture: storedPicture,
    stream_url: storedLink,
    stream2_url: storedLink,
    discord_url: storedLink,
    registration_url: storedLink,
    seeding_seed: plainText(100).nullable().optional(),
  }),
} satisfies Partial<Record<ClearedTable, z.ZodType>>;

export type ClearDatabaseInput = z.input<typeof clearDatabaseInput>;
export type ClearDatabaseOutput = z.infer<typeof clearDatabaseOutput>;
export type BackupListItem = z.infer<typeof backupListItem>;
export type RestoreBackupOutput = z.infer<typeof restoreBackupOutput>;
export type BackupFile = z.infer<typeof backupFile>;
