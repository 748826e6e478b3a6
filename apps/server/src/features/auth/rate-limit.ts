import type { Database } from '@campus-elo/db';
import { sql, type Kysely } from 'kysely';

export const SIGN_IN_WINDOW_MS = 15 * 60 * 1000;
export const FAILURES_PER_EMAIL = 10;
export const FAILURES_PER_ADDRESS = 30;

/**
 * Seconds to wait before the next sign-in for this email from this address, or 0 when
 * allowed: 10 failures for one email or 30 from one address within 15 minutes block it
 * until the oldest of them leaves the window. Kept in PostgreSQL, so every replica agrees.
 */
export async function signInRetryAfterSeconds(db: Kysely<Database>, email: string, ip: string, now = new Date()): Promise<number> {
  const since = new Date(now.getTime() - SIGN_IN_WINDOW_MS);
  const emailKey = email.toLowerCase();
  const row = await db
    .selectFrom('login_attempts')
    .select([
      sql<number>`count(*) filter (where lower(email) = ${emailKey})`.as('email_failures'),
      sql<Date | null>`min(created_at) filter (where lower(email) = ${emailKey})`.as('email_oldest'),
      sql<number>`count(*) filter (where ip = ${ip})`.as('address_failures'),
      sql<Date | null>`min(created_at) filter (where ip = ${ip})`.as('address_oldest'),
    ])
    .where('created_at', '>', since)
    .where((eb) => eb.or([eb(sql`lower(email)`, '=', emailKey), eb('ip', '=', ip)]))
    .executeTakeFirstOrThrow();
  const waits: number[] = [];
  if (Number(row.email_failures) >= FAILURES_PER_EMAIL && row.email_oldest) waits.push(new Date(row.email_oldest).getTime());
  if (Number(row.address_failures) >= FAILURES_PER_ADDRESS && row.address_oldest) waits.push(new Date(row.address_oldest).getTime());
  if (waits.length === 0) return 0;
  const freeAt = Math.max(...waits) + SIGN_IN_WINDOW_MS;
  return Math.max(1, Math.ceil((freeAt - now.getTime()) / 1000));
}

export async function recordFailedSignIn(db: Kysely<Database>, email: string, ip: string, now = new Date()): Promise<void> {
  const since = new Date(now.getTime() - SIGN_IN_WINDOW_MS);
  await db.transaction().execute(async (trx) => {
    // Old attempts no longer count; drop this address's so the table stays small.
    await trx.deleteFrom('login_attempts').where('ip', '=', ip).where('created_at', '<=', since).execute();
    await trx.insertInto('login_attempts').values({ email: email.toLowerCase(), ip, created_at: now }).execute();
  });
}

/** A successful sign-in forgives the email's earlier failures. */
export async function clearFailedSignIns(db: Kysely<Database>, email: string): Promise<void> {
  await db.deleteFrom('login_attempts').where(sql`lower(email)`, '=', email.toLowerCase()).execute();
}
