import { sql, type Kysely } from 'kysely';

// Coalesced jobs (decision 0076): jobs sharing a key (a FACEIT webhook's refresh of one match)
// wait at most one at a time; the database refuses a second queued one, so replicas taking
// deliveries at once still queue one.
const statements = [
  'ALTER TABLE jobs ADD COLUMN coalesce_key text',
  `CREATE UNIQUE INDEX jobs_one_queued_per_coalesce_key ON jobs (coalesce_key) WHERE state = 'queued'`,
  // The webhook reads a key's last ended jobs (has its match kept failing?).
  'CREATE INDEX jobs_coalesce_key_finished_idx ON jobs (coalesce_key, finished_at DESC) WHERE coalesce_key IS NOT NULL',
  `COMMENT ON COLUMN jobs.coalesce_key IS 'Jobs with the same key wait at most one at a time: another enqueue answers the waiting job. Null: never coalesced.'`,
];

export async function up(db: Kysely<unknown>): Promise<void> {
  for (const statement of statements) await sql.raw(statement).execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DROP INDEX IF EXISTS jobs_coalesce_key_finished_idx`.execute(db);
  await sql`DROP INDEX IF EXISTS jobs_one_queued_per_coalesce_key`.execute(db);
  await sql`ALTER TABLE jobs DROP COLUMN IF EXISTS coalesce_key`.execute(db);
}
