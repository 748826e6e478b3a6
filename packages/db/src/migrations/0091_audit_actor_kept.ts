import { sql, type Kysely } from 'kysely';

// An audit entry keeps who made it after the staff account is deleted: audit_log.user_id
// is set to null with the account (its foreign key), so each entry also copies the actor's
// id and email when written (apps/server/src/features/audit/record.ts).
const statements = [
  'ALTER TABLE audit_log ADD COLUMN actor_id uuid',
  'ALTER TABLE audit_log ADD COLUMN actor_email text',
  `UPDATE audit_log SET actor_id = users.id, actor_email = users.email FROM users WHERE users.id = audit_log.user_id`,
  // The Activity tab filters by staff member, deleted ones included.
  'CREATE INDEX audit_log_actor_created_idx ON audit_log (actor_id, created_at DESC)',
  `COMMENT ON COLUMN audit_log.actor_id IS 'The staff member who made the change, kept when their account is deleted (user_id is then null).'`,
  `COMMENT ON COLUMN audit_log.actor_email IS 'That staff member''s email when the entry was written.'`,
];

export async function up(db: Kysely<unknown>): Promise<void> {
  for (const statement of statements) await sql.raw(statement).execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DROP INDEX IF EXISTS audit_log_actor_created_idx`.execute(db);
  await sql`ALTER TABLE audit_log DROP COLUMN IF EXISTS actor_id, DROP COLUMN IF EXISTS actor_email`.execute(db);
}
