import { sql, type Kysely } from 'kysely';

// Follow a team without an account (issue 28, docs/decisions/0099-web-push-follows.md): a
// browser's push subscription, the teams it follows with what it wants to hear, its
// reminders for single matches, the events to tell followers about (queued by triggers in
// the writing transaction, whoever the writer is, as the Discord outbox), and one row per
// notification sent, whose key makes a second send of it impossible.
const statements = [
  `CREATE TABLE push_vapid_keys (
    id boolean PRIMARY KEY DEFAULT true CHECK (id),
    public_key text NOT NULL,
    private_key text NOT NULL,
    created_at timestamptz NOT NULL DEFAULT now()
  )`,
  `COMMENT ON TABLE push_vapid_keys IS 'The server''s VAPID key pair, made once on first use (unless PUSH_VAPID_* are configured); one row.'`,
  `CREATE TABLE push_subscriptions (
    id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
    endpoint text NOT NULL UNIQUE,
    p256dh text NOT NULL,
    auth text NOT NULL,
    created_at timestamptz NOT NULL DEFAULT now(),
    last_sent_at timestamptz,
    window_started_at timestamptz,
    sent_in_window integer NOT NULL DEFAULT 0
  )`,
  `COMMENT ON TABLE push_subscriptions IS 'A browser''s Web Push subscription: where to send and its keys; nothing about the person.'`,
  `COMMENT ON COLUMN push_subscriptions.sent_in_window IS 'Notifications sent since window_started_at: the per-subscription rate limit.'`,
  `CREATE TABLE push_follows (
    subscription_id uuid NOT NULL REFERENCES push_subscriptions (id) ON DELETE CASCADE,
    team_id uuid NOT NULL REFERENCES teams (id) ON DELETE CASCADE,
    starting_soon boolean NOT NULL,
    minutes_before integer NOT NULL CHECK (minutes_before BETWEEN 5 AND 1440),
    started boolean NOT NULL,
    result boolean NOT NULL,
    rank_change boolean NOT NULL,
    created_at timestamptz NOT NULL DEFAULT now(),
    PRIMARY KEY (subscription_id, team_id)
  )`,
  'CREATE INDEX push_follows_team_idx ON push_follows (team_id)',
  `CREATE TABLE push_reminders (
    subscription_id uuid NOT NULL REFERENCES push_subscriptions (id) ON DELETE CASCADE,
    match_id uuid NOT NULL,
    minutes_before integer NOT NULL CHECK (minutes_before BETWEEN 5 AND 1440),
    created_at timestamptz NOT NULL DEFAULT now(),
    PRIMARY KEY (subscription_id, match_id)
  )`,
  'CREATE INDEX push_reminders_match_idx ON push_reminders (match_id)',
  // No foreign key to matches: writers and tests that empty matches need not know of reminders;
  // the sender drops reminders of matches gone or no longer scheduled (features/push/send.ts).
  `COMMENT ON TABLE push_reminders IS 'Remind me: one scheduled match, for one browser; dropped once the match is no longer scheduled.'`,
  `CREATE TABLE push_events (
    id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
    kind text NOT NULL CHECK (kind IN ('started', 'result', 'ranking')),
    subject_id uuid NOT NULL,
    created_at timestamptz NOT NULL DEFAULT now(),
    handled_at timestamptz
  )`,
  'CREATE INDEX push_events_pending_idx ON push_events (id) WHERE handled_at IS NULL',
  `COMMENT ON TABLE push_events IS 'What followers are told about: a match that started, a result that counts, a ranking snapshot; subject_id is the match or ranking.'`,
  `CREATE TABLE push_sent (
    subscription_id uuid NOT NULL REFERENCES push_subscriptions (id) ON DELETE CASCADE,
    event_key text NOT NULL,
    sent_at timestamptz NOT NULL DEFAULT now(),
    PRIMARY KEY (subscription_id, event_key)
  )`,
  'CREATE INDEX push_sent_sent_at_idx ON push_sent (sent_at)',
  `COMMENT ON TABLE push_sent IS 'One row per notification, written before it is sent: a second sender (another replica, a redelivered webhook) finds it and sends nothing.'`,
  `CREATE FUNCTION queue_push_event() RETURNS trigger LANGUAGE plpgsql AS $$
  BEGIN
    INSERT INTO push_events (kind, subject_id) VALUES (TG_ARGV[0], NEW.id);
    RETURN NULL;
  END
  $$`,
  // Only recent matches and snapshots: importing or seeding history tells nobody anything.
  `CREATE TRIGGER matches_push_started_insert AFTER INSERT ON matches FOR EACH ROW
    WHEN (NEW.status = 'in_progress' AND NEW.date > now() - interval '1 day')
    EXECUTE FUNCTION queue_push_event('started')`,
  `CREATE TRIGGER matches_push_started_update AFTER UPDATE ON matches FOR EACH ROW
    WHEN (NEW.status = 'in_progress' AND OLD.status <> 'in_progress' AND NEW.date > now() - interval '1 day')
    EXECUTE FUNCTION queue_push_event('started')`,
  `CREATE TRIGGER matches_push_result_insert AFTER INSERT ON matches FOR EACH ROW
    WHEN (NEW.elo_applied AND NEW.status = 'completed' AND NEW.date > now() - interval '2 days')
    EXECUTE FUNCTION queue_push_event('result')`,
  `CREATE TRIGGER matches_push_result_update AFTER UPDATE ON matches FOR EACH ROW
    WHEN (NEW.elo_applied AND NOT OLD.elo_applied AND NEW.status = 'completed' AND NEW.date > now() - interval '2 days')
    EXECUTE FUNCTION queue_push_event('result')`,
  `CREATE TRIGGER rankings_push_snapshot AFTER INSERT ON rankings FOR EACH ROW
    WHEN (NEW.date > now() - interval '2 days')
    EXECUTE FUNCTION queue_push_event('ranking')`,
];

export async function up(db: Kysely<unknown>): Promise<void> {
  for (const statement of statements) await sql.raw(statement).execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const trigger of ['matches_push_started_insert', 'matches_push_started_update', 'matches_push_result_insert', 'matches_push_result_update']) {
    await sql.raw(`DROP TRIGGER IF EXISTS ${trigger} ON matches`).execute(db);
  }
  await sql`DROP TRIGGER IF EXISTS rankings_push_snapshot ON rankings`.execute(db);
  await sql`DROP FUNCTION IF EXISTS queue_push_event()`.execute(db);
  for (const table of ['push_sent', 'push_events', 'push_reminders', 'push_follows', 'push_subscriptions', 'push_vapid_keys']) {
    await sql.raw(`DROP TABLE IF EXISTS ${table}`).execute(db);
  }
}
