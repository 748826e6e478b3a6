import { sql, type Kysely } from 'kysely';

// What the public lists need at benchmark scale (300,000 matches, 35,000 players), beside
// the indexes of 0001 and 0002: indexes for their orders, and row counts kept by triggers
// for the counts every paged answer carries. Run one by one: PGlite takes one statement per
// query, and the function bodies contain semicolons.
/** The triggers keeping match_status_counts; migration 0069 replaces them (and puts them back on the way down). */
export const matchStatusCountTriggers = [
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
];

/** The triggers keeping player_counts; migration 0069 replaces them (and puts them back on the way down). */
export const playerCountTriggers = [
  `CREATE FUNCTION player_counts_add_players() RETURNS trigger LANGUAGE plpgsql AS $$
   BEGIN
     INSERT INTO player_counts AS c (scope, count) SELECT 'all', count(*) FROM new_rows HAVING count(*) > 0
       ON CONFLICT (scope) DO UPDATE SET count = c.count + excluded.count;
     RETURN NULL;
   END $$`,
  `CREATE FUNCTION player_counts_remove_players() RETURNS trigger LANGUAGE plpgsql AS $$
   BEGIN
     UPDATE player_counts SET count = count - (SELECT count(*) FROM old_rows) WHERE scope = 'all';
     RETURN NULL;
   END $$`,
  `CREATE FUNCTION player_counts_add_seasons() RETURNS trigger LANGUAGE plpgsql AS $$
   BEGIN
     INSERT INTO player_counts AS c (scope, count)
       SELECT season_id::text, count(*) FROM new_rows GROUP BY season_id ORDER BY season_id
       ON CONFLICT (scope) DO UPDATE SET count = c.count + excluded.count;
     RETURN NULL;
   END $$`,
  `CREATE FUNCTION player_counts_remove_seasons() RETURNS trigger LANGUAGE plpgsql AS $$
   BEGIN
     UPDATE player_counts AS c SET count = c.count - gone.count
       FROM (SELECT season_id::text AS scope, count(*) AS count FROM old_rows GROUP BY season_id ORDER BY season_id) AS gone
       WHERE c.scope = gone.scope;
     RETURN NULL;
   END $$`,
  `CREATE FUNCTION player_counts_move_seasons() RETURNS trigger LANGUAGE plpgsql AS $$
   BEGIN
     INSERT INTO player_counts AS c (scope, count)
       SELECT scope, sum(delta) FROM (
         SELECT season_id::text AS scope, 1 AS delta FROM new_rows
         UNION ALL
         SELECT season_id::text AS scope, -1 AS delta FROM old_rows
       ) AS changes
       GROUP BY scope HAVING sum(delta) <> 0 ORDER BY scope
       ON CONFLICT (scope) DO UPDATE SET count = c.count + excluded.count;
     RETURN NULL;
   END $$`,
  `CREATE FUNCTION player_counts_clear_players() RETURNS trigger LANGUAGE plpgsql AS $$
   BEGIN
     DELETE FROM player_counts WHERE scope = 'all';
     RETURN NULL;
   END $$`,
  `CREATE FUNCTION player_counts_clear_seasons() RETURNS trigger LANGUAGE plpgsql AS $$
   BEGIN
     DELETE FROM player_counts WHERE scope <> 'all';
     RETURN NULL;
   END $$`,
  `CREATE TRIGGER player_counts_insert AFTER INSERT ON players
     REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION player_counts_add_players()`,
  `CREATE TRIGGER player_counts_delete AFTER DELETE ON players
     REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION player_counts_remove_players()`,
  `CREATE TRIGGER player_counts_truncate AFTER TRUNCATE ON players
     FOR EACH STATEMENT EXECUTE FUNCTION player_counts_clear_players()`,
  `CREATE TRIGGER player_counts_insert AFTER INSERT ON player_seasons
     REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION player_counts_add_seasons()`,
  `CREATE TRIGGER player_counts_delete AFTER DELETE ON player_seasons
     REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION player_counts_remove_seasons()`,
  `CREATE TRIGGER player_counts_update AFTER UPDATE ON player_seasons
     REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION player_counts_move_seasons()`,
  `CREATE TRIGGER player_counts_truncate AFTER TRUNCATE ON player_seasons
     FOR EACH STATEMENT EXECUTE FUNCTION player_counts_clear_seasons()`,
];

export const PLAYERS_HIDDEN_INDEX = 'CREATE INDEX IF NOT EXISTS players_hidden_idx ON players (id) WHERE NOT visible';

const statements = [
  // Latest results, newest first. Partial on purpose: upcoming matches carry the newest dates,
  // so walking matches_date_desc_idx for completed ones would first step over all of them.
  "CREATE INDEX IF NOT EXISTS matches_completed_date_desc_idx ON matches (date DESC NULLS LAST, id DESC) WHERE status = 'completed'",
  // A season's matches of one status, newest first (0001 serves oldest-first).
  'CREATE INDEX IF NOT EXISTS matches_season_status_date_idx ON matches (season_id, status, date DESC NULLS LAST, id DESC)',
  // Public player lists show visible players only unless asked otherwise.
  'CREATE INDEX IF NOT EXISTS players_visible_elo_idx ON players (elo DESC, name, id) WHERE visible',

  // Matches per status, kept by statement triggers, so a list filtered by status alone
  // (the home page's live, upcoming and latest results) counts without reading 300,000 rows.
  `CREATE TABLE match_status_counts (
     status text PRIMARY KEY,
     count bigint NOT NULL DEFAULT 0
   )`,
  ...matchStatusCountTriggers,
  'INSERT INTO match_status_counts (status, count) SELECT status, count(*) FROM matches GROUP BY status',

  // Players per scope ('all', or a season id: who played in it), kept the same way, so the
  // rankings' player lists count without reading every player. Hidden players are few: the
  // lists subtract them through their own small index.
  PLAYERS_HIDDEN_INDEX,
  `CREATE TABLE player_counts (
     scope text PRIMARY KEY,
     count bigint NOT NULL DEFAULT 0
   )`,
  ...playerCountTriggers,
  "INSERT INTO player_counts (scope, count) SELECT 'all', count(*) FROM players",
  'INSERT INTO player_counts (scope, count) SELECT season_id::text, count(*) FROM player_seasons GROUP BY season_id',
];

export async function up(db: Kysely<unknown>): Promise<void> {
  for (const statement of statements) await sql.raw(statement).execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of ['matches', 'players', 'player_seasons']) {
    for (const event of ['insert', 'delete', 'update', 'truncate']) {
      const prefix = table === 'matches' ? 'match_status_counts' : 'player_counts';
      await sql.raw(`DROP TRIGGER IF EXISTS ${prefix}_${event} ON ${table}`).execute(db);
    }
  }
  for (const fn of ['add', 'remove', 'move', 'clear']) await sql.raw(`DROP FUNCTION IF EXISTS match_status_counts_${fn}()`).execute(db);
  for (const fn of ['add_players', 'remove_players', 'clear_players', 'add_seasons', 'remove_seasons', 'move_seasons', 'clear_seasons']) {
    await sql.raw(`DROP FUNCTION IF EXISTS player_counts_${fn}()`).execute(db);
  }
  await sql`DROP TABLE IF EXISTS match_status_counts, player_counts`.execute(db);
  await sql`DROP INDEX IF EXISTS matches_completed_date_desc_idx, matches_season_status_date_idx, players_visible_elo_idx, players_hidden_idx`.execute(db);
}
