import type { AuditEntry, auditListInput, Paged } from '@campus-elo/api-contract';
import type { Database } from '@campus-elo/db';
import { sql, type Kysely } from 'kysely';
import type { z } from 'zod';
import { pageWindow, toPaged } from '../../lib/paging';

type AuditFilters = z.output<typeof auditListInput>;

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

/** Columns the database keeps for itself (folded search names, timestamps): never shown to staff as a change. */
const INTERNAL_FIELDS = new Set(['id', 'search_name', 'search_school', 'created_at', 'updated_at', 'password_hash']);

/** The fields that differ between a record's `before` and `after` (either may be null: a create or a delete). */
export function auditChanges(details: unknown): AuditEntry['changes'] {
  if (!isRecord(details) || !('before' in details || 'after' in details)) return [];
  const before = isRecord(details.before) ? details.before : {};
  const after = isRecord(details.after) ? details.after : {};
  const fields = [...new Set([...Object.keys(before), ...Object.keys(after)])].filter((f) => !INTERNAL_FIELDS.has(f));
  return fields
    .filter((f) => JSON.stringify(before[f] ?? null) !== JSON.stringify(after[f] ?? null))
    .map((field) => ({ field, before: before[field] ?? null, after: after[field] ?? null }));
}

/** Id fields of a change, and the table whose name stands for the id. */
const NAMED_IDS: Record<string, 'teams' | 'seasons' | 'competitions'> = {
  team_id: 'teams',
  team1_id: 'teams',
  team2_id: 'teams',
  winner_id: 'teams',
  season_id: 'seasons',
  competition_id: 'competitions',
};

/** Changes with the ids of teams, seasons and competitions written as their names (staff read names, not ids). */
async function withNames(db: Kysely<Database>, entries: AuditEntry['changes'][]): Promise<AuditEntry['changes'][]> {
  const wanted: Record<'teams' | 'seasons' | 'competitions', Set<string>> = { teams: new Set(), seasons: new Set(), competitions: new Set() };
  const isId = (value: unknown): value is string => typeof value === 'string' && /^[0-9a-f-]{36}$/i.test(value);
  for (const changes of entries) {
    for (const change of changes) {
      const table = NAMED_IDS[change.field];
      if (!table) continue;
      for (const value of [change.before, change.after]) if (isId(value)) wanted[table].add(value);
    }
  }
  const names = new Map<string, string>();
  for (const table of ['teams', 'seasons', 'competitions'] as const) {
    const ids = [...wanted[table]];
    if (ids.length === 0) continue;
    for (const row of await db.selectFrom(table).select(['id', 'name']).where('id', 'in', ids).execute()) names.set(row.id, row.name);
  }
  const named = (field: string, value: unknown) => (NAMED_IDS[field] && isId(value) ? (names.get(value) ?? 'a deleted one') : value);
  return entries.map((changes) => changes.map((c) => ({ field: c.field, before: named(c.field, c.before), after: named(c.field, c.after) })));
}

/** The audit log, newest first, filtered by staff member and action. */
export async function listAudit(db: Kysely<Database>, input: AuditFilters): Promise<Paged<AuditEntry>> {
  let filtered = db.selectFrom('audit_log');
  if (input.actor) filtered = filtered.where('audit_log.actor_id', '=', input.actor);
  if (input.action) filtered = filtered.where('audit_log.action', '=', input.action);
  const { limit, offset } = pageWindow(input);
  const [{ count }, rows] = await Promise.all([
    filtered.select((eb) => eb.fn.countAll<number>().as('count')).executeTakeFirstOrThrow(),
    filtered
      .leftJoin('users', 'users.id', 'audit_log.actor_id')
      // Writes that made an Elo run name it in their details (runs.ts).
      .leftJoin('elo_runs', (join) => join.on(sql`elo_runs.id::text`, '=', sql`audit_log.details ->> 'elo_run_id'`))
      .select([
        'audit_log.id',
        'audit_log.created_at',
        'audit_log.action',
        'audit_log.entity',
        'audit_log.entity_ids',
        'audit_log.details',
        'audit_log.actor_id',
        // The account's email now, else the one kept when the entry was written.
        sql<string | null>`coalesce(users.email, audit_log.actor_email)`.as('email'),
        'elo_runs.id as elo_run_id',
        'elo_runs.undone_at as elo_run_undone_at',
      ])
      .orderBy('audit_log.created_at', 'desc')
      .orderBy('audit_log.id', 'desc')
      .limit(limit)
      .offset(offset)
      .execute(),
  ]);
  const changes = await withNames(db, rows.map((row) => auditChanges(row.details)));
  return toPaged(
    {
      count,
      results: rows.map((row, index) => ({
        id: row.id,
        at: row.created_at.toISOString(),
        actor: row.actor_id && row.email ? { id: row.actor_id, email: row.email } : null,
        action: row.action,
        entity: row.entity,
        entity_ids: row.entity_ids,
        changes: changes[index] ?? [],
        details: row.details ?? null,
        elo_run: row.elo_run_id ? { id: row.elo_run_id, undone_at: row.elo_run_undone_at?.toISOString() ?? null } : null,
      })),
    },
    input,
  );
}
