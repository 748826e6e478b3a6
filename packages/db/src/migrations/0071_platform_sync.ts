import { sql, type Kysely } from 'kysely';

// The scheduled sync's shared state: replicas agree on when it last ran and on a platform's
// request to wait (429 Retry-After), so it runs once per interval whichever replica is due.
const statements = [
  `CREATE TABLE platform_sync (
    id boolean PRIMARY KEY DEFAULT true CHECK (id),
    last_started_at timestamptz,
    last_finished_at timestamptz,
    not_before timestamptz,
    last_result jsonb
  )`,
  `COMMENT ON TABLE platform_sync IS 'One row: the state of the scheduled sync of matches from Faceit and Leaguespot, shared by the replicas.'`,
  `COMMENT ON COLUMN platform_sync.last_started_at IS 'When a run last began (on any replica); the next is due one interval later.'`,
  `COMMENT ON COLUMN platform_sync.not_before IS 'A platform answered 429 with a Retry-After: no run before this time.'`,
  `COMMENT ON COLUMN platform_sync.last_result IS 'What the last run did, per platform: updated, errors, or why it was skipped.'`,
  'INSERT INTO platform_sync DEFAULT VALUES',
];

export async function up(db: Kysely<unknown>): Promise<void> {
  for (const statement of statements) await sql.raw(statement).execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DROP TABLE IF EXISTS platform_sync`.execute(db);
}
