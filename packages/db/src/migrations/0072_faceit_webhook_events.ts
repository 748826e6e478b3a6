import { sql, type Kysely } from 'kysely';

// FACEIT redelivers a webhook until it is answered, with the same event_id: the ids handled
// are kept so a redelivery changes nothing.
const statements = [
  `CREATE TABLE faceit_webhook_events (
    event_id text PRIMARY KEY,
    event text NOT NULL,
    match_id uuid,
    received_at timestamptz NOT NULL DEFAULT now()
  )`,
  'CREATE INDEX faceit_webhook_events_received_at_idx ON faceit_webhook_events (received_at)',
  `COMMENT ON TABLE faceit_webhook_events IS 'FACEIT webhook deliveries handled (by event_id), so a redelivery is recognised. Kept 7 days.'`,
  // No foreign key: Clear Database truncates matches, and an old event id means nothing either way.
  `COMMENT ON COLUMN faceit_webhook_events.match_id IS 'Our match the event was about (no foreign key).'`,
];

export async function up(db: Kysely<unknown>): Promise<void> {
  for (const statement of statements) await sql.raw(statement).execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DROP TABLE IF EXISTS faceit_webhook_events`.execute(db);
}
