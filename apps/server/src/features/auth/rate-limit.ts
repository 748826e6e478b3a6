import type { Database } from '@campus-elo/db';
import ipaddr from 'ipaddr.js';
import { sql, type Kysely } from 'kysely';

/**
 * Limits on sign-in attempts, kept in PostgreSQL (`login_attempts`) so every replica
 * agrees (docs/contract.md, "Signing in"). An attempt is admitted and recorded as a failure
 * in one transaction, before any password is checked, so parallel attempts all count; a
 * success takes the record back. Two-factor codes are admitted the same way.
 */

export const SIGN_IN_WINDOW_MS = 15 * 60 * 1000;
/** Failures for one email from one address. */
export const FAILURES_PER_EMAIL_AND_ADDRESS = 10;
/** Failures from one address, whatever the email. */
export const FAILURES_PER_ADDRESS = 30;
/** Wrong two-factor codes for one account from any address (each time the password was right). */
export const WRONG_CODES_PER_ACCOUNT = 10;
/**
 * Failures for one account from all addresses together after which a password alone is no
 * longer checked: only an attempt that also carries a two-factor or recovery code is
 * (decisions/0077). Guesses spread over many addresses stop there; the owner is not locked out.
 */
export const FAILURES_PER_ACCOUNT = 20;
/** Failures for one email from all addresses together before its answers slow down. */
export const SLOWDOWN_AFTER_FAILURES = 5;
export const MAX_SLOWDOWN_MS = 4000;

/**
 * Classes of the advisory locks that serialise admissions from one address and for one
 * account, and code checks for one account (any fixed numbers).
 */
const ADMISSION_LOCK_CLASS = 727_002;
const CODE_CHECK_LOCK_CLASS = 727_003;
const ACCOUNT_ADMISSION_LOCK_CLASS = 727_004;

export type Admission =
  | { admitted: true; attemptId: string; delayMs: number; secondFactorOnly: boolean }
  | { admitted: false; retryAfterSeconds: number };

/**
 * The address a limit counts: IPv4 as it is, an IPv6 address by its /64, which one
 * subscriber usually holds whole (an IPv4-mapped address counts as its IPv4).
 */
export function addressKey(ip: string): string {
  if (!ipaddr.isValid(ip)) return ip;
  const parsed = ipaddr.process(ip);
  if (parsed.kind() === 'ipv4') return parsed.toString();
  const parts = (parsed as ipaddr.IPv6).parts.slice(0, 4);
  return `${new ipaddr.IPv6([...parts, 0, 0, 0, 0]).toString()}/64`;
}

/**
 * How long to hold an attempt for an email that has failed `failures` times in the window,
 * from any address: nothing at first, then doubling up to a few seconds. Failures from other
 * addresses slow the owner down, but never lock them out.
 */
export function slowdownMs(failures: number): number {
  if (failures < SLOWDOWN_AFTER_FAILURES) return 0;
  return Math.min(MAX_SLOWDOWN_MS, 250 * 2 ** (failures - SLOWDOWN_AFTER_FAILURES));
}

function secondsUntil(oldest: Date | string | null, now: Date): number {
  const freeAt = new Date(oldest ?? now).getTime() + SIGN_IN_WINDOW_MS;
  return Math.max(1, Math.ceil((freeAt - now.getTime()) / 1000));
}

/**
 * Admits one sign-in attempt for `email` from `ip`, recording it as a failure, or refuses it
 * with the seconds to wait: 10 failures for the email from this address, or 30 from this
 * address, within 15 minutes refuse until the oldest of them leaves the window. Locks per
 * address and per account make check and record one step, on PostgreSQL as on PGlite.
 */
