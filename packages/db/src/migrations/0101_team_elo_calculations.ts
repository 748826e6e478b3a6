import { sql, type Kysely } from 'kysely';

// Issue 25, "Why this rank": a team's rating page writes out how Calculate Team ELO reached a
// team's Elo (docs/product.md, "Team seed"). The numbers it used are kept beside the Elo they
// gave, written in the same transaction: on the adjustment Calculate Team ELO records, and on
// the team for a starting Elo set from its roster (the demo league). Shape: TeamEloCalculationRecord
// in packages/api-contract (team-rating.ts). Older rows have none.

const comments: Record<string, string> = {
  'elo_adjustments.calculation':
    "For reason 'calculate': the players (id, name then, FACEIT Elo), mean, spread, spread penalty and resulting Elo Calculate Team ELO used; null before migration 0101.",
  'teams.starting_elo_calculation':
    'When the starting Elo came from the roster: the same record as elo_adjustments.calculation. Shown only while its elo equals starting_elo.',
};

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`ALTER TABLE elo_adjustments ADD COLUMN calculation jsonb`.execute(db);
  await sql`ALTER TABLE teams ADD COLUMN starting_elo_calculation jsonb`.execute(db);
  for (const [column, text] of Object.entries(comments)) {
    await sql`COMMENT ON COLUMN ${sql.raw(column)} IS ${sql.lit(text)}`.execute(db);
  }
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`ALTER TABLE teams DROP COLUMN starting_elo_calculation`.execute(db);
  await sql`ALTER TABLE elo_adjustments DROP COLUMN calculation`.execute(db);
}
