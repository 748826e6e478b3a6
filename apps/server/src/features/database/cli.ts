import { readFile } from 'node:fs/promises';
import { uuidParam, type RestoreBackupOutput } from '@campus-elo/api-contract';
import type { Database } from '@campus-elo/db';
import type { Kysely } from 'kysely';
import { withDatabase, type CliCommand } from '../../cli-commands';
import { loadBackup, parseBackupFile } from './backup';
import { restoreBackup } from './restore';

/** Restores a downloaded backup file or a stored backup by id (what `pnpm cli restore` runs). */
export async function restoreFrom(db: Kysely<Database>, source: { file: string } | { backupId: string }): Promise<RestoreBackupOutput> {
  if ('backupId' in source && !uuidParam.safeParse(source.backupId).success) throw new Error(`Not a backup id: ${source.backupId}`);
  const backup = 'file' in source ? parseBackupFile(JSON.parse(await readFile(source.file, 'utf8'))) : await loadBackup(db, source.backupId);
  return restoreBackup(db, backup, null);
}

/** `pnpm cli restore FILE` or `pnpm cli restore --backup ID`: puts a Clear Database backup back. */
export const restoreCommand: CliCommand = {
  name: 'restore',
  usage: 'restore FILE | restore --backup ID',
  summary: 'Restore a Clear Database backup (a downloaded JSON file or a stored backup id)',
  options: { backup: { type: 'string' } },
  async run({ config, values, positionals, log }) {
    const file = positionals[0];
    const backupId = typeof values.backup === 'string' ? values.backup : undefined;
    if (!file === !backupId) throw new Error('Give either a backup FILE or --backup ID');
    const result = await withDatabase(config, (db) => restoreFrom(db, file ? { file } : { backupId: backupId! }));
    log(result.message);
    for (const [table, rows] of Object.entries(result.restored)) log(`  ${table}: ${rows}`);
    if (result.previous_backup_id) log(`What was there before is kept as backup ${result.previous_backup_id}.`);
  },
};
