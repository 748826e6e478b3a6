import type { JobKind } from '@campus-elo/api-contract';
import type { Database } from '@campus-elo/db';
import { sql, type Kysely } from 'kysely';

export interface ReleasedJob {
  id: string;
  /**
   * 'cancelled' when staff asked to cancel it while it ran; 'failed' when it is a coalesced
   * job whose key has a newer job waiting or running, which does its work (queue.ts, enqueue).
   */
  state: 'queued' | 'cancelled' | 'failed';
  /** Its kind and starter: they decide its queue (queue.ts, lanes). */
  kind: JobKind;
  created_by: string | null;
}

/** Why a stopped run of a coalesced job is not tried again (queue.ts writes it too). */
export const SUPERSEDED_REASON = 'A newer job for the same thing was queued or started while it ran; that one runs instead of a retry.';

/**
 * A coalesced job whose key has a job waiting cannot wait too (the unique index on jobs);
 * nor need it when a newer one runs, which started after it. Of two stale runs of one key,
 * the newer goes back to the queue.
 */
const superseded = sql<boolean>`(coalesce_key IS NOT NULL AND EXISTS (
  SELECT 1 FROM jobs AS other
  WHERE other.coalesce_key = jobs.coalesce_key
    AND (other.state = 'queued' OR (other.state = 'running' AND (other.created_at, other.id) > (jobs.created_at, jobs.id)))
))`;

/**
 * Running jobs whose worker has given no sign of life for `staleAfterMs` (its process died,
 * or lost the database that long) go back to 'queued', or to 'cancelled' when staff asked to
 * cancel them meanwhile, or to 'failed' when a newer job of their coalesce key does their
 * work. One conditional UPDATE: of several replicas scanning at once, only one releases
 * each job. Jobs `runningHere` are left alone: on the embedded database this
 * process's own heartbeats wait behind its tool's transaction.
 */
export async function releaseStaleJobs(db: Kysely<Database>, staleAfterMs: number, runningHere: readonly string[]): Promise<ReleasedJob[]> {
  let stale = db
    .updateTable('jobs')
    .set({
      state: sql`CASE WHEN cancel_requested_at IS NOT NULL THEN 'cancelled' WHEN ${superseded} THEN 'failed' ELSE 'queued' END`,
      finished_at: sql`CASE WHEN cancel_requested_at IS NULL AND NOT ${superseded} THEN NULL ELSE now() END`,
      errors: sql`CASE WHEN cancel_requested_at IS NULL AND ${superseded} THEN errors || jsonb_build_array(jsonb_build_object('item', NULL, 'reason', ${SUPERSEDED_REASON}::text)) ELSE errors END`,
      heartbeat_at: null,
    })
    .where('state', '=', 'running')
    // A job claimed before heartbeats existed has none.
    .where((eb) => eb.or([eb('heartbeat_at', '<', sql<Date>`now() - ${staleAfterMs} * interval '1 millisecond'`), eb('heartbeat_at', 'is', null)]));
  if (runningHere.length > 0) stale = stale.where('id', 'not in', runningHere);
  return (await stale.returning(['id', 'state', 'kind', 'created_by']).execute()) as ReleasedJob[];
}
