import { BACKUP_FORMAT, CLEARED_TABLES, backupFile, backupRowRules, type BackupFile, type BackupListItem, type ClearedTable } from '@campus-elo/api-contract';
import type { Database } from '@campus-elo/db';
import { sql, type Kysely, type Transaction } from 'kysely';
import { invalid, notFound } from '../../lib/errors';
import { recordAudit } from '../audit/record';

type Db = Kysely<Database> | Transaction<Database>;

// Rows are exported by PostgreSQL itself (to_jsonb) and read back with jsonb_populate_recordset,
// so every value, timestamps to the microsecond included, survives the round trip exactly.
const tablesAsJson = sql.raw(
  `jsonb_build_object(${CLEARED_TABLES.map((t) => `'${t}', COALESCE((SELECT jsonb_agg(to_jsonb(r)) FROM ${t} r), '[]'::jsonb)`).join(', ')})`,
);

/** Writes a backup of every table Clear Database empties; answers its id. */
export async function writeBackup(db: Db, reason: string, createdBy: string | null): Promise<string> {
  const row = await sql<{ id: string }>`
    INSERT INTO backups (reason, created_by, data)
    SELECT ${reason}, ${createdBy}::uuid,
      jsonb_build_object('format', ${BACKUP_FORMAT}::text, 'version', 1, 'created_at', now(), 'tables', ${tablesAsJson})
    RETURNING id
  `.execute(db);
  return row.rows[0]!.id;
}

/** 'Back up now': a backup of the league data as it is, with its audit row, in one transaction. */
export async function createBackup(db: Kysely<Database>, actor: { id: string }, note: string | undefined): Promise<BackupListItem> {
  const id = await db.transaction().execute(async (trx) => {
    const backupId = await writeBackup(trx, note ? `manual: ${note}` : 'manual', actor.id);
    await recordAudit(trx, { user: actor, action: 'backup', entity: 'database', ids: [backupId], details: { note: note ?? null } });
    return backupId;
  });
  return (await listBackups(db, id))[0]!;
}

/** True when every cleared table is empty (nothing worth a backup). */
export async function clearedTablesAreEmpty(db: Db): Promise<boolean> {
  const result = await sql<{ empty: boolean }>`
    SELECT ${sql.raw(CLEARED_TABLES.map((t) => `NOT EXISTS (SELECT 1 FROM ${t})`).join(' AND '))} AS empty
  `.execute(db);
  return result.rows[0]!.empty;
}

/**
 * Browsers' follows of the league's teams and matches, and the push events and sent records
 * about them, go with the league; they are not backed up (a restore brings the teams back,
 * and a browser follows them again). docs/decisions/0099-web-push-follows.md.
 */
export const CLEARED_WITHOUT_BACKUP = ['push_follows', 'push_reminders', 'push_events', 'push_sent'] as const;

/** Empties the cleared tables in one statement; without CASCADE, so a new table referencing them fails loudly. */
export async function truncateClearedTables(db: Db): Promise<void> {
  await sql.raw(`TRUNCATE ${[...CLEARED_TABLES, ...CLEARED_WITHOUT_BACKUP].join(', ')}`).execute(db);
}

export async function listBackups(db: Kysely<Database>, onlyId?: string): Promise<BackupListItem[]> {
  const rows = await sql<{ id: string; reason: string; created_at: Date; created_by: string | null; rows: Record<string, number> | null }>`
    SELECT b.id, b.reason, b.created_at, u.email AS created_by,
      (SELECT jsonb_object_agg(key, jsonb_array_length(value)) FROM jsonb_each(b.data -> 'tables')) AS rows
    FROM backups b LEFT JOIN users u ON u.id = b.created_by
    ${onlyId === undefined ? sql`` : sql`WHERE b.id = ${onlyId}::uuid`}
    ORDER BY b.created_at DESC, b.id
  `.execute(db);
  return rows.rows.map((r) => ({ ...r, created_at: new Date(r.created_at).toISOString(), rows: r.rows ?? {} }));
}

/** The backup as the JSON text that `pnpm cli restore FILE` reads. */
export async function backupJsonText(db: Kysely<Database>, id: string): Promise<{ text: string; createdAt: Date }> {
  const row = await sql<{ text: string; created_at: Date }>`SELECT data::text AS text, created_at FROM backups WHERE id = ${id}::uuid`.execute(db);
  const backup = row.rows[0];
  if (!backup) throw notFound('Backup not found');
  return { text: backup.text, createdAt: new Date(backup.created_at) };
}

/**
 * The first row the contract would refuse, said so staff can find it in the file:
 * 'teams row 3 (id …), name: At most 200 characters'.
 */
function refusedRow(backup: BackupFile): string | undefined {
  for (const [table, rules] of Object.entries(backupRowRules) as [keyof typeof backupRowRules, (typeof backupRowRules)[keyof typeof backupRowRules]][]) {
    for (const [index, row] of backup.tables[table].entries()) {
      const checked = rules.safeParse(row);
      if (checked.success) continue;
      const issue = checked.error.issues[0]!;
      const id = typeof row.id === 'string' || typeof row.id === 'number' ? ` (id ${row.id})` : '';
      return `${table} row ${index + 1}${id}, ${issue.path.map(String).join('.')}: ${issue.message}`;
    }
  }
  return undefined;
}

