import { sql, type Kysely } from 'kysely';

// The data version the public response cache is invalidated by (docs/architecture.md,
// "The response cache"). A sequence rather than a one-row table: nextval takes no row lock,
// so concurrent writers neither wait for each other on it nor deadlock through it.
// The function bumps it once per transaction (the setting is local to the transaction, and
// to a savepoint that rolls back) and sends the new version on channel 'data_changed', which
// PostgreSQL delivers at commit and never for a rollback. The triggers themselves are attached
// after every migration run by attachDataVersionTriggers (data-version.ts), so tables that
// later migrations create get them too.
const statements = [
  'CREATE SEQUENCE data_version',
  "COMMENT ON SEQUENCE data_version IS 'Bumped once by every transaction that writes a table with the data_version trigger; the public response cache listens on channel data_changed.'",
  `CREATE FUNCTION note_data_change() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      IF coalesce(current_setting('campus_elo.data_version', true), '') = '' THEN
        PERFORM set_config('campus_elo.data_version', nextval('data_version')::text, true);
        PERFORM pg_notify('data_changed', current_setting('campus_elo.data_version'));
      END IF;
      RETURN NULL;
    END
    $$`,
];

// PGlite's extended protocol takes one statement per query, so run them one by one.
export async function up(db: Kysely<unknown>): Promise<void> {
  for (const statement of statements) await sql.raw(statement).execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  // CASCADE drops the triggers that call it.
  await sql`DROP FUNCTION IF EXISTS note_data_change() CASCADE`.execute(db);
  await sql`DROP SEQUENCE IF EXISTS data_version`.execute(db);
}
