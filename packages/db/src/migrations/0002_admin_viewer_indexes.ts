import { sql, type Kysely } from 'kysely';

// The Database Viewer's default orders, so its first pages are index reads even with
// 300,000 matches: players by name, matches newest first (undated last), participants latest first.
const statements = [
  'CREATE INDEX IF NOT EXISTS players_name_idx ON players (name, id)',
  'CREATE INDEX IF NOT EXISTS matches_date_desc_idx ON matches (date DESC NULLS LAST, id DESC)',
  'CREATE INDEX IF NOT EXISTS participants_created_idx ON participants (created_at DESC, id DESC)',
];

export async function up(db: Kysely<unknown>): Promise<void> {
  for (const statement of statements) await sql.raw(statement).execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DROP INDEX IF EXISTS players_name_idx, matches_date_desc_idx, participants_created_idx`.execute(db);
}
