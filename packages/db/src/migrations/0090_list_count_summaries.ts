import { sql, type Kysely } from 'kysely';
import { matchStatusCountTriggers, PLAYERS_HIDDEN_INDEX, playerCountTriggers } from './0003_public_indexes';

// The totals the public lists still counted row by row at benchmark scale (decision 0069):
// matches of some statuses between two dates, the teams overall or of a season, the lines of
// a ranking snapshot, and the visible players overall or of a season. Kept by triggers in the writer's transaction, like the counters of
// 0003, which they extend and replace. An UPDATE of matches no longer hands every row to a
// statement trigger (transition tables copy each old and new row, which made Recalculate
// All's rewrite of 300,000 matches' Elo columns seconds slower): a row trigger notes only the
// rows whose status or date changed, and a statement trigger folds those notes into the
// counters, sorted, so concurrent writers take counter rows in the same order. Run one by
// one: PGlite takes one statement per query, and the function bodies contain semicolons.
const matchCounters = [
  `CREATE TABLE match_day_counts (
     status text NOT NULL,
     day date NOT NULL,
     count bigint NOT NULL DEFAULT 0,
     PRIMARY KEY (status, day)
   )`,
  `COMMENT ON COLUMN match_day_counts.count IS 'Matches per status and UTC day (undated ones only in match_status_counts), kept by triggers on matches (migration 0069): read-only for code.'`,
  `CREATE TABLE match_count_moves (
     status text NOT NULL,
     day date,
     delta integer NOT NULL
   )`,
  `COMMENT ON COLUMN match_count_moves.delta IS 'A change to the match counters noted during one statement on matches and folded in at its end: the table is empty between statements (migration 0069).'`,
  `CREATE FUNCTION match_counts_fold() RETURNS void LANGUAGE plpgsql AS $$
   BEGIN
     WITH moved AS (DELETE FROM match_count_moves RETURNING status, day, delta),
     by_status AS (
       INSERT INTO match_status_counts AS c (status, count)
         SELECT status, sum(delta) FROM moved GROUP BY status HAVING sum(delta) <> 0 ORDER BY status
         ON CONFLICT (status) DO UPDATE SET count = c.count + excluded.count
     )
     INSERT INTO match_day_counts AS c (status, day, count)
       SELECT status, day, sum(delta) FROM moved WHERE day IS NOT NULL GROUP BY status, day HAVING sum(delta) <> 0 ORDER BY status, day
       ON CONFLICT (status, day) DO UPDATE SET count = c.count + excluded.count;
   END $$`,
  `CREATE FUNCTION match_counts_inserted() RETURNS trigger LANGUAGE plpgsql AS $$
   BEGIN
     INSERT INTO match_count_moves (status, day, delta)
       SELECT status, (date AT TIME ZONE 'UTC')::date, count(*) FROM new_rows GROUP BY 1, 2;
     PERFORM match_counts_fold();
     RETURN NULL;
   END $$`,
  `CREATE FUNCTION match_counts_deleted() RETURNS trigger LANGUAGE plpgsql AS $$
   BEGIN
     INSERT INTO match_count_moves (status, day, delta)
       SELECT status, (date AT TIME ZONE 'UTC')::date, -count(*) FROM old_rows GROUP BY 1, 2;
     PERFORM match_counts_fold();
     RETURN NULL;
   END $$`,
  `CREATE FUNCTION match_counts_note_move() RETURNS trigger LANGUAGE plpgsql AS $$
   BEGIN
     INSERT INTO match_count_moves (status, day, delta) VALUES
       (OLD.status, (OLD.date AT TIME ZONE 'UTC')::date, -1),
       (NEW.status, (NEW.date AT TIME ZONE 'UTC')::date, 1);
     RETURN NULL;
   END $$`,
  `CREATE FUNCTION match_counts_updated() RETURNS trigger LANGUAGE plpgsql AS $$
   BEGIN
     PERFORM match_counts_fold();
     RETURN NULL;
   END $$`,
  `CREATE FUNCTION match_counts_cleared() RETURNS trigger LANGUAGE plpgsql AS $$
   BEGIN
     UPDATE match_status_counts SET count = 0;
     DELETE FROM match_day_counts;
     RETURN NULL;
   END $$`,
  `CREATE TRIGGER match_counts_insert AFTER INSERT ON matches
     REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION match_counts_inserted()`,
  `CREATE TRIGGER match_counts_delete AFTER DELETE ON matches
     REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION match_counts_deleted()`,
  // The WHEN clause is checked without calling the function: rewrites of other columns cost nothing.
  `CREATE TRIGGER match_counts_note_update AFTER UPDATE OF status, date ON matches FOR EACH ROW
     WHEN (OLD.status IS DISTINCT FROM NEW.status OR OLD.date IS DISTINCT FROM NEW.date)
     EXECUTE FUNCTION match_counts_note_move()`,
  `CREATE TRIGGER match_counts_update AFTER UPDATE ON matches FOR EACH STATEMENT EXECUTE FUNCTION match_counts_updated()`,
  `CREATE TRIGGER match_counts_truncate AFTER TRUNCATE ON matches FOR EACH STATEMENT EXECUTE FUNCTION match_counts_cleared()`,
  `INSERT INTO match_day_counts (status, day, count)
     SELECT status, (date AT TIME ZONE 'UTC')::date, count(*) FROM matches WHERE date IS NOT NULL GROUP BY 1, 2`,
];

