import { sql, type Kysely } from 'kysely';

// Background jobs: pg-boss (schema pgboss, created by pg-boss itself) queues and runs them;
// this table is what staff see of each: kind, state, progress, result and failed items.
const statements = [
  `CREATE TABLE jobs (
    id uuid PRIMARY KEY,
    kind text NOT NULL,
    state text NOT NULL DEFAULT 'queued' CHECK (state IN ('queued', 'running', 'done', 'failed', 'cancelled')),
    input jsonb NOT NULL,
    progress jsonb NOT NULL DEFAULT '{"done": 0, "total": 0, "errors": 0}',
    result jsonb,
    errors jsonb NOT NULL DEFAULT '[]',
    created_by uuid REFERENCES users (id) ON DELETE SET NULL,
    created_at timestamptz NOT NULL DEFAULT now(),
    started_at timestamptz,
    finished_at timestamptz
  )`,
  'CREATE INDEX jobs_created_at_idx ON jobs (created_at DESC, id DESC)',
  `COMMENT ON TABLE jobs IS 'Long staff tools run in the background (pg-boss job id = id): what the Jobs list shows.'`,
  `COMMENT ON COLUMN jobs.kind IS 'import, update_matches, update_player_elo, calculate_team_elo or recalculate_elo.'`,
  `COMMENT ON COLUMN jobs.input IS 'The tool''s input, as its endpoint takes it.'`,
  `COMMENT ON COLUMN jobs.progress IS '{done, total, errors}.'`,
  `COMMENT ON COLUMN jobs.result IS 'The tool''s answer once done.'`,
  `COMMENT ON COLUMN jobs.errors IS '[{item, reason}]: failed items, or why the job failed.'`,
];

export async function up(db: Kysely<unknown>): Promise<void> {
  for (const statement of statements) await sql.raw(statement).execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DROP TABLE IF EXISTS jobs`.execute(db);
}
