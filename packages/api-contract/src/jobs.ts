import { z } from 'zod';
import { pagedResponse } from './paging';
import { pageParam, pageSizeParam, uuidParam } from './query-params';

/** The long tools that also run as background jobs ('Prefer: respond-async'). */
export const jobKind = z.enum(['import', 'update_matches', 'update_player_elo', 'calculate_team_elo', 'recalculate_elo']);
export const jobState = z.enum(['queued', 'running', 'done', 'failed', 'cancelled']);

export const jobItem = z.object({
  id: z.uuid(),
  kind: jobKind,
  state: jobState,
  /** Coarse for now: total is 1 (the tool runs as one transaction), done 1 once it ended; errors counts failed items. */
  progress: z.object({ done: z.number().int(), total: z.number().int(), errors: z.number().int() }),
  /** The tool's own answer, as its synchronous endpoint gives it; null until done. */
  result: z.unknown().nullable(),
  errors: z.array(z.object({ item: z.string().nullable(), reason: z.string() })),
  created_by: z.object({ id: z.uuid(), email: z.string() }).nullable(),
  created_at: z.iso.datetime(),
  finished_at: z.iso.datetime().nullable(),
});

export const jobListInput = z.object({ page: pageParam, page_size: pageSizeParam(20) });
export const jobListOutput = pagedResponse(jobItem);
export const jobIdInput = z.object({ id: uuidParam });
export const jobStartInput = z.object({ kind: jobKind, input: z.unknown() });
export const jobAccepted = z.object({ job_id: z.uuid() });

export type JobKind = z.infer<typeof jobKind>;
export type JobState = z.infer<typeof jobState>;
export type JobItem = z.infer<typeof jobItem>;
