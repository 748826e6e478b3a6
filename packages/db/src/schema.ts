import type { Insertable } from 'kysely';
import type { DB, Matches } from './schema.generated';

// The table types are generated from the migrated database (`pnpm db:types`, schema-codegen.ts);
// the types the database cannot tell are in column-types.ts.
export type * from './schema.generated';
export type * from './column-types';
export type Database = DB;
export type NewMatch = Insertable<Matches>;
