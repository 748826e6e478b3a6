import { z } from 'zod';
import { pagedResponse } from './paging';
import { mapDetailsResult } from './imports';
import { platform } from './public';
import { pageParam, pageSizeParam, uuidParam } from './query-params';

/** The long tools that also run as background jobs ('Prefer: respond-async'), and the scheduled sync. */
export const jobKind = z.enum(['import', 'update_matches', 'update_player_elo', 'calculate_team_elo', 'recalculate_elo', 'evaluate_ratings', 'sync', 'standings_chances']);
/** What a caller may start: the scheduled sync and the standings chances are queued by the server itself only. */
export const startableJobKind = jobKind.exclude(['sync', 'standings_chances']);
export const jobState = z.enum(['queued', 'running', 'done', 'failed', 'cancelled']);

export const jobItem = z.object({
  id: z.uuid(),
  kind: jobKind,
  state: jobState,
  /**
   * Moves while the job runs: items done of total (matches fetched, players looked up; the
   * tools that are one transaction count a few steps), errors counts the failed items.
   */
  progress: z.object({ done: z.number().int(), total: z.number().int(), errors: z.number().int() }),
  /** The tool's own answer, as its synchronous endpoint gives it (also when cancelled after some items); else null. */
  result: z.unknown().nullable(),
  /** Failed items as they are reported, then why the job failed or how it was cancelled (item null). */
  errors: z.array(z.object({ item: z.string().nullable(), reason: z.string() })),
  created_by: z.object({ id: z.uuid(), email: z.string() }).nullable(),
  created_at: z.iso.datetime(),
  finished_at: z.iso.datetime().nullable(),
  /** Set while a running job is being cancelled: it stops after its current item. */
  cancel_requested_at: z.iso.datetime().nullable(),
});

export const jobListInput = z.object({ page: pageParam, page_size: pageSizeParam(20) });
export const jobListOutput = pagedResponse(jobItem);
export const jobIdInput = z.object({ id: uuidParam });
export const jobStartInput = z.object({ kind: startableJobKind, input: z.unknown() });
export const jobAccepted = z.object({ job_id: z.uuid() });

/** One platform in a run of the scheduled sync: what it refreshed, or why it was left out. */
export const platformSyncResult = z.union([
  z.object({ platform, skipped: z.literal('no_api_key') }),
  z.object({
    platform,
    updated: z.number().int(),
    checked: z.number().int(),
    errors: z.number().int(),
    rate_limited: z.boolean(),
    /** FACEIT: the finished matches whose map details it saved or still waits for. */
    map_details: mapDetailsResult.optional(),
  }),
]);

/**
 * A `sync` job's result: each platform's part, and until when a 429 pauses the sync; or why
 * the run did not happen (another replica's run was still going, or a platform asked to wait).
 */
export const syncRunResult = z.discriminatedUnion('ran', [
  z.object({ ran: z.literal(false), reason: z.enum(['off', 'running_elsewhere', 'not_due', 'rate_limited']) }),
  z.object({ ran: z.literal(true), platforms: z.array(platformSyncResult), not_before: z.iso.datetime().nullable() }),
]);

export type JobKind = z.infer<typeof jobKind>;
export type StartableJobKind = z.infer<typeof startableJobKind>;
export type PlatformSyncResult = z.infer<typeof platformSyncResult>;
export type SyncRunResult = z.infer<typeof syncRunResult>;
export type JobState = z.infer<typeof jobState>;
export type JobItem = z.infer<typeof jobItem>;
