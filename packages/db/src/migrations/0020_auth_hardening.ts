import { sql, type Kysely } from 'kysely';

// Sessions keyed by the SHA-256 of their token, sign-in attempts that know a wrong password
// from a wrong two-factor code, and two-factor sign-in (TOTP) for staff.
const ddl = `
    DELETE FROM sessions;
    COMMENT ON COLUMN sessions.id IS 'SHA-256 (hex) of the session token; the token itself is never stored. Rows from before migration 0020 held tokens and were deleted.';

    ALTER TABLE login_attempts ADD COLUMN kind text NOT NULL DEFAULT 'password' CHECK (kind IN ('password', 'code'));
    COMMENT ON COLUMN login_attempts.kind IS '''password'': recorded when the attempt is admitted, kept when the password was wrong; ''code'': the password was right, the two-factor code wrong.';

    CREATE TABLE totp_credentials (
      user_id uuid PRIMARY KEY REFERENCES users (id) ON DELETE CASCADE,
      secret text NOT NULL,
      enabled_at timestamptz,
      last_used_step bigint,
      created_at timestamptz NOT NULL DEFAULT now()
    );
    COMMENT ON COLUMN totp_credentials.secret IS 'Base32 TOTP secret (RFC 6238: SHA-1, 6 digits, 30 s).';
    COMMENT ON COLUMN totp_credentials.enabled_at IS 'When a code confirmed the enrolment; null while the staff member is still setting it up.';
    COMMENT ON COLUMN totp_credentials.last_used_step IS 'Time step (unix seconds / 30) of the last accepted code: a code is never accepted twice.';

    CREATE TABLE recovery_codes (
      id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
      user_id uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
      code_hash text NOT NULL UNIQUE,
      used_at timestamptz
    );
    CREATE INDEX recovery_codes_user_idx ON recovery_codes (user_id);
    COMMENT ON COLUMN recovery_codes.code_hash IS 'SHA-256 (hex) of the code, lower case without dashes; the code is shown once.';

    CREATE TABLE security_settings (
      id boolean PRIMARY KEY DEFAULT true CHECK (id),
      two_factor_required boolean NOT NULL DEFAULT false,
      updated_at timestamptz NOT NULL DEFAULT now()
    );
    COMMENT ON TABLE security_settings IS 'One row: the sign-in rules the owner sets in the admin panel.';
    INSERT INTO security_settings DEFAULT VALUES;
`;

// PGlite's extended protocol takes one statement per query, so run them one by one.
export async function up(db: Kysely<unknown>): Promise<void> {
  for (const statement of ddl.split(/;\s*\n/)) {
    if (statement.trim()) await sql.raw(statement).execute(db);
  }
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DROP TABLE IF EXISTS security_settings, recovery_codes, totp_credentials`.execute(db);
  await sql`ALTER TABLE login_attempts DROP COLUMN IF EXISTS kind`.execute(db);
  await sql`COMMENT ON COLUMN sessions.id IS NULL`.execute(db);
}
