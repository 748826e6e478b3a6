import type { Database } from '@campus-elo/db';
import { sql, type Kysely } from 'kysely';

export interface ReleasedJob {
  id: string;
  /** 'cancelled' when staff asked to cancel it while it ran. */
  state: 'queued' | 'cancelled';
  /** Its starter; null for the server's own jobs (they run on a queue of their own, queue.ts). */
  created_by: string | null;
}

/**
 * Running jobs whose worker has given no sign of life for `staleAfterMs` (its process died,
 * or lost the database that long) go back to 'queued', or to 'cancelled' when staff asked to
 * cancel them meanwhile. One conditional UPDATE: of several replicas scanning at once, only
 * one releases each job. Jobs `runningHere` are left alone: on the embedded database this
 * process's own heartbeats wait behind its tool's transaction.
 */
export async function releaseStaleJobs(db: Kysely<Database>, staleAfterMs: number, runningHere: readonly string[]): Promise<ReleasedJob[]> {
  let stale = db
    .updateTable('jobs')
    .set({
      state: sql`CASE WHEN cancel_requested_at IS NULL THEN 'queued' ELSE 'cancelled' END`,
      finished_at: sql`CASE WHEN cancel_requested_at IS NULL THEN NULL ELSE now() END`,
      heartbeat_at: null,
    })
    .where('state', '=', 'running')
    // A job claimed before heartbeats existed has none.
    .where((eb) => eb.or([eb('heartbeat_at', '<', sql<Date>`now() - ${staleAfterMs} * interval '1 millisecond'`), eb('heartbeat_at', 'is', null)]));
  if (runningHere.length > 0) stale = stale.where('id', 'not in', runningHere);
  return (await stale.returning(['id', 'state', 'created_by']).execute()) as ReleasedJob[];
}
