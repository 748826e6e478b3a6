import { FACEIT_MATCH_EVENTS, updateMatchesInput, type FaceitWebhookDelivery, type FaceitWebhookOutput } from '@campus-elo/api-contract';
import type { Database } from '@campus-elo/db';
import { sql, type Kysely } from 'kysely';
import type { Config } from '../../config';
import { DomainError, upstreamFailed } from '../../lib/errors';
import { sameSecret } from '../../lib/same-secret';
import { describeFailure } from '../imports/platforms/http';
import { updateMatches } from '../imports/update-matches';
import type { JobQueue } from '../jobs/queue';

/** How long a handled event id is remembered; FACEIT stops redelivering long before. */
const EVENT_RETENTION_DAYS = 7;

/** Refuses a delivery whose secret header is missing or wrong, or any delivery while no secret is configured. */
export function checkFaceitWebhookSecret(config: Config, headers: Record<string, string | string[] | undefined>): void {
  const expected = config.faceitWebhook.secret;
  const given = headers[config.faceitWebhook.header.toLowerCase()];
  if (!expected || typeof given !== 'string' || !sameSecret(given, expected)) {
    throw new DomainError('unauthenticated', 'Missing or wrong webhook secret');
  }
}

const isMatchEvent = (event: string): boolean => (FACEIT_MATCH_EVENTS as readonly string[]).includes(event);

/**
 * A match whose last refreshes all failed, this many of them within the window, gets no new
 * one: its deliveries answer `deferred`, and the scheduled sync (every two minutes while a
 * match is live or near) refreshes it meanwhile. Each of those refreshes used up its retries
 * (the queue's refresh lane) or gave way to a newer one while deliveries kept coming
 * (docs/decisions/0076-webhook-refreshes-coalesced-in-their-own-lane.md).
 */
const FAILED_REFRESHES_BEFORE_HOLD = 2;
const HOLD_WINDOW_MINUTES = 15;

/** The coalesce key of a match's refreshes: one waits at a time, whatever the number of deliveries. */
const refreshKey = (matchId: string) => `faceit-refresh:${matchId}`;

async function refreshesKeepFailing(db: Kysely<Database>, matchId: string): Promise<boolean> {
  const lastEnded = await db
    .selectFrom('jobs')
    .select('state')
    .where('coalesce_key', '=', refreshKey(matchId))
    .where('state', 'in', ['done', 'failed'])
    .where('finished_at', '>', sql<Date>`now() - make_interval(mins => ${HOLD_WINDOW_MINUTES})`)
    .orderBy('finished_at', 'desc')
    .limit(FAILED_REFRESHES_BEFORE_HOLD)
    .execute();
  return lastEnded.length === FAILED_REFRESHES_BEFORE_HOLD && lastEnded.every((job) => job.state === 'failed');
}

/**
 * A FACEIT match event: the match is fetched from Faceit and written through Update Matches
 * (so the Elo ledger and the rules about hand-entered results apply), only if it changed.
 * The event id is claimed first, so a redelivery (or a second delivery racing the first)
 * does nothing. With a job queue the refresh is queued as an Update Matches job, retried by
 * the queue while Faceit fails, and the answer comes at once; a match has one refresh
 * waiting at most (a delivery while one waits answers that job), and none while its last
 * refreshes kept failing. Without a queue it runs here, and a failed fetch gives the claim
 * back and answers 502, so FACEIT delivers again.
 */
export async function handleFaceitWebhook(
  deps: { db: Kysely<Database>; config: Config; jobs?: Pick<JobQueue, 'enqueue'> },
  delivery: FaceitWebhookDelivery,
): Promise<FaceitWebhookOutput> {
  if (!isMatchEvent(delivery.event)) return { status: 'ignored', match_id: null, job_id: null };
  const match = await deps.db
    .selectFrom('matches')
    .select('id')
    .where('platform', '=', 'faceit')
    .where('external_id', '=', delivery.payload.id)
    .executeTakeFirst();
  if (!match) return { status: 'ignored', match_id: null, job_id: null };

  const claimed = await deps.db
    .insertInto('faceit_webhook_events')
    .values({ event_id: delivery.event_id, event: delivery.event, match_id: match.id })
    .onConflict((oc) => oc.column('event_id').doNothing())
    .returning('event_id')
    .executeTakeFirst();
  if (!claimed) return { status: 'duplicate', match_id: match.id, job_id: null };

  const release = () => deps.db.deleteFrom('faceit_webhook_events').where('event_id', '=', delivery.event_id).execute();
  const input = updateMatchesInput.parse({ match_ids: [match.id], auto_detect: false, only_changed: true });
  let failure: unknown;
  let answer: FaceitWebhookOutput;
  try {
    if (deps.jobs && (await refreshesKeepFailing(deps.db, match.id))) {
      answer = { status: 'deferred', match_id: match.id, job_id: null };
    } else if (deps.jobs) {
      const jobId = await deps.jobs.enqueue('update_matches', input, null, { coalesceKey: refreshKey(match.id) });
      answer = { status: 'queued', match_id: match.id, job_id: jobId };
    } else {
      const updated = await updateMatches(deps, input, null, { onFetchFailure: (error) => (failure = error) });
      if (updated.error_count > 0) {
        await release();
        throw upstreamFailed(`Faceit could not be asked about match ${delivery.payload.id}: ${describeFailure(failure)}`, failure);
      }
      answer = { status: updated.updated_count > 0 ? 'updated' : 'unchanged', match_id: match.id, job_id: null };
    }
  } catch (error) {
    if (!(error instanceof DomainError && error.kind === 'upstream_failed')) await release();
    throw error;
  }
  // Housekeeping after the event is handled: failing here must not give the claim back (the
  // refresh is queued already) nor fail the delivery; the next delivery tries again.
  await deps.db
    .deleteFrom('faceit_webhook_events')
    .where('received_at', '<', sql<Date>`now() - make_interval(days => ${EVENT_RETENTION_DAYS})`)
    .execute()
    .catch(() => undefined);
  return answer;
}