export async function admitSignInAttempt(db: Kysely<Database>, email: string, clientIp: string, now = new Date()): Promise<Admission> {
  const emailKey = email.toLowerCase();
  const ip = addressKey(clientIp);
  const since = new Date(now.getTime() - SIGN_IN_WINDOW_MS);
  return db.transaction().execute(async (trx) => {
    await sql`SELECT pg_advisory_xact_lock(${ADMISSION_LOCK_CLASS}, hashtext(${ip}))`.execute(trx);
    // Then the account's, always second (no lock cycles): parallel guesses from many addresses
    // each see the others' failures, so exactly FAILURES_PER_ACCOUNT passwords get checked.
    await sql`SELECT pg_advisory_xact_lock(${ACCOUNT_ADMISSION_LOCK_CLASS}, hashtext(${emailKey}))`.execute(trx);
    // Old attempts no longer count; drop this address's so the table stays small.
    await trx.deleteFrom('login_attempts').where('ip', '=', ip).where('created_at', '<=', since).execute();
    const counts = await trx
      .selectFrom('login_attempts')
      .select([
        sql<number>`count(*) filter (where ip = ${ip} and lower(email) = ${emailKey})`.as('pair'),
        sql<Date | null>`min(created_at) filter (where ip = ${ip} and lower(email) = ${emailKey})`.as('pair_oldest'),
        sql<number>`count(*) filter (where ip = ${ip})`.as('address'),
        sql<Date | null>`min(created_at) filter (where ip = ${ip})`.as('address_oldest'),
        sql<number>`count(*) filter (where lower(email) = ${emailKey})`.as('email'),
      ])
      .where('created_at', '>', since)
      .where((eb) => eb.or([eb(sql`lower(email)`, '=', emailKey), eb('ip', '=', ip)]))
      .executeTakeFirstOrThrow();
    const waits: number[] = [];
    if (counts.pair >= FAILURES_PER_EMAIL_AND_ADDRESS) waits.push(secondsUntil(counts.pair_oldest, now));
    if (counts.address >= FAILURES_PER_ADDRESS) waits.push(secondsUntil(counts.address_oldest, now));
    if (waits.length > 0) return { admitted: false, retryAfterSeconds: Math.max(...waits) };
    const attempt = await trx
      .insertInto('login_attempts')
      .values({ email: emailKey, ip, created_at: now })
      .returning('id')
      .executeTakeFirstOrThrow();
    const secondFactorOnly = counts.email >= FAILURES_PER_ACCOUNT;
    return { admitted: true, attemptId: attempt.id, delayMs: secondFactorOnly ? 0 : slowdownMs(counts.email), secondFactorOnly };
  });
}

/** The attempt stopped short of a verdict (a two-factor code is still needed): it was no failure. */
export async function withdrawAttempt(db: Kysely<Database>, attemptId: string): Promise<void> {
  await db.deleteFrom('login_attempts').where('id', '=', attemptId).execute();
}

/** A full success forgives this address's failures for the email (others' failures still count). */
export async function forgiveFailures(db: Kysely<Database>, email: string, ip: string): Promise<void> {
  await db.deleteFrom('login_attempts').where(sql`lower(email)`, '=', email.toLowerCase()).where('ip', '=', addressKey(ip)).execute();
}

/**
 * Admits the check of a two-factor code within an admitted attempt (the password was right,
 * or the staff member is signed in), recording it as a wrong code until it proves right, or
 * refuses it: 10 wrong codes for one account from any addresses within 15 minutes. Only
 * someone who has the password (or a session) gets here, so this limit may hold the account
 * itself. A lock per account makes check and record one step.
 */
export async function admitCodeCheck(db: Kysely<Database>, attemptId: string, email: string, now = new Date()): Promise<Admission> {
  const emailKey = email.toLowerCase();
  return db.transaction().execute(async (trx) => {
    await sql`SELECT pg_advisory_xact_lock(${CODE_CHECK_LOCK_CLASS}, hashtext(${emailKey}))`.execute(trx);
    const wrong = await trx
      .selectFrom('login_attempts')
      .select([sql<number>`count(*)`.as('count'), sql<Date | null>`min(created_at)`.as('oldest')])
      .where(sql`lower(email)`, '=', emailKey)
      .where('kind', '=', 'code')
      .where('created_at', '>', new Date(now.getTime() - SIGN_IN_WINDOW_MS))
      .executeTakeFirstOrThrow();
    if (wrong.count >= WRONG_CODES_PER_ACCOUNT) return { admitted: false, retryAfterSeconds: secondsUntil(wrong.oldest, now) };
    await trx.updateTable('login_attempts').set({ kind: 'code', created_at: now }).where('id', '=', attemptId).execute();
    return { admitted: true, attemptId, delayMs: 0, secondFactorOnly: false };
  });
}
