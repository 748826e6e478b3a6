import { createHash, timingSafeEqual } from 'node:crypto';
import { FACEIT_MATCH_EVENTS, updateMatchesInput, type FaceitWebhookDelivery, type FaceitWebhookOutput } from '@campus-elo/api-contract';
import type { Database } from '@campus-elo/db';
import { sql, type Kysely } from 'kysely';
import type { Config } from '../../config';
import { DomainError, upstreamFailed } from '../../lib/errors';
import { describeFailure } from '../imports/platforms/http';
import { updateMatches } from '../imports/update-matches';

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

/**
 * A FACEIT match event: the match is fetched from Faceit and written through Update Matches
 * (so the Elo ledger and the rules about hand-entered results apply), only if it changed.
 * The event id is claimed first, so a redelivery (or a second delivery racing the first)
 * does nothing; a failed fetch gives the claim back and answers 502, so FACEIT delivers again.
 */
export async function handleFaceitWebhook(deps: { db: Kysely<Database>; config: Config }, delivery: FaceitWebhookDelivery): Promise<FaceitWebhookOutput> {
  if (!isMatchEvent(delivery.event)) return { status: 'ignored', match_id: null };
  const match = await deps.db
    .selectFrom('matches')
    .select('id')
    .where('platform', '=', 'faceit')
    .where('external_id', '=', delivery.payload.id)
    .executeTakeFirst();
  if (!match) return { status: 'ignored', match_id: null };

  const claimed = await deps.db
    .insertInto('faceit_webhook_events')
    .values({ event_id: delivery.event_id, event: delivery.event, match_id: match.id })
    .onConflict((oc) => oc.column('event_id').doNothing())
    .returning('event_id')
    .executeTakeFirst();
  if (!claimed) return { status: 'duplicate', match_id: match.id };

  const release = () => deps.db.deleteFrom('faceit_webhook_events').where('event_id', '=', delivery.event_id).execute();
  let failure: unknown;
  try {
    const answer = await updateMatches(deps, updateMatchesInput.parse({ match_ids: [match.id], auto_detect: false }), null, {
      onlyChanged: true,
      onFetchFailure: (error) => (failure = error),
    });
    if (answer.error_count > 0) {
      await release();
      throw upstreamFailed(`Faceit could not be asked about match ${delivery.payload.id}: ${describeFailure(failure)}`, failure);
    }
    await deps.db
      .deleteFrom('faceit_webhook_events')
      .where('received_at', '<', sql<Date>`now() - make_interval(days => ${EVENT_RETENTION_DAYS})`)
      .execute();
    return { status: answer.updated_count > 0 ? 'updated' : 'unchanged', match_id: match.id };
  } catch (error) {
    if (!(error instanceof DomainError && error.kind === 'upstream_failed')) await release();
    throw error;
  }
}
