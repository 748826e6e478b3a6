import { sql, type Kysely } from 'kysely';

// The live stream (GET /v1/public/stream): every change of a match's status or score, by any
// writer, is logged and announced with NOTIFY by the database itself, so no code path can
// forget to and every replica hears it. The log gives each change a global id, so a stream
// that reconnects to any replica resumes with Last-Event-ID; the server prunes it.
const statements = [
  `CREATE TABLE match_changes (
    id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
    match_id uuid NOT NULL,
    changed_at timestamptz NOT NULL DEFAULT now()
  )`,
  `COMMENT ON TABLE match_changes IS 'Recent changes of a match''s status or score, written by a trigger on matches: the live stream''s event ids. Pruned after some minutes.'`,
  `COMMENT ON COLUMN match_changes.id IS 'The event id the live stream sends (SSE id:), increasing across replicas.'`,
  `COMMENT ON COLUMN match_changes.match_id IS 'The match that changed; no foreign key: the changes of a deleted match simply find nothing.'`,
  `CREATE FUNCTION log_match_change() RETURNS trigger LANGUAGE plpgsql AS $$
  DECLARE
    change_id bigint;
  BEGIN
    INSERT INTO match_changes (match_id) VALUES (NEW.id) RETURNING id INTO change_id;
    -- Delivered when the transaction commits, and not at all if it rolls back.
    PERFORM pg_notify('match_changes', change_id::text || ' ' || NEW.id::text);
    RETURN NULL;
  END
  $$`,
  // The WHEN clause is checked without calling the function, so bulk rewrites of other
  // columns (Recalculate All) cost nothing here.
  `CREATE TRIGGER matches_log_change AFTER UPDATE ON matches FOR EACH ROW
    WHEN (OLD.status IS DISTINCT FROM NEW.status
      OR OLD.score_team1 IS DISTINCT FROM NEW.score_team1
      OR OLD.score_team2 IS DISTINCT FROM NEW.score_team2)
    EXECUTE FUNCTION log_match_change()`,
];

export async function up(db: Kysely<unknown>): Promise<void> {
  // PGlite's extended protocol takes one statement per query.
  for (const statement of statements) await sql.raw(statement).execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DROP TRIGGER IF EXISTS matches_log_change ON matches`.execute(db);
  await sql`DROP FUNCTION IF EXISTS log_match_change()`.execute(db);
  await sql`DROP TABLE IF EXISTS match_changes`.execute(db);
}