/**
 * Parses and checks a backup file; a clear 400 when it is not one, or when a row breaks a rule
 * the forms keep (a name with a line break, an Elo of -100): nothing is restored then.
 */
export function parseBackupFile(data: unknown): BackupFile {
  const parsed = backupFile.safeParse(data);
  if (!parsed.success) {
    throw invalid(`Not a ${BACKUP_FORMAT} file: ${parsed.error.issues[0]?.message ?? 'unknown shape'}`);
  }
  const refused = refusedRow(parsed.data);
  if (refused) throw invalid(`The backup holds a row the site refuses, so nothing was restored: ${refused}.`);
  return parsed.data;
}

export async function loadBackup(db: Kysely<Database>, id: string): Promise<BackupFile> {
  const row = await db.selectFrom('backups').select('data').where('id', '=', id).executeTakeFirst();
  if (!row) throw notFound('Backup not found');
  return parseBackupFile(row.data);
}

/**
 * The columns a table has now and the backup's rows carry: a backup from before a new column
 * still restores. Generated columns (the folded search names) are computed again, not written.
 */
async function restorableColumns(db: Db, table: ClearedTable, rows: readonly Record<string, unknown>[]): Promise<string[]> {
  const present = new Set(rows.flatMap((r) => Object.keys(r)));
  const columns = await sql<{ column_name: string }>`
    SELECT column_name FROM information_schema.columns
    WHERE table_schema = current_schema() AND table_name = ${table} AND is_generated = 'NEVER'
    ORDER BY ordinal_position
  `.execute(db);
  return columns.rows.map((c) => c.column_name).filter((c) => present.has(c));
}

async function insertRows(db: Db, table: ClearedTable, rows: readonly Record<string, unknown>[]): Promise<number> {
  if (rows.length === 0) return 0;
  const columns = (await restorableColumns(db, table, rows)).map((c) => `"${c}"`).join(', ');
  // OVERRIDING SYSTEM VALUE: an identity GENERATED ALWAYS (the player lines' ids) takes the backup's ids too.
  const result = await sql`
    INSERT INTO ${sql.table(table)} (${sql.raw(columns)}) OVERRIDING SYSTEM VALUE
    SELECT ${sql.raw(columns)} FROM jsonb_populate_recordset(NULL::${sql.table(table)}, ${JSON.stringify(rows)}::jsonb)
  `.execute(db);
  // Identity columns (the event tables, the player lines) took the backup's ids: move their sequences past them.
  const identity = await sql<{ sequence: string }>`SELECT pg_get_serial_sequence(${table}, 'id') AS sequence
    FROM pg_attribute WHERE attrelid = ${table}::regclass AND attname = 'id' AND attidentity <> ''`.execute(db);
  if (identity.rows[0]) await sql`SELECT setval(${identity.rows[0].sequence}::regclass, (SELECT max(id) FROM ${sql.table(table)}))`.execute(db);
  return Number(result.numAffectedRows ?? 0n);
}

/**
 * The backup's match_elo rows; a backup from before migration 0104 kept them in its matches'
 * columns (elo_applied and each side's Elo before and change).
 */
function matchEloRows(backup: BackupFile): Record<string, unknown>[] {
  const { matches, match_elo: rows } = backup.tables;
  if (rows.length > 0 || !matches.some((m) => 'elo_applied' in m)) return rows;
  return matches
    .filter((m) => m.elo_applied === true)
    .map((m) => ({
      match_id: m.id,
      team1_elo_before: m.team1_elo_before ?? 0,
      team2_elo_before: m.team2_elo_before ?? 0,
      team1_elo_change: m.team1_elo_change ?? 0,
      team2_elo_change: m.team2_elo_change ?? 0,
    }));
}

/**
 * Puts a backup's rows back into the (emptied) cleared tables. Teams and players point at each
 * other, so teams go in without their captain first and get it once the players are in.
 */
export async function insertBackupRows(db: Db, backup: BackupFile): Promise<Record<ClearedTable, number>> {
  const { tables } = backup;
  const restored = {} as Record<ClearedTable, number>;
  restored.teams = await insertRows(db, 'teams', tables.teams.map(({ captain_id: _captain, ...team }) => team));
  restored.players = await insertRows(db, 'players', tables.players);
  const captains = tables.teams.filter((t) => typeof t.captain_id === 'string');
  if (captains.length > 0) {
    await sql`
      UPDATE teams SET captain_id = c.captain_id
      FROM unnest(${captains.map((t) => t.id as string)}::uuid[], ${captains.map((t) => t.captain_id as string)}::uuid[]) AS c(id, captain_id)
      WHERE teams.id = c.id
    `.execute(db);
  }
  for (const table of CLEARED_TABLES.filter((t) => t !== 'teams' && t !== 'players')) {
    restored[table] = await insertRows(db, table, table === 'match_elo' ? matchEloRows(backup) : tables[table]);
  }
  return restored;
}
