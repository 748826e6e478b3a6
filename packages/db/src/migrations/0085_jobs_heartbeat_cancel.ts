import { sql, type Kysely } from 'kysely';

// Live background jobs (decisions/0066): the worker running a job stamps heartbeat_at every
// few seconds, so any replica can hand a dead process's job back to the queue; a cancel of a
// running job is recorded here for its worker to notice; attempt fences one run from the next.
const statements = [
  'ALTER TABLE jobs ADD COLUMN heartbeat_at timestamptz',
  'ALTER TABLE jobs ADD COLUMN cancel_requested_at timestamptz',
  'ALTER TABLE jobs ADD COLUMN attempt integer NOT NULL DEFAULT 0',
  // The reclaim scan looks only at running jobs.
  `CREATE INDEX jobs_running_heartbeat_idx ON jobs (heartbeat_at) WHERE state = 'running'`,
  `COMMENT ON COLUMN jobs.progress IS '{done, total, errors}: items done of total so far, and how many failed.'`,
  `COMMENT ON COLUMN jobs.heartbeat_at IS 'Last sign of life of the worker running the job; a stale one hands the job back to the queue.'`,
  `COMMENT ON COLUMN jobs.cancel_requested_at IS 'When staff asked to cancel the job while it ran; its worker stops at the next item.'`,
  `COMMENT ON COLUMN jobs.attempt IS 'How many times a worker claimed the job; a worker whose claim was replaced stops and writes nothing.'`,
];

export async function up(db: Kysely<unknown>): Promise<void> {
  for (const statement of statements) await sql.raw(statement).execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DROP INDEX IF EXISTS jobs_running_heartbeat_idx`.execute(db);
  await sql`ALTER TABLE jobs DROP COLUMN IF EXISTS heartbeat_at, DROP COLUMN IF EXISTS cancel_requested_at, DROP COLUMN IF EXISTS attempt`.execute(db);
  await sql`COMMENT ON COLUMN jobs.progress IS '{done, total, errors}.'`.execute(db);
}
