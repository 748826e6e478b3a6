import { createHash, timingSafeEqual } from 'node:crypto';
import { FACEIT_MATCH_EVENTS, updateMatchesInput, type FaceitWebhookDelivery, type FaceitWebhookOutput } from '@campus-elo/api-contract';
import type { Database } from '@campus-elo/db';
import { sql, type Kysely } from 'kysely';
import type { Config } from '../../config';
import { DomainError, upstreamFailed } from '../../lib/errors';
import { describeFailure } from '../imports/platforms/http';
import { updateMatches } from '../imports/update-matches';
import type { JobQueue } from '../jobs/queue';

/** How long a handled event id is remembered; FACEIT stops redelivering long before. */
const EVENT_RETENTION_DAYS = 7;

/** Compared as SHA-256 digests: equal lengths, so timingSafeEqual never tells the length apart. */
function sameSecret(given: string, expected: string): boolean {
  const digest = (value: string) => createHash('sha256').update(value).digest();
  return timingSafeEqual(digest(given), digest(expected));
}

/** Refuses a delivery whose secret header is missing or wrong, or any delivery while no secret is configured. */
export function checkFaceitWebhookSecret(config: Config, headers: Record<string, string | string[] | undefined>): void {
  const expected = config.faceitWebhook.secret;
  const given = headers[config.faceitWebhook.header.toLowerCase()];
  if (!expected || typeof given !== 'string' || !sameSecret(given, expected)) {
    throw new DomainError('unauthenticated', 'Missing or wrong webhook secret');
  }
}

const isMatchEvent = (event: string): boolean => (FACEIT_MATCH_EVENTS as readonly string[]).includes(event);

/** A first retry of a queued refresh within seconds, not the queue's usual ten: the match is live. */
const REFRESH_RETRY_DELAY_SECONDS = 2;

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
  try {
    let answer: FaceitWebhookOutput;
    if (deps.jobs) {
      const jobId = await deps.jobs.enqueue('update_matches', input, null, { retryDelay: REFRESH_RETRY_DELAY_SECONDS });
      answer = { status: 'queued', match_id: match.id, job_id: jobId };
    } else {
      const updated = await updateMatches(deps, input, null, { onFetchFailure: (error) => (failure = error) });
      if (updated.error_count > 0) {
        await release();
        throw upstreamFailed(`Faceit could not be asked about match ${delivery.payload.id}: ${describeFailure(failure)}`, failure);
      }
      answer = { status: updated.updated_count > 0 ? 'updated' : 'unchanged', match_id: match.id, job_id: null };
    }
    await deps.db
      .deleteFrom('faceit_webhook_events')
      .where('received_at', '<', sql<Date>`now() - make_interval(days => ${EVENT_RETENTION_DAYS})`)
      .execute();
    return answer;
  } catch (error) {
    if (!(error instanceof DomainError && error.kind === 'upstream_failed')) await release();
    throw error;
  }
}
