import { sql, type Kysely } from 'kysely';

// Follow and reminder writes counted per address in the database, so that the limit holds
// across replicas (issue 28, docs/decisions/0099-web-push-follows.md): one row per address
// (an IPv6 /64), its window's start and the writes in it; rows of past windows are dropped
// by the push sender's turn.
const statements = [
  `CREATE TABLE push_write_windows (
    address text PRIMARY KEY,
    window_started_at timestamptz NOT NULL,
    writes integer NOT NULL CHECK (writes >= 1)
  )`,
  `COMMENT ON TABLE push_write_windows IS 'Follow and reminder writes per address (IPv6 by /64) in the current window: the limit on them, shared by every replica.'`,
];

export async function up(db: Kysely<unknown>): Promise<void> {
  for (const statement of statements) await sql.raw(statement).execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DROP TABLE IF EXISTS push_write_windows`.execute(db);
}
