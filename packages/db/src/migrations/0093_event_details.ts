import { sql, type Kysely } from 'kysely';

// The event details sites written for the earlier site show (issue 23; docs/contract.md,
// "Events"): prize pool and its currency, entry fee, the most teams, a rules document, whether
// registration is open and until when, whether the event is featured, and its division.
// Amounts are numeric (cents exact); all may stay empty.
const statements = [
  'ALTER TABLE events ADD COLUMN prize_pool numeric(12, 2) CHECK (prize_pool IS NULL OR prize_pool >= 0)',
  `ALTER TABLE events ADD COLUMN prize_currency text NOT NULL DEFAULT 'USD' CHECK (prize_currency ~ '^[A-Z]{3}$')`,
  'ALTER TABLE events ADD COLUMN entry_fee numeric(12, 2) CHECK (entry_fee IS NULL OR entry_fee >= 0)',
  'ALTER TABLE events ADD COLUMN max_teams integer CHECK (max_teams IS NULL OR max_teams BETWEEN 2 AND 1024)',
  'ALTER TABLE events ADD COLUMN rules_url text',
  'ALTER TABLE events ADD COLUMN registration_open boolean NOT NULL DEFAULT false',
  'ALTER TABLE events ADD COLUMN registration_deadline timestamptz',
  'ALTER TABLE events ADD COLUMN featured boolean NOT NULL DEFAULT false',
  'ALTER TABLE events ADD COLUMN division text',
  "COMMENT ON COLUMN events.prize_pool IS 'The total prize pool in prize_currency, or null when there is none to show.'",
  "COMMENT ON COLUMN events.prize_currency IS 'ISO 4217 code of the prize pool and the entry fee.'",
  "COMMENT ON COLUMN events.entry_fee IS 'The entry fee per team in prize_currency, or null.'",
  "COMMENT ON COLUMN events.rules_url IS 'Link to the rules document.'",
  "COMMENT ON COLUMN events.featured IS 'Shown first in lists of events (featured=true).'",
  "COMMENT ON COLUMN events.division IS 'The division the event is for (free text, such as honors), or null.'",
];

// PGlite's extended protocol takes one statement per query, so run them one by one.
export async function up(db: Kysely<unknown>): Promise<void> {
  for (const statement of statements) await sql.raw(statement).execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql
    .raw(
      'ALTER TABLE events DROP COLUMN IF EXISTS prize_pool, DROP COLUMN IF EXISTS prize_currency, DROP COLUMN IF EXISTS entry_fee, DROP COLUMN IF EXISTS max_teams, DROP COLUMN IF EXISTS rules_url, DROP COLUMN IF EXISTS registration_open, DROP COLUMN IF EXISTS registration_deadline, DROP COLUMN IF EXISTS featured, DROP COLUMN IF EXISTS division',
    )
    .execute(db);
}
