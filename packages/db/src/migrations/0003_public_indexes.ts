import { sql, type Kysely } from 'kysely';

// What the public lists need at benchmark scale (300,000 matches, 30,000 players), beside
// the indexes of 0001 and 0002. Run one by one: PGlite takes one statement per query, and
// the function bodies contain semicolons.
const statements = [
  // Newest-first match lists by status and by season, undated matches last (0001 serves oldest-first).
  'CREATE INDEX IF NOT EXISTS matches_status_date_desc_idx ON matches (status, date DESC NULLS LAST, id DESC)',
  'CREATE INDEX IF NOT EXISTS matches_season_status_date_idx ON matches (season_id, status, date DESC NULLS LAST, id DESC)',
  // Public player lists show visible players only unless asked otherwise.
  'CREATE INDEX IF NOT EXISTS players_visible_elo_idx ON players (elo DESC, name, id) WHERE visible',

  // Matches per status, kept by statement triggers, so a list filtered by status alone
  // (the home page's live, upcoming and latest results) counts without reading 300,000 rows.
  `CREATE TABLE match_status_counts (
     status text PRIMARY KEY,
     count bigint NOT NULL DEFAULT 0
   )`,
  `CREATE FUNCTION match_status_counts_add() RETURNS trigger LANGUAGE plpgsql AS $$
   BEGIN
     -- Sorted, so concurrent writers take the counter rows in the same order.
     INSERT INTO match_status_counts AS c (status, count)
       SELECT status, count(*) FROM new_rows GROUP BY status ORDER BY status
       ON CONFLICT (status) DO UPDATE SET count = c.count + excluded.count;
     RETURN NULL;
   END $$`,
  `CREATE FUNCTION match_status_counts_remove() RETURNS trigger LANGUAGE plpgsql AS $$
   BEGIN
     UPDATE match_status_counts AS c SET count = c.count - gone.count
       FROM (SELECT status, count(*) AS count FROM old_rows GROUP BY status ORDER BY status) AS gone
       WHERE c.status = gone.status;
     RETURN NULL;
   END $$`,
  `CREATE FUNCTION match_status_counts_move() RETURNS trigger LANGUAGE plpgsql AS $$
   BEGIN
     INSERT INTO match_status_counts AS c (status, count)
       SELECT status, sum(delta) FROM (
         SELECT status, 1 AS delta FROM new_rows
         UNION ALL
         SELECT status, -1 AS delta FROM old_rows
       ) AS changes
       GROUP BY status HAVING sum(delta) <> 0 ORDER BY status
       ON CONFLICT (status) DO UPDATE SET count = c.count + excluded.count;
     RETURN NULL;
   END $$`,
  `CREATE FUNCTION match_status_counts_clear() RETURNS trigger LANGUAGE plpgsql AS $$
   BEGIN
     UPDATE match_status_counts SET count = 0;
     RETURN NULL;
   END $$`,
  `CREATE TRIGGER match_status_counts_insert AFTER INSERT ON matches
     REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION match_status_counts_add()`,
  `CREATE TRIGGER match_status_counts_delete AFTER DELETE ON matches
     REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION match_status_counts_remove()`,
  `CREATE TRIGGER match_status_counts_update AFTER UPDATE ON matches
     REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION match_status_counts_move()`,
  `CREATE TRIGGER match_status_counts_truncate AFTER TRUNCATE ON matches
     FOR EACH STATEMENT EXECUTE FUNCTION match_status_counts_clear()`,
  'INSERT INTO match_status_counts (status, count) SELECT status, count(*) FROM matches GROUP BY status',
];

export async function up(db: Kysely<unknown>): Promise<void> {
  for (const statement of statements) await sql.raw(statement).execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const trigger of ['insert', 'delete', 'update', 'truncate']) {
    await sql.raw(`DROP TRIGGER IF EXISTS match_status_counts_${trigger} ON matches`).execute(db);
  }
  for (const fn of ['add', 'remove', 'move', 'clear']) {
    await sql.raw(`DROP FUNCTION IF EXISTS match_status_counts_${fn}()`).execute(db);
  }
  await sql`DROP TABLE IF EXISTS match_status_counts`.execute(db);
  await sql`DROP INDEX IF EXISTS matches_status_date_desc_idx, matches_season_status_date_idx, players_visible_elo_idx`.execute(db);
}