// Teams overall ('all') and per season, like player_counts: a team takes part in a season
// when it has a participant row in one of its competitions, and counts once however many
// competitions it entered. season_teams keeps how many participant rows each team has in the
// season, so a team starts and stops counting exactly when its first row arrives and its
// last one goes, whatever else runs at the same time.
const teamCounters = [
  `CREATE TABLE team_counts (
     scope text PRIMARY KEY,
     count bigint NOT NULL DEFAULT 0
   )`,
  `COMMENT ON COLUMN team_counts.count IS 'Teams in this scope (''all'', or a season id: those with participants in it), kept by triggers (migration 0069): read-only for code.'`,
  `CREATE TABLE season_teams (
     season_id uuid NOT NULL,
     team_id uuid NOT NULL,
     participants integer NOT NULL,
     PRIMARY KEY (season_id, team_id)
   )`,
  `COMMENT ON COLUMN season_teams.participants IS 'Participant rows of this team in this season (one per competition entered), kept by triggers on participants (migration 0069): read-only for code.'`,
  `CREATE FUNCTION team_counts_add_teams() RETURNS trigger LANGUAGE plpgsql AS $$
   BEGIN
     INSERT INTO team_counts AS c (scope, count) SELECT 'all', count(*) FROM new_rows HAVING count(*) > 0
       ON CONFLICT (scope) DO UPDATE SET count = c.count + excluded.count;
     RETURN NULL;
   END $$`,
  `CREATE FUNCTION team_counts_remove_teams() RETURNS trigger LANGUAGE plpgsql AS $$
   BEGIN
     UPDATE team_counts SET count = count - (SELECT count(*) FROM old_rows) WHERE scope = 'all';
     RETURN NULL;
   END $$`,
  `CREATE FUNCTION team_counts_clear_teams() RETURNS trigger LANGUAGE plpgsql AS $$
   BEGIN
     DELETE FROM team_counts WHERE scope = 'all';
     RETURN NULL;
   END $$`,
  `CREATE FUNCTION season_teams_change(seasons uuid[], teams uuid[], deltas bigint[]) RETURNS void LANGUAGE plpgsql AS $$
   BEGIN
     INSERT INTO season_teams AS s (season_id, team_id, participants)
       SELECT d.season_id, d.team_id, d.delta FROM unnest(seasons, teams, deltas) AS d(season_id, team_id, delta)
       WHERE d.delta > 0 ORDER BY 1, 2
       ON CONFLICT (season_id, team_id) DO UPDATE SET participants = s.participants + excluded.participants;
     UPDATE season_teams AS s SET participants = s.participants + d.delta
       FROM (SELECT * FROM unnest(seasons, teams, deltas) AS d(season_id, team_id, delta) WHERE d.delta < 0 ORDER BY 1, 2) AS d
       WHERE s.season_id = d.season_id AND s.team_id = d.team_id;
     DELETE FROM season_teams AS s USING unnest(seasons, teams, deltas) AS d(season_id, team_id, delta)
       WHERE d.delta < 0 AND s.season_id = d.season_id AND s.team_id = d.team_id AND s.participants <= 0;
   END $$`,
  `CREATE FUNCTION season_teams_participants_added() RETURNS trigger LANGUAGE plpgsql AS $$
   BEGIN
     PERFORM season_teams_change(array_agg(season_id), array_agg(team_id), array_agg(n))
       FROM (SELECT season_id, team_id, count(*) AS n FROM new_rows GROUP BY 1, 2) AS pairs;
     RETURN NULL;
   END $$`,
  `CREATE FUNCTION season_teams_participants_removed() RETURNS trigger LANGUAGE plpgsql AS $$
   BEGIN
     PERFORM season_teams_change(array_agg(season_id), array_agg(team_id), array_agg(n))
       FROM (SELECT season_id, team_id, -count(*) AS n FROM old_rows GROUP BY 1, 2) AS pairs;
     RETURN NULL;
   END $$`,
  `CREATE FUNCTION season_teams_participants_moved() RETURNS trigger LANGUAGE plpgsql AS $$
   BEGIN
     PERFORM season_teams_change(array_agg(season_id), array_agg(team_id), array_agg(n))
       FROM (
         SELECT season_id, team_id, sum(delta)::bigint AS n FROM (
           SELECT season_id, team_id, 1 AS delta FROM new_rows
           UNION ALL
           SELECT season_id, team_id, -1 AS delta FROM old_rows
         ) AS changes
         GROUP BY 1, 2 HAVING sum(delta) <> 0
       ) AS pairs;
     RETURN NULL;
   END $$`,
  `CREATE FUNCTION season_teams_participants_cleared() RETURNS trigger LANGUAGE plpgsql AS $$
   BEGIN
     DELETE FROM season_teams;
     RETURN NULL;
   END $$`,
  `CREATE FUNCTION team_counts_add_seasons() RETURNS trigger LANGUAGE plpgsql AS $$
   BEGIN
     INSERT INTO team_counts AS c (scope, count)
       SELECT season_id::text, count(*) FROM new_rows GROUP BY season_id ORDER BY 1
       ON CONFLICT (scope) DO UPDATE SET count = c.count + excluded.count;
     RETURN NULL;
   END $$`,
  `CREATE FUNCTION team_counts_remove_seasons() RETURNS trigger LANGUAGE plpgsql AS $$
   BEGIN
     UPDATE team_counts AS c SET count = c.count - gone.count
       FROM (SELECT season_id::text AS scope, count(*) AS count FROM old_rows GROUP BY season_id ORDER BY 1) AS gone
       WHERE c.scope = gone.scope;
     RETURN NULL;
   END $$`,
  `CREATE TRIGGER team_counts_insert AFTER INSERT ON teams
     REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION team_counts_add_teams()`,
  `CREATE TRIGGER team_counts_delete AFTER DELETE ON teams
     REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION team_counts_remove_teams()`,
  `CREATE TRIGGER team_counts_truncate AFTER TRUNCATE ON teams
     FOR EACH STATEMENT EXECUTE FUNCTION team_counts_clear_teams()`,
  `CREATE TRIGGER season_teams_insert AFTER INSERT ON participants
     REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION season_teams_participants_added()`,
  `CREATE TRIGGER season_teams_delete AFTER DELETE ON participants
     REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION season_teams_participants_removed()`,
  `CREATE TRIGGER season_teams_update AFTER UPDATE ON participants
     REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION season_teams_participants_moved()`,
  `CREATE TRIGGER season_teams_truncate AFTER TRUNCATE ON participants
     FOR EACH STATEMENT EXECUTE FUNCTION season_teams_participants_cleared()`,
  `CREATE TRIGGER team_counts_insert AFTER INSERT ON season_teams
     REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION team_counts_add_seasons()`,
  `CREATE TRIGGER team_counts_delete AFTER DELETE ON season_teams
     REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION team_counts_remove_seasons()`,
  "INSERT INTO team_counts (scope, count) SELECT 'all', count(*) FROM teams HAVING count(*) > 0",
  `INSERT INTO season_teams (season_id, team_id, participants)
     SELECT season_id, team_id, count(*) FROM participants GROUP BY 1, 2`,
];

