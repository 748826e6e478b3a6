import { sql, type Kysely } from 'kysely';

// A team takes part in a season when it entered one of the season's competitions or plays any
// of the season's matches, an event's included (packages/domain, season-place.ts). season_teams
// (migration 0090) counted only participant rows, so a team seen only in an event's matches
// was missing from the season's rankings. It now also counts the team's matches in the season;
// a row lives while either count is above 0, so team_counts, kept from its inserts and
// deletes, follows. Inserts and deletes of matches are folded per statement; an update only
// when it moves a match's season or teams, which a row trigger's WHEN sees without calling
// anything (Recalculate All rewrites every match's Elo columns). Run one by one: PGlite takes
// one statement per query.
const statements = [
  'ALTER TABLE season_teams ALTER COLUMN participants SET DEFAULT 0',
  'ALTER TABLE season_teams ADD COLUMN matches integer NOT NULL DEFAULT 0',
  `COMMENT ON COLUMN season_teams.matches IS 'Matches of this team in this season (either side), kept by triggers on matches (migration 0094): read-only for code.'`,
  `CREATE OR REPLACE FUNCTION season_teams_change(seasons uuid[], teams uuid[], deltas bigint[]) RETURNS void LANGUAGE plpgsql AS $$
   BEGIN
     INSERT INTO season_teams AS s (season_id, team_id, participants)
       SELECT d.season_id, d.team_id, d.delta FROM unnest(seasons, teams, deltas) AS d(season_id, team_id, delta)
       WHERE d.delta > 0 ORDER BY 1, 2
       ON CONFLICT (season_id, team_id) DO UPDATE SET participants = s.participants + excluded.participants;
     UPDATE season_teams AS s SET participants = s.participants + d.delta
       FROM (SELECT * FROM unnest(seasons, teams, deltas) AS d(season_id, team_id, delta) WHERE d.delta < 0 ORDER BY 1, 2) AS d
       WHERE s.season_id = d.season_id AND s.team_id = d.team_id;
     DELETE FROM season_teams AS s USING unnest(seasons, teams, deltas) AS d(season_id, team_id, delta)
       WHERE d.delta < 0 AND s.season_id = d.season_id AND s.team_id = d.team_id AND s.participants <= 0 AND s.matches <= 0;
   END $$`,
  `CREATE FUNCTION season_teams_matches_change(seasons uuid[], teams uuid[], deltas bigint[]) RETURNS void LANGUAGE plpgsql AS $$
   BEGIN
     INSERT INTO season_teams AS s (season_id, team_id, matches)
       SELECT d.season_id, d.team_id, d.delta FROM unnest(seasons, teams, deltas) AS d(season_id, team_id, delta)
       WHERE d.delta > 0 ORDER BY 1, 2
       ON CONFLICT (season_id, team_id) DO UPDATE SET matches = s.matches + excluded.matches;
     UPDATE season_teams AS s SET matches = s.matches + d.delta
       FROM (SELECT * FROM unnest(seasons, teams, deltas) AS d(season_id, team_id, delta) WHERE d.delta < 0 ORDER BY 1, 2) AS d
       WHERE s.season_id = d.season_id AND s.team_id = d.team_id;
     DELETE FROM season_teams AS s USING unnest(seasons, teams, deltas) AS d(season_id, team_id, delta)
       WHERE d.delta < 0 AND s.season_id = d.season_id AND s.team_id = d.team_id AND s.participants <= 0 AND s.matches <= 0;
   END $$`,
  `CREATE FUNCTION season_teams_matches_added() RETURNS trigger LANGUAGE plpgsql AS $$
   BEGIN
     PERFORM season_teams_matches_change(array_agg(season_id), array_agg(team_id), array_agg(n))
       FROM (
         SELECT season_id, team_id, count(*) AS n FROM (
           SELECT season_id, team1_id AS team_id FROM new_rows WHERE season_id IS NOT NULL
           UNION ALL SELECT season_id, team2_id FROM new_rows WHERE season_id IS NOT NULL
         ) AS sides GROUP BY 1, 2
       ) AS pairs;
     RETURN NULL;
   END $$`,
  `CREATE FUNCTION season_teams_matches_removed() RETURNS trigger LANGUAGE plpgsql AS $$
   BEGIN
     PERFORM season_teams_matches_change(array_agg(season_id), array_agg(team_id), array_agg(n))
       FROM (
         SELECT season_id, team_id, -count(*) AS n FROM (
           SELECT season_id, team1_id AS team_id FROM old_rows WHERE season_id IS NOT NULL
           UNION ALL SELECT season_id, team2_id FROM old_rows WHERE season_id IS NOT NULL
         ) AS sides GROUP BY 1, 2
       ) AS pairs;
     RETURN NULL;
   END $$`,
  `CREATE FUNCTION season_teams_match_moved() RETURNS trigger LANGUAGE plpgsql AS $$
   BEGIN
     PERFORM season_teams_matches_change(array_agg(season_id), array_agg(team_id), array_agg(n))
       FROM (
         SELECT season_id, team_id, sum(delta)::bigint AS n FROM (
           VALUES (NEW.season_id, NEW.team1_id, 1), (NEW.season_id, NEW.team2_id, 1), (OLD.season_id, OLD.team1_id, -1), (OLD.season_id, OLD.team2_id, -1)
         ) AS changes(season_id, team_id, delta)
         WHERE season_id IS NOT NULL
         GROUP BY 1, 2 HAVING sum(delta) <> 0
       ) AS pairs;
     RETURN NULL;
   END $$`,
  `CREATE FUNCTION season_teams_matches_cleared() RETURNS trigger LANGUAGE plpgsql AS $$
   BEGIN
     UPDATE season_teams SET matches = 0 WHERE matches <> 0;
     DELETE FROM season_teams WHERE participants <= 0;
     RETURN NULL;
   END $$`,
  `CREATE TRIGGER season_teams_matches_insert AFTER INSERT ON matches
     REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION season_teams_matches_added()`,
  `CREATE TRIGGER season_teams_matches_delete AFTER DELETE ON matches
     REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION season_teams_matches_removed()`,
  `CREATE TRIGGER season_teams_matches_update AFTER UPDATE OF season_id, team1_id, team2_id ON matches
     FOR EACH ROW WHEN (OLD.season_id IS DISTINCT FROM NEW.season_id OR OLD.team1_id <> NEW.team1_id OR OLD.team2_id <> NEW.team2_id)
     EXECUTE FUNCTION season_teams_match_moved()`,
  `CREATE TRIGGER season_teams_matches_truncate AFTER TRUNCATE ON matches
     FOR EACH STATEMENT EXECUTE FUNCTION season_teams_matches_cleared()`,
  // The matches already stored.
  `INSERT INTO season_teams AS s (season_id, team_id, matches)
     SELECT season_id, team_id, count(*) FROM (
       SELECT season_id, team1_id AS team_id FROM matches WHERE season_id IS NOT NULL
       UNION ALL SELECT season_id, team2_id FROM matches WHERE season_id IS NOT NULL
     ) AS sides GROUP BY 1, 2 ORDER BY 1, 2
     ON CONFLICT (season_id, team_id) DO UPDATE SET matches = excluded.matches`,
];

export async function up(db: Kysely<unknown>): Promise<void> {
  for (const statement of statements) await sql.raw(statement).execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const trigger of ['insert', 'delete', 'update', 'truncate']) await sql.raw(`DROP TRIGGER IF EXISTS season_teams_matches_${trigger} ON matches`).execute(db);
  for (const fn of ['season_teams_matches_added', 'season_teams_matches_removed', 'season_teams_match_moved', 'season_teams_matches_cleared']) {
    await sql.raw(`DROP FUNCTION IF EXISTS ${fn}()`).execute(db);
  }
  await sql`DROP FUNCTION IF EXISTS season_teams_matches_change(uuid[], uuid[], bigint[])`.execute(db);
  await sql`DELETE FROM season_teams WHERE participants <= 0`.execute(db);
  await sql`ALTER TABLE season_teams DROP COLUMN matches`.execute(db);
  await sql`ALTER TABLE season_teams ALTER COLUMN participants DROP DEFAULT`.execute(db);
  await sql.raw(`CREATE OR REPLACE FUNCTION season_teams_change(seasons uuid[], teams uuid[], deltas bigint[]) RETURNS void LANGUAGE plpgsql AS $$
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
   END $$`).execute(db);
}
