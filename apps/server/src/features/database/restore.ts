import type { BackupFile, RestoreBackupOutput } from '@campus-elo/api-contract';
import type { Database } from '@campus-elo/db';
import type { Kysely } from 'kysely';
import { recordAudit, type AuditEntry } from '../audit/record';
import { clearedTablesAreEmpty, insertBackupRows, truncateClearedTables, writeBackup } from './backup';
import { DomainError } from '../../lib/errors';

const FOREIGN_KEY_VIOLATION = '23503';

/**
 * Replaces the cleared tables' contents with a backup's, in one transaction. Whatever is there
 * now is backed up first, so restoring the wrong file is itself undoable.
 */
export async function restoreBackup(db: Kysely<Database>, backup: BackupFile, actor: AuditEntry['user']): Promise<RestoreBackupOutput> {
  try {
    return await db.transaction().execute(async (trx) => {
      const previousBackupId = (await clearedTablesAreEmpty(trx)) ? null : await writeBackup(trx, 'before-restore', actor?.id ?? null);
      await truncateClearedTables(trx);
      const restored = await insertBackupRows(trx, backup);
      await recordAudit(trx, {
        user: actor,
        action: 'restore',
        entity: 'database',
        ids: previousBackupId ? [previousBackupId] : [],
        details: { backup_created_at: backup.created_at, restored, previous_backup_id: previousBackupId },
      });
      return { message: `Backup of ${backup.created_at} restored.`, restored, previous_backup_id: previousBackupId };
    });
  } catch (error) {
    if ((error as { code?: string }).code === FOREIGN_KEY_VIOLATION) {
      throw new DomainError('unprocessable', 'The backup refers to seasons or competitions that no longer exist; nothing was restored.', { cause: error });
    }
    throw error;
  }
}