// Lines per ranking snapshot: one snapshot of a league of 60,000 teams has 54,000. Snapshot
// lines change ranking only by hand, so a row trigger follows that, and renumbering ranks
// (a merge) costs nothing.
const rankingItemCounters = [
  `CREATE TABLE ranking_item_counts (
     ranking_id uuid PRIMARY KEY,
     count bigint NOT NULL DEFAULT 0
   )`,
  `COMMENT ON COLUMN ranking_item_counts.count IS 'Lines of this ranking snapshot, kept by triggers on ranking_items (migration 0069): read-only for code.'`,
  `CREATE FUNCTION ranking_item_counts_add() RETURNS trigger LANGUAGE plpgsql AS $$
   BEGIN
     INSERT INTO ranking_item_counts AS c (ranking_id, count)
       SELECT ranking_id, count(*) FROM new_rows GROUP BY ranking_id ORDER BY ranking_id
       ON CONFLICT (ranking_id) DO UPDATE SET count = c.count + excluded.count;
     RETURN NULL;
   END $$`,
  `CREATE FUNCTION ranking_item_counts_remove() RETURNS trigger LANGUAGE plpgsql AS $$
   BEGIN
     UPDATE ranking_item_counts AS c SET count = c.count - gone.count
       FROM (SELECT ranking_id, count(*) AS count FROM old_rows GROUP BY ranking_id ORDER BY ranking_id) AS gone
       WHERE c.ranking_id = gone.ranking_id;
     RETURN NULL;
   END $$`,
  `CREATE FUNCTION ranking_item_counts_move() RETURNS trigger LANGUAGE plpgsql AS $$
   BEGIN
     UPDATE ranking_item_counts SET count = count - 1 WHERE ranking_id = OLD.ranking_id;
     INSERT INTO ranking_item_counts AS c (ranking_id, count) VALUES (NEW.ranking_id, 1)
       ON CONFLICT (ranking_id) DO UPDATE SET count = c.count + 1;
     RETURN NULL;
   END $$`,
  `CREATE FUNCTION ranking_item_counts_clear() RETURNS trigger LANGUAGE plpgsql AS $$
   BEGIN
     DELETE FROM ranking_item_counts;
     RETURN NULL;
   END $$`,
  `CREATE TRIGGER ranking_item_counts_insert AFTER INSERT ON ranking_items
     REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION ranking_item_counts_add()`,
  `CREATE TRIGGER ranking_item_counts_delete AFTER DELETE ON ranking_items
     REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION ranking_item_counts_remove()`,
  `CREATE TRIGGER ranking_item_counts_update AFTER UPDATE OF ranking_id ON ranking_items FOR EACH ROW
     WHEN (OLD.ranking_id IS DISTINCT FROM NEW.ranking_id) EXECUTE FUNCTION ranking_item_counts_move()`,
  `CREATE TRIGGER ranking_item_counts_truncate AFTER TRUNCATE ON ranking_items
     FOR EACH STATEMENT EXECUTE FUNCTION ranking_item_counts_clear()`,
  'INSERT INTO ranking_item_counts (ranking_id, count) SELECT ranking_id, count(*) FROM ranking_items GROUP BY ranking_id',
];

