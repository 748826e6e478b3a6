import type { Database } from '@campus-elo/db';
import { sql, type Kysely } from 'kysely';

export interface AuditEntry {
  /** The staff member who made the change (null for start-up steps and the CLI). */
  user: { id: string } | null;
  /** What was done, as a verb: 'update', 'create', 'merge', 'clear', 'import', … */
  action: string;
  /** Which kind of rows: 'team', 'player', 'season', 'matches', … */
  entity: string;
  /** The ids of the rows written. */
  ids: readonly string[];
  /** Anything worth keeping (counts, changed fields); stored as JSON. */
  details?: unknown;
}

/**
 * Records one admin write in audit_log. Pass the transaction that made the change, so the
 * record exists exactly when the change does.
 */
export async function recordAudit(db: Kysely<Database>, entry: AuditEntry): Promise<void> {
  await db
    .insertInto('audit_log')
    .values({
      user_id: entry.user?.id ?? null,
      // Kept beside user_id, which is emptied when the account is deleted (migration 0091).
      actor_id: entry.user?.id ?? null,
      actor_email: entry.user ? sql<string>`(SELECT email FROM users WHERE id = ${entry.user.id})` : null,
      action: entry.action,
      entity: entry.entity,
      entity_ids: [...entry.ids],
      details: entry.details === undefined ? undefined : JSON.stringify(entry.details),
    })
    .execute();
}
