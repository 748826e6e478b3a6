import {
  backupIdInput,
  backupListOutput,
  clearDatabaseInfoOutput,
  clearDatabaseInput,
  clearDatabaseOutput,
  restoreBackupOutput,
} from '@campus-elo/api-contract';
import { z } from 'zod';
import { ownerProcedure, router, staffProcedure } from '../../trpc';
import { backupJsonText, listBackups, loadBackup } from './backup';
import { assertSecurityKey, clearDatabase } from './clear';
import { restoreBackup } from './restore';

export const clearDatabaseRouter = router({
  /** The card shows the key only while it is the demo default. */
  info: staffProcedure
    .output(clearDatabaseInfoOutput)
    .query(({ ctx }) => ({ default_key: ctx.config.clearDatabaseKeyIsDefault ? ctx.config.clearDatabaseKey : null })),
  clear: ownerProcedure
    .input(clearDatabaseInput)
    .output(clearDatabaseOutput)
    .mutation(({ ctx, input }) => {
      assertSecurityKey(input.security_key, ctx.config.clearDatabaseKey);
      return clearDatabase(ctx.db, ctx.user);
    }),
  backups: ownerProcedure.output(backupListOutput).query(async ({ ctx }) => ({ results: await listBackups(ctx.db) })),
  /** The backup file's text, for GET /v1/backups/{id}/. */
  backupFile: ownerProcedure
    .input(backupIdInput)
    .output(z.object({ text: z.string(), created_at: z.string() }))
    .query(async ({ ctx, input }) => {
      const backup = await backupJsonText(ctx.db, input.id);
      return { text: backup.text, created_at: backup.createdAt.toISOString() };
    }),
  restore: ownerProcedure
    .input(backupIdInput)
    .output(restoreBackupOutput)
    .mutation(async ({ ctx, input }) => restoreBackup(ctx.db, await loadBackup(ctx.db, input.id), ctx.user)),
});
