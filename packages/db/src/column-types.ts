import type { ColumnType } from 'kysely';

// Column types the database cannot tell the code generator (schema-codegen.ts maps columns to
// them). The unions repeat the CHECK constraints of migrations 0001, 0010, 0050 and 0095: change both together.

export type MatchStatusColumn = 'scheduled' | 'in_progress' | 'completed' | 'cancelled';
export type PlatformColumn = 'faceit' | 'leaguespot';
/** A match's platform: also 'manual' for one entered by hand (migration 0050). */
export type MatchPlatformColumn = PlatformColumn | 'manual';
export type RoleColumn = 'admin' | 'owner';
export type EloAdjustmentReasonColumn = 'calculate' | 'edit' | 'merge';
export type PlayerEloSourceColumn = 'faceit' | 'reset' | 'edit' | 'seed' | 'undo';
export type EloRunKindColumn = 'calculate' | 'reset_players' | 'recalculate' | 'match_create' | 'match_update' | 'match_delete' | 'import';

/** jsonb: written as JSON text (node-postgres would send a JS array as a PostgreSQL array), read parsed. */
export type JsonText = ColumnType<unknown, string, string>;
