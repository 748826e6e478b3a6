import { sql, type Kysely } from 'kysely';

// The search box (GET /v1/public/search): names matched ignoring case and accents, by any part
// of a word, and with a one-letter typo. pg_trgm and unaccent ship with PostgreSQL and with
// PGlite (connection.ts loads both there). unaccent() itself is only STABLE (its dictionary
// could change), so the folding is the IMMUTABLE wrapper search_fold, which names the
// dictionary and the extension's schema. The folded names are stored (generated columns):
// folding them again for every candidate row of every search costs more than the search.
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`CREATE EXTENSION IF NOT EXISTS pg_trgm`.execute(db);
  await sql`CREATE EXTENSION IF NOT EXISTS unaccent`.execute(db);
  // Where unaccent lives: 'public' here, another schema where an operator installed it first.
  const { rows } = await sql<{ schema: string }>`
    SELECT quote_ident(n.nspname) AS schema FROM pg_extension e JOIN pg_namespace n ON n.oid = e.extnamespace WHERE e.extname = 'unaccent'
  `.execute(db);
  const schema = rows[0]?.schema ?? 'public';
  await sql
    .raw(
      `CREATE FUNCTION search_fold(text) RETURNS text LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE
       AS $$ SELECT lower(${schema}.unaccent('${schema}.unaccent'::regdictionary, $1)) $$`,
    )
    .execute(db);
  await sql`COMMENT ON FUNCTION search_fold(text) IS 'Lower case without accents: what the search compares (migration 0011).'`.execute(db);
  await sql`ALTER TABLE teams ADD COLUMN search_name text GENERATED ALWAYS AS (search_fold(name)) STORED`.execute(db);
  await sql`ALTER TABLE teams ADD COLUMN search_school text GENERATED ALWAYS AS (search_fold(school_name)) STORED`.execute(db);
  await sql`ALTER TABLE players ADD COLUMN search_name text GENERATED ALWAYS AS (search_fold(name)) STORED`.execute(db);
  await sql`CREATE INDEX teams_search_name_idx ON teams USING gin (search_name gin_trgm_ops)`.execute(db);
  await sql`CREATE INDEX teams_search_school_idx ON teams USING gin (search_school gin_trgm_ops)`.execute(db);
  // Hidden players never appear in the search.
  await sql`CREATE INDEX players_search_name_idx ON players USING gin (search_name gin_trgm_ops) WHERE visible`.execute(db);
  for (const column of ['teams.search_name', 'teams.search_school', 'players.search_name']) {
    await sql`COMMENT ON COLUMN ${sql.ref(column)} IS 'Folded for the search (search_fold): kept by PostgreSQL, never written.'`.execute(db);
  }
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`ALTER TABLE teams DROP COLUMN IF EXISTS search_name, DROP COLUMN IF EXISTS search_school`.execute(db);
  await sql`ALTER TABLE players DROP COLUMN IF EXISTS search_name`.execute(db);
  await sql`DROP FUNCTION IF EXISTS search_fold(text)`.execute(db);
}