// Hidden players per scope beside the players, so a list of visible players takes its
// total from one row. A hidden player's seasons stop counting it just before it is deleted:
// once the delete has cascaded to player_seasons, nothing tells that it was hidden.
const playerCounters = [
  'ALTER TABLE player_counts ADD COLUMN hidden bigint NOT NULL DEFAULT 0',
  `COMMENT ON COLUMN player_counts.hidden IS 'Hidden players (visible = false) among them, kept by the same triggers (migration 0069).'`,
  `CREATE FUNCTION player_counts_players_added() RETURNS trigger LANGUAGE plpgsql AS $$
   BEGIN
     INSERT INTO player_counts AS c (scope, count, hidden)
       SELECT 'all', count(*), count(*) FILTER (WHERE NOT visible) FROM new_rows HAVING count(*) > 0
       ON CONFLICT (scope) DO UPDATE SET count = c.count + excluded.count, hidden = c.hidden + excluded.hidden;
     RETURN NULL;
   END $$`,
  `CREATE FUNCTION player_counts_players_removed() RETURNS trigger LANGUAGE plpgsql AS $$
   BEGIN
     UPDATE player_counts AS c SET count = c.count - gone.count, hidden = c.hidden - gone.hidden
       FROM (SELECT count(*) AS count, count(*) FILTER (WHERE NOT visible) AS hidden FROM old_rows) AS gone
       WHERE c.scope = 'all';
     RETURN NULL;
   END $$`,
  `CREATE FUNCTION player_counts_hidden_player_leaving() RETURNS trigger LANGUAGE plpgsql AS $$
   BEGIN
     UPDATE player_counts AS c SET hidden = c.hidden - 1
       FROM (SELECT season_id::text AS scope FROM player_seasons WHERE player_id = OLD.id ORDER BY 1) AS seasons
       WHERE c.scope = seasons.scope;
     RETURN OLD;
   END $$`,
  `CREATE FUNCTION player_counts_visibility_changed() RETURNS trigger LANGUAGE plpgsql AS $$
   BEGIN
     UPDATE player_counts AS c SET hidden = c.hidden + CASE WHEN NEW.visible THEN -1 ELSE 1 END
       FROM (SELECT 'all' AS scope UNION ALL SELECT season_id::text FROM player_seasons WHERE player_id = NEW.id ORDER BY 1) AS scopes
       WHERE c.scope = scopes.scope;
     RETURN NULL;
   END $$`,
  `CREATE FUNCTION player_counts_seasons_added() RETURNS trigger LANGUAGE plpgsql AS $$
   BEGIN
     INSERT INTO player_counts AS c (scope, count, hidden)
       SELECT n.season_id::text, count(*), count(*) FILTER (WHERE p.visible IS FALSE)
       FROM new_rows n LEFT JOIN players p ON p.id = n.player_id
       GROUP BY n.season_id ORDER BY 1
       ON CONFLICT (scope) DO UPDATE SET count = c.count + excluded.count, hidden = c.hidden + excluded.hidden;
     RETURN NULL;
   END $$`,
  // A row whose player is gone was deleted with it: player_counts_hidden_player_leaving counted it out.
  `CREATE FUNCTION player_counts_seasons_removed() RETURNS trigger LANGUAGE plpgsql AS $$
   BEGIN
     UPDATE player_counts AS c SET count = c.count - gone.count, hidden = c.hidden - gone.hidden
       FROM (
         SELECT o.season_id::text AS scope, count(*) AS count, count(*) FILTER (WHERE p.visible IS FALSE) AS hidden
         FROM old_rows o LEFT JOIN players p ON p.id = o.player_id
         GROUP BY o.season_id ORDER BY 1
       ) AS gone
       WHERE c.scope = gone.scope;
     RETURN NULL;
   END $$`,
  `CREATE FUNCTION player_counts_seasons_moved() RETURNS trigger LANGUAGE plpgsql AS $$
   BEGIN
     INSERT INTO player_counts AS c (scope, count, hidden)
       SELECT scope, sum(delta), sum(hidden) FROM (
         SELECT n.season_id::text AS scope, 1 AS delta, CASE WHEN p.visible IS FALSE THEN 1 ELSE 0 END AS hidden
         FROM new_rows n LEFT JOIN players p ON p.id = n.player_id
         UNION ALL
         SELECT o.season_id::text, -1, CASE WHEN p.visible IS FALSE THEN -1 ELSE 0 END
         FROM old_rows o LEFT JOIN players p ON p.id = o.player_id
       ) AS changes
       GROUP BY scope HAVING sum(delta) <> 0 OR sum(hidden) <> 0 ORDER BY scope
       ON CONFLICT (scope) DO UPDATE SET count = c.count + excluded.count, hidden = c.hidden + excluded.hidden;
     RETURN NULL;
   END $$`,
  `CREATE TRIGGER player_counts_insert AFTER INSERT ON players
     REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION player_counts_players_added()`,
  `CREATE TRIGGER player_counts_delete AFTER DELETE ON players
     REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION player_counts_players_removed()`,
  `CREATE TRIGGER player_counts_hidden_delete BEFORE DELETE ON players FOR EACH ROW
     WHEN (NOT OLD.visible) EXECUTE FUNCTION player_counts_hidden_player_leaving()`,
  `CREATE TRIGGER player_counts_visibility AFTER UPDATE OF visible ON players FOR EACH ROW
     WHEN (OLD.visible IS DISTINCT FROM NEW.visible) EXECUTE FUNCTION player_counts_visibility_changed()`,
  `CREATE TRIGGER player_counts_insert AFTER INSERT ON player_seasons
     REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION player_counts_seasons_added()`,
  `CREATE TRIGGER player_counts_delete AFTER DELETE ON player_seasons
     REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION player_counts_seasons_removed()`,
  `CREATE TRIGGER player_counts_update AFTER UPDATE ON player_seasons
     REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION player_counts_seasons_moved()`,
  `UPDATE player_counts AS c SET hidden = h.hidden
     FROM (
       SELECT 'all' AS scope, count(*) AS hidden FROM players WHERE NOT visible
       UNION ALL
       SELECT ps.season_id::text, count(*) FROM player_seasons ps JOIN players p ON p.id = ps.player_id WHERE NOT p.visible GROUP BY ps.season_id
     ) AS h
     WHERE c.scope = h.scope`,
];

