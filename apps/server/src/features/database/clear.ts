import { createHash, timingSafeEqual } from 'node:crypto';
import type { ClearDatabaseOutput } from '@campus-elo/api-contract';
import type { Database } from '@campus-elo/db';
import { sql, type Kysely } from 'kysely';
import { recordAudit, type AuditEntry } from '../audit/record';
import { truncateClearedTables, writeBackup } from './backup';
import { DomainError, forbidden } from '../../lib/errors';

export const WRONG_KEY_MESSAGE = 'The security key is not correct';
/** Wrong keys one owner may give in the window before Clear Database refuses to check more. */
export const WRONG_KEYS_PER_OWNER = 5;
export const WRONG_KEY_WINDOW_MS = 15 * 60 * 1000;
/** The audit action of a refused key: each is kept, and the limit counts them. */
export const WRONG_KEY_AUDIT_ACTION = 'clear-key-refused';
/** Class of the advisory lock that makes one owner's key checks take turns (any fixed number). */
const KEY_CHECK_LOCK_CLASS = 727_010;

/** Compares digests so the time taken says nothing about how much of the key was right. */
export function securityKeyMatches(given: string, expected: string): boolean {
  const digest = (text: string) => createHash('sha256').update(text).digest();
  return timingSafeEqual(digest(given), digest(expected));
}

/**
 * Backs up, then empties matches, participants, player seasons, players, teams, rankings and events (with their brackets),
 * in one transaction. Seasons, competitions, users, media and earlier backups stay.
 */
export async function clearDatabase(db: Kysely<Database>, actor: AuditEntry['user']): Promise<ClearDatabaseOutput> {
  return db.transaction().execute(async (trx) => {
    const backupId = await writeBackup(trx, 'clear-database', actor?.id ?? null);
    await truncateClearedTables(trx);
    await recordAudit(trx, { user: actor, action: 'clear', entity: 'database', ids: [backupId], details: { backup_id: backupId } });
    return { message: 'Database cleared. A backup of everything removed was saved first.', backup_id: backupId };
  });
}

/**
 * Checks the key an owner typed. Every wrong key is audited in its own transaction (it stays
 * when the request fails), and the audited refusals are the limit: past WRONG_KEYS_PER_OWNER
 * in the window, no key is checked until the oldest leaves it. A right key is audited by the
 * clear itself. The lock makes parallel guesses count one by one, on every replica.
 */
export async function checkSecurityKey(db: Kysely<Database>, given: string, expected: string, owner: { id: string }, now = new Date()): Promise<void> {
  const refusal = await db.transaction().execute(async (trx) => {
    await sql`SELECT pg_advisory_xact_lock(${KEY_CHECK_LOCK_CLASS}, hashtext(${owner.id}))`.execute(trx);
    const since = new Date(now.getTime() - WRONG_KEY_WINDOW_MS);
    const refused = await trx
      .selectFrom('audit_log')
      .select([sql<number>`count(*)`.as('count'), sql<Date | null>`min(created_at)`.as('oldest')])
      .where('user_id', '=', owner.id)
      .where('action', '=', WRONG_KEY_AUDIT_ACTION)
      .where('created_at', '>', since)
      .executeTakeFirstOrThrow();
    if (Number(refused.count) >= WRONG_KEYS_PER_OWNER) {
      const freeAt = new Date(refused.oldest ?? now).getTime() + WRONG_KEY_WINDOW_MS;
      return { limited: true, retryAfterSeconds: Math.max(1, Math.ceil((freeAt - now.getTime()) / 1000)) } as const;
    }
    if (securityKeyMatches(given, expected)) return null;
    await recordAudit(trx, { user: owner, action: WRONG_KEY_AUDIT_ACTION, entity: 'database', ids: [] });
    return { limited: false } as const;
  });
  if (!refusal) return;
  if (refusal.limited) {
    const minutes = Math.ceil(refusal.retryAfterSeconds / 60);
    throw new DomainError('rate_limited', `Too many wrong security keys: try again in ${minutes} minute${minutes === 1 ? '' : 's'}`, {
      retryAfterSeconds: refusal.retryAfterSeconds,
    });
  }
  throw forbidden(WRONG_KEY_MESSAGE);
}
