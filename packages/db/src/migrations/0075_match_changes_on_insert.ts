import { sql, type Kysely } from 'kysely';

// A match that arrives already in progress (an import, a sync that finds a new live match)
// is news for the live stream as much as a score change of a known one: the same function
// logs and announces it. Scheduled and finished arrivals stay quiet, so importing history
// or seeding floods no stream.
const statements = [
  `CREATE TRIGGER matches_log_insert AFTER INSERT ON matches FOR EACH ROW
    WHEN (NEW.status = 'in_progress')
    EXECUTE FUNCTION log_match_change()`,
];

export async function up(db: Kysely<unknown>): Promise<void> {
  for (const statement of statements) await sql.raw(statement).execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DROP TRIGGER IF EXISTS matches_log_insert ON matches`.execute(db);
}
