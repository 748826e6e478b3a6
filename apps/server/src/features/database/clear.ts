import { createHash, timingSafeEqual } from 'node:crypto';
import type { ClearDatabaseOutput } from '@campus-elo/api-contract';
import type { Database } from '@campus-elo/db';
import type { Kysely } from 'kysely';
import { recordAudit, type AuditEntry } from '../audit/record';
import { truncateClearedTables, writeBackup } from './backup';
import { forbidden } from '../../lib/errors';

export const WRONG_KEY_MESSAGE = 'The security key is not correct';

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

export function assertSecurityKey(given: string, expected: string): void {
  if (!securityKeyMatches(given, expected)) throw forbidden(WRONG_KEY_MESSAGE);
}
