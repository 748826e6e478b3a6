import { sql, type Kysely } from 'kysely';

// The completed matches in ledger order, covering what the Elo ledger's bulk read takes (issue
// 25, docs/decisions/0095-fast-replay.md): the read then scans this index (about 33 MB at
// factor 100) instead of matches' 206 MB of wide rows. It takes the place of 0003's
// matches_completed_date_desc_idx: read backwards it is that index's order (date DESC NULLS
// LAST, id DESC), so the latest results are served by it as before, and matches keep as many
// indexes to update.
const statements = [
  `CREATE INDEX matches_completed_ledger_idx ON matches (date NULLS FIRST, id)
    INCLUDE (team1_id, team2_id, winner_id, season_id) WHERE status = 'completed'`,
  'DROP INDEX matches_completed_date_desc_idx',
];

export async function up(db: Kysely<unknown>): Promise<void> {
  for (const statement of statements) await sql.raw(statement).execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`CREATE INDEX matches_completed_date_desc_idx ON matches (date DESC NULLS LAST, id DESC) WHERE status = 'completed'`.execute(db);
  await sql`DROP INDEX matches_completed_ledger_idx`.execute(db);
}
