import {
  backupCreateInput,
  backupIdInput,
  backupListItem,
  backupListOutput,
  clearDatabaseInfoOutput,
  clearDatabaseInput,
  clearDatabaseOutput,
  fileReply,
  restoreBackupOutput,
} from '@campus-elo/api-contract';
import { ownerProcedure, router, staffProcedure } from '../../trpc';
import { backupJsonText, createBackup, listBackups, loadBackup } from './backup';
import { checkSecurityKey, clearDatabase } from './clear';
import { restoreBackup } from './restore';

const notFound = { 404: 'Backup not found' };

/** Clear Database, and the backups it writes first. */
export const databaseRouter = router({
  /** The card shows the key only while it is the demo default. */
  clearInfo: staffProcedure
    .output(clearDatabaseInfoOutput)
    .query(({ ctx }) => ({ default_key: ctx.config.clearDatabaseKeyIsDefault ? ctx.config.clearDatabaseKey : null })),
  clear: ownerProcedure
    .meta({ rest: { method: 'POST', path: '/clear-database/', summary: 'Clear the league data (a backup is written first)', tag: 'Maintenance', errors: { 403: 'Wrong security key', 429: 'Too many wrong security keys in 15 minutes' } } })
    .input(clearDatabaseInput)
    .output(clearDatabaseOutput)
    .mutation(async ({ ctx, input }) => {
      await checkSecurityKey(ctx.db, input.security_key, ctx.config.clearDatabaseKey, ctx.user);
      return clearDatabase(ctx.db, ctx.user);
    }),
  backups: ownerProcedure
    .meta({ rest: { method: 'GET', path: '/backups/', summary: 'Backups', tag: 'Maintenance' } })
    .output(backupListOutput)
    .query(async ({ ctx }) => ({ results: await listBackups(ctx.db) })),
  createBackup: ownerProcedure
    .meta({
      rest: {
        method: 'POST',
        path: '/backups/',
        summary: 'Back up now',
        description: 'Writes a backup of the league data (the tables Clear Database empties), with reason "manual" (and the note, if given).',
        tag: 'Maintenance',
        status: 201,
      },
    })
    .input(backupCreateInput)
    .output(backupListItem)
    .mutation(({ ctx, input }) => createBackup(ctx.db, ctx.user, input.note)),
  backupFile: ownerProcedure
    .meta({ rest: { method: 'GET', path: '/backups/:id/', summary: 'Download a backup', tag: 'Maintenance', reply: 'file', errors: notFound } })
    .input(backupIdInput)
    .output(fileReply)
    .query(async ({ ctx, input }) => {
      const backup = await backupJsonText(ctx.db, input.id);
      const day = backup.createdAt.toISOString().slice(0, 10);
      return {
        content_type: 'application/json; charset=utf-8',
        cache_control: 'no-store',
        filename: `campus-elo-backup-${day}-${input.id.slice(0, 8)}.json`,
        body: backup.text,
      };
    }),
  restore: ownerProcedure
    .meta({ rest: { method: 'POST', path: '/backups/:id/restore/', summary: 'Restore a backup', tag: 'Maintenance', errors: notFound } })
    .input(backupIdInput)
    .output(restoreBackupOutput)
    .mutation(async ({ ctx, input }) => restoreBackup(ctx.db, await loadBackup(ctx.db, input.id), ctx.user)),
});
