import { z } from 'zod';

/** The FACEIT match events that make us refresh the match. */
export const FACEIT_MATCH_EVENTS = [
  'match_status_ready',
  'match_status_ongoing',
  'match_status_finished',
  'match_status_cancelled',
  'match_status_aborted',
] as const;

/**
 * A FACEIT webhook delivery: the envelope and, for match events, the match id in
 * `payload.id`. Only what we read is required; the rest (teams, times, app ids) passes.
 */
export const faceitWebhookDelivery = z.object({
  event: z.string().min(1).max(200),
  /** The same on every redelivery of one event. */
  event_id: z.string().min(1).max(200),
  transaction_id: z.string().max(200).optional(),
  retry_count: z.number().int().min(0).optional(),
  timestamp: z.string().max(100).optional(),
  payload: z.object({ id: z.string().min(1).max(200) }),
});

export const faceitWebhookOutput = z.object({
  /**
   * queued: the match's refresh is a background job (job_id), run within about a second;
   * a refresh already waiting for the match is that job (one waits at a time per match);
   * deferred: the match's last refreshes kept failing, so none is queued for a while; the
   * scheduled sync refreshes it meanwhile; updated: the match was refreshed and changed; unchanged: refreshed, nothing new (these
   * two only on a server without a job queue, which refreshes within the request);
   * duplicate: this event_id was handled before; ignored: not a match event, or a match we
   * do not know.
   */
  status: z.enum(['queued', 'deferred', 'updated', 'unchanged', 'duplicate', 'ignored']),
  match_id: z.uuid().nullable(),
  /** The Update Matches job of a queued refresh (GET /v1/jobs/{id}/); null otherwise. */
  job_id: z.uuid().nullable(),
});

export type FaceitWebhookDelivery = z.infer<typeof faceitWebhookDelivery>;
export type FaceitWebhookOutput = z.infer<typeof faceitWebhookOutput>;
