import type { ColumnType } from 'kysely';

// Column types the database cannot tell the code generator (schema-codegen.ts maps columns to
// them). The unions repeat the CHECK constraints of migrations 0001 and 0010: change both together.

export type MatchStatusColumn = 'scheduled' | 'in_progress' | 'completed' | 'cancelled';
export type PlatformColumn = 'faceit' | 'leaguespot';
export type RoleColumn = 'admin' | 'owner';
export type EloAdjustmentReasonColumn = 'calculate' | 'edit' | 'merge';
export type PlayerEloSourceColumn = 'faceit' | 'reset' | 'edit' | 'seed';

/** jsonb: written as JSON text (node-postgres would send a JS array as a PostgreSQL array), read parsed. */
export type JsonText = ColumnType<unknown, string, string>;