/** The 0003 triggers and functions these replace; the truncate ones of player_counts stay. */
const replacedTriggers = [
  ['matches', ['match_status_counts_insert', 'match_status_counts_delete', 'match_status_counts_update', 'match_status_counts_truncate']],
  ['players', ['player_counts_insert', 'player_counts_delete']],
  ['player_seasons', ['player_counts_insert', 'player_counts_delete', 'player_counts_update']],
] as const;
const replacedFunctions = [
  'match_status_counts_add',
  'match_status_counts_remove',
  'match_status_counts_move',
  'match_status_counts_clear',
  'player_counts_add_players',
  'player_counts_remove_players',
  'player_counts_add_seasons',
  'player_counts_remove_seasons',
  'player_counts_move_seasons',
];

const created = [...matchCounters, ...teamCounters, ...rankingItemCounters, ...playerCounters];

async function dropTriggers(db: Kysely<unknown>, triggers: readonly (readonly [string, readonly string[]])[]): Promise<void> {
  for (const [table, names] of triggers) {
    for (const name of names) await sql`DROP TRIGGER IF EXISTS ${sql.id(name)} ON ${sql.id(table)}`.execute(db);
  }
}

export async function up(db: Kysely<unknown>): Promise<void> {
  await dropTriggers(db, replacedTriggers);
  for (const name of replacedFunctions) await sql`DROP FUNCTION IF EXISTS ${sql.id(name)}()`.execute(db);
  // The lists now take the hidden players from player_counts.
  await sql`DROP INDEX IF EXISTS players_hidden_idx`.execute(db);
  for (const statement of created) await sql.raw(statement).execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  const triggers = created.map((statement) => /^\s*CREATE TRIGGER (\w+) .*? ON (\w+)/s.exec(statement)).filter((match) => match !== null);
  await dropTriggers(db, [
    ...triggers.map((match) => [match[2]!, [match[1]!]] as const),
    // 0003's own statements below recreate these two with their functions.
    ['players', ['player_counts_truncate']],
    ['player_seasons', ['player_counts_truncate']],
  ]);
  await sql`DROP TABLE IF EXISTS match_day_counts, match_count_moves, season_teams, team_counts, ranking_item_counts`.execute(db);
  const functions = created.map((statement) => /^\s*CREATE FUNCTION (\w+)\(/.exec(statement)?.[1]).filter((name) => name !== undefined);
  for (const name of [...functions, 'player_counts_clear_players', 'player_counts_clear_seasons']) await sql`DROP FUNCTION IF EXISTS ${sql.id(name)}`.execute(db);
  await sql`ALTER TABLE player_counts DROP COLUMN IF EXISTS hidden`.execute(db);
  for (const statement of [...matchStatusCountTriggers, PLAYERS_HIDDEN_INDEX, ...playerCountTriggers]) await sql.raw(statement).execute(db);
}
