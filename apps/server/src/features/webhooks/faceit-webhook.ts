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
 * A queued refresh's retries: the first within seconds, not the queue's usual ten, since the
 * match is live; then doubling, for about two minutes in all (2 + 4 + … + 64 s), so a
 * FACEIT outage of a minute still ends with the result. FACEIT's own redelivery cannot do
 * it: the event id is already claimed.
 */
const REFRESH_RETRY = { retryDelay: 2, retryLimit: 6 } as const;

/**
 * A FACEIT match event: the match is fetched from Faceit and written through Update Matches
 * (so the Elo ledger and the rules about hand-entered results apply), only if it changed.
 * The event id is claimed first, so a redelivery (or a second delivery racing the first)
 * does nothing. With a job queue the refresh is queued as an Update Matches job, retried by
 * the queue while Faceit fails, and the answer comes at once; without one it runs here, and
 * a failed fetch gives the claim back and answers 502, so FACEIT delivers again.
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
    if (deps.jobs) {
      const jobId = await deps.jobs.enqueue('update_matches', input, null, REFRESH_RETRY);
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
