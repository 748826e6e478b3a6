import { sql, type Kysely } from 'kysely';

// Discord posts (DISCORD_WEBHOOK_URL): a result that starts to count and a new ranking
// snapshot are queued by triggers, in the writing transaction, whoever the writer is; the
// server delivers them with retries, never inside the write. Only recent ones are queued, so
// importing or seeding history posts nothing.
const statements = [
  `CREATE TABLE discord_outbox (
    id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
    kind text NOT NULL CHECK (kind IN ('match', 'ranking')),
    subject_id uuid NOT NULL,
    created_at timestamptz NOT NULL DEFAULT now(),
    attempts integer NOT NULL DEFAULT 0,
    next_attempt_at timestamptz NOT NULL DEFAULT now(),
    sent_at timestamptz,
    failed_at timestamptz,
    last_error text
  )`,
  'CREATE INDEX discord_outbox_pending_idx ON discord_outbox (next_attempt_at) WHERE sent_at IS NULL AND failed_at IS NULL',
  `COMMENT ON TABLE discord_outbox IS 'Discord posts to deliver: a completed match (its result and Elo changes) or a ranking snapshot (its top 10).'`,
  `COMMENT ON COLUMN discord_outbox.subject_id IS 'The match or the ranking; read when the post is sent.'`,
  `COMMENT ON COLUMN discord_outbox.next_attempt_at IS 'Not before this; moved on when a sender claims the row and after each failure.'`,
  `CREATE FUNCTION queue_discord_post() RETURNS trigger LANGUAGE plpgsql AS $$
  BEGIN
    INSERT INTO discord_outbox (kind, subject_id) VALUES (TG_ARGV[0], NEW.id);
    RETURN NULL;
  END
  $$`,
  `CREATE TRIGGER matches_discord_result_insert AFTER INSERT ON matches FOR EACH ROW
    WHEN (NEW.elo_applied AND NEW.status = 'completed' AND NEW.date > now() - interval '2 days')
    EXECUTE FUNCTION queue_discord_post('match')`,
  `CREATE TRIGGER matches_discord_result_update AFTER UPDATE ON matches FOR EACH ROW
    WHEN (NEW.elo_applied AND NOT OLD.elo_applied AND NEW.status = 'completed' AND NEW.date > now() - interval '2 days')
    EXECUTE FUNCTION queue_discord_post('match')`,
  `CREATE TRIGGER rankings_discord_snapshot AFTER INSERT ON rankings FOR EACH ROW
    WHEN (NEW.date > now() - interval '2 days')
    EXECUTE FUNCTION queue_discord_post('ranking')`,
];

export async function up(db: Kysely<unknown>): Promise<void> {
  for (const statement of statements) await sql.raw(statement).execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DROP TRIGGER IF EXISTS matches_discord_result_insert ON matches`.execute(db);
  await sql`DROP TRIGGER IF EXISTS matches_discord_result_update ON matches`.execute(db);
  await sql`DROP TRIGGER IF EXISTS rankings_discord_snapshot ON rankings`.execute(db);
  await sql`DROP FUNCTION IF EXISTS queue_discord_post()`.execute(db);
  await sql`DROP TABLE IF EXISTS discord_outbox`.execute(db);
}
