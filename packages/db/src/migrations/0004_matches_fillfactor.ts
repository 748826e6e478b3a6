import { sql, type Kysely } from 'kysely';

// "Recalculate all Elo" rewrites the Elo columns of every completed match in one transaction.
// Those columns are in no index, so with half of each page kept free PostgreSQL can write each
// new row version beside the old one (a HOT update) instead of adding an entry to each of the
// table's dozen indexes: 300,000 matches take seconds instead of a minute (apps/server/bench).
// Keep team1_elo_change, team2_elo_change and elo_applied out of indexes for the same reason.
// The setting applies to pages written from now on; a table that has been rewritten once
// ends up with this much free space anyway.
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`ALTER TABLE matches SET (fillfactor = 50)`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`ALTER TABLE matches RESET (fillfactor)`.execute(db);
}
