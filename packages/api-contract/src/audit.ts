import { z } from 'zod';
import { pagedResponse } from './paging';
import { pageParam, pageSizeParam, textFilterParam, uuidParam } from './query-params';

// ---- GET /v1/audit/?page=&page_size=&actor=&action=
export const auditListInput = z.object({
  page: pageParam,
  page_size: pageSizeParam(50),
  /** A staff member's id. */
  actor: uuidParam.optional(),
  /** An action: create, update, delete, import, undo, calculate_elo, recalculate_elo, reset_elo, merge, clear, restore, backup... */
  action: textFilterParam.optional(),
});

/** One value a write changed: `before` and `after` as stored (null where there was none). */
export const auditChange = z.object({ field: z.string(), before: z.unknown(), after: z.unknown() });

export const auditEntry = z.object({
  id: z.string(),
  /** When, ISO in UTC. */
  at: z.string(),
  /** Who; null for start-up steps and the command line. */
  actor: z.object({ id: z.string(), email: z.string() }).nullable(),
  action: z.string(),
  /** Which kind of rows: team, player, match, season, competition, ranking, elo_run, staff... */
  entity: z.string(),
  entity_ids: z.array(z.string()),
  /** The fields whose value differs between the record's before and after, when it keeps both. */
  changes: z.array(auditChange),
  /** Everything the record keeps (counts, the rows before and after), as stored. */
  details: z.unknown(),
  /** The Elo run this write made, for Undo (POST /v1/elo-runs/{id}/undo/); null when it made none. */
  elo_run: z.object({ id: z.string(), undone_at: z.string().nullable() }).nullable(),
});
export const auditListOutput = pagedResponse(auditEntry);

export type AuditListInput = z.input<typeof auditListInput>;
export type AuditEntry = z.infer<typeof auditEntry>;
export type AuditListOutput = z.infer<typeof auditListOutput>;
