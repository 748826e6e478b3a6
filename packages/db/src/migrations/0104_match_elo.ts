import { sql, type Kysely } from 'kysely';

// The Elo ledger's per-match columns move out of matches into a narrow table (issue 25,
// docs/decisions/0095-fast-replay.md): Recalculate All rewrites them for ~310,000 matches, and
// a rewrite of 42 MB of narrow rows costs a fraction of one of matches' 206 MB of wide rows.
// A row exists exactly for a match that moved Elo (what elo_applied said); no row, no Elo moved.
// The triggers that queued a result's Discord post and push event when elo_applied turned true
// now fire when its row is inserted, checking the match as before.
const statements = [
  `CREATE TABLE match_elo (
    match_id uuid PRIMARY KEY REFERENCES matches (id) ON DELETE CASCADE,
    team1_elo_before integer NOT NULL,
    team2_elo_before integer NOT NULL,
    team1_elo_change integer NOT NULL,
    team2_elo_change integer NOT NULL
  ) WITH (fillfactor = 50)`,
  `COMMENT ON TABLE match_elo IS 'The Elo a match moved, one row per match that moved Elo (the Elo ledger); no row: it moved none. Kept out of matches so a replay rewrites narrow rows (fillfactor 50: its updates stay on their page).'`,
  `COMMENT ON COLUMN match_elo.team1_elo_before IS 'Team 1''s Elo just before this match (after = before + team1_elo_change).'`,
  `COMMENT ON COLUMN match_elo.team2_elo_before IS 'Team 2''s Elo just before this match (after = before + team2_elo_change).'`,
  // An applied match from before the ledger kept its changes but may lack a number (none
  // expected): 0 until the next replay rewrites it.
  `INSERT INTO match_elo (match_id, team1_elo_before, team2_elo_before, team1_elo_change, team2_elo_change)
    SELECT id, coalesce(team1_elo_before, 0), coalesce(team2_elo_before, 0), coalesce(team1_elo_change, 0), coalesce(team2_elo_change, 0)
    FROM matches WHERE elo_applied`,
  'DROP TRIGGER matches_discord_result_insert ON matches',
  'DROP TRIGGER matches_discord_result_update ON matches',
  'DROP TRIGGER matches_push_result_insert ON matches',
  'DROP TRIGGER matches_push_result_update ON matches',
  'ALTER TABLE matches DROP COLUMN elo_applied, DROP COLUMN team1_elo_before, DROP COLUMN team2_elo_before, DROP COLUMN team1_elo_change, DROP COLUMN team2_elo_change',
  // A result that starts to count, recent and completed: its Discord post and its push event
  // (only recent ones, so importing or seeding history tells nobody anything).
  // Once per statement over the inserted rows: a bulk insert (the scale seed's 310,000 entries)
  // costs one join instead of a probe per row (3.7 s -> 2.3 s for 310,000 rows when measured).
  `CREATE FUNCTION queue_match_result() RETURNS trigger LANGUAGE plpgsql AS $$
  BEGIN
    INSERT INTO discord_outbox (kind, subject_id)
      SELECT 'match', m.id FROM new_entries e JOIN matches m ON m.id = e.match_id
      WHERE m.status = 'completed' AND m.date > now() - interval '2 days';
    INSERT INTO push_events (kind, subject_id)
      SELECT 'result', m.id FROM new_entries e JOIN matches m ON m.id = e.match_id
      WHERE m.status = 'completed' AND m.date > now() - interval '2 days';
    RETURN NULL;
  END
  $$`,
  `CREATE TRIGGER match_elo_result AFTER INSERT ON match_elo REFERENCING NEW TABLE AS new_entries
    FOR EACH STATEMENT EXECUTE FUNCTION queue_match_result()`,
];

export async function up(db: Kysely<unknown>): Promise<void> {
  for (const statement of statements) await sql.raw(statement).execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`ALTER TABLE matches ADD COLUMN elo_applied boolean NOT NULL DEFAULT false, ADD COLUMN team1_elo_before integer, ADD COLUMN team2_elo_before integer, ADD COLUMN team1_elo_change integer, ADD COLUMN team2_elo_change integer`.execute(db);
  await sql`
    UPDATE matches SET elo_applied = true, team1_elo_before = e.team1_elo_before, team2_elo_before = e.team2_elo_before,
      team1_elo_change = e.team1_elo_change, team2_elo_change = e.team2_elo_change
    FROM match_elo e WHERE e.match_id = matches.id
  `.execute(db);
  await sql`DROP TABLE match_elo`.execute(db);
  await sql`DROP FUNCTION queue_match_result()`.execute(db);
  await sql.raw(`CREATE TRIGGER matches_discord_result_insert AFTER INSERT ON matches FOR EACH ROW
    WHEN (NEW.elo_applied AND NEW.status = 'completed' AND NEW.date > now() - interval '2 days')
    EXECUTE FUNCTION queue_discord_post('match')`).execute(db);
  await sql.raw(`CREATE TRIGGER matches_discord_result_update AFTER UPDATE ON matches FOR EACH ROW
    WHEN (NEW.elo_applied AND NOT OLD.elo_applied AND NEW.status = 'completed' AND NEW.date > now() - interval '2 days')
    EXECUTE FUNCTION queue_discord_post('match')`).execute(db);
  await sql.raw(`CREATE TRIGGER matches_push_result_insert AFTER INSERT ON matches FOR EACH ROW
    WHEN (NEW.elo_applied AND NEW.status = 'completed' AND NEW.date > now() - interval '2 days')
    EXECUTE FUNCTION queue_push_event('result')`).execute(db);
  await sql.raw(`CREATE TRIGGER matches_push_result_update AFTER UPDATE ON matches FOR EACH ROW
    WHEN (NEW.elo_applied AND NOT OLD.elo_applied AND NEW.status = 'completed' AND NEW.date > now() - interval '2 days')
    EXECUTE FUNCTION queue_push_event('result')`).execute(db);
}
