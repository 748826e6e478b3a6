import type { PushFollowChoices, PushFollowsOutput, PushSubscriptionJson } from '@campus-elo/api-contract';
import type { Database } from '@campus-elo/db';
import type { Kysely, Transaction } from 'kysely';
import type { Config } from '../../config';
import { invalid, notFound, DomainError } from '../../lib/errors';

/**
 * Push endpoints are https URLs of a push service. http is taken only for 127.0.0.1 and
 * only when PUSH_ALLOW_LOCAL_ENDPOINTS=true (the tests' fake push service); a server never
 * posts to its own network otherwise (docs/decisions/0099-web-push-follows.md).
 */
export function checkEndpoint(config: Config, endpoint: string): void {
  const url = new URL(endpoint);
  if (url.protocol === 'https:' && url.username === '' && url.password === '') return;
  if (config.push.allowLocalEndpoints && url.protocol === 'http:' && url.hostname === '127.0.0.1') return;
  throw invalid('The push endpoint must be an https URL', [{ path: ['subscription', 'endpoint'], message: 'must be an https URL' }]);
}

/** Stores (or updates the keys of) a browser's subscription; answers its id. */
async function storeSubscription(trx: Transaction<Database>, config: Config, subscription: PushSubscriptionJson): Promise<string> {
  checkEndpoint(config, subscription.endpoint);
  const row = await trx
    .insertInto('push_subscriptions')
    .values({ endpoint: subscription.endpoint, p256dh: subscription.keys.p256dh, auth: subscription.keys.auth })
    .onConflict((oc) => oc.column('endpoint').doUpdateSet({ p256dh: subscription.keys.p256dh, auth: subscription.keys.auth }))
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

/** Follows a team (or changes what this browser hears about it); choices all off end the follow. */
export async function followTeam(db: Kysely<Database>, config: Config, input: { subscription: PushSubscriptionJson; team_id: string; choices: PushFollowChoices }): Promise<{ ok: true }> {
  const team = await db.selectFrom('teams').select('id').where('id', '=', input.team_id).executeTakeFirst();
  if (!team) throw notFound('Team not found');
  const { choices } = input;
  const any = choices.starting_soon || choices.started || choices.result || choices.rank_change;
  await db.transaction().execute(async (trx) => {
    const subscriptionId = await storeSubscription(trx, config, input.subscription);
    if (!any) {
      await trx.deleteFrom('push_follows').where('subscription_id', '=', subscriptionId).where('team_id', '=', team.id).execute();
      return;
    }
    const values = { starting_soon: choices.starting_soon, minutes_before: choices.minutes_before, started: choices.started, result: choices.result, rank_change: choices.rank_change };
    await trx
      .insertInto('push_follows')
      .values({ subscription_id: subscriptionId, team_id: team.id, ...values })
      .onConflict((oc) => oc.columns(['subscription_id', 'team_id']).doUpdateSet(values))
      .execute();
  });
  return { ok: true };
}

/** 'Remind me' for one scheduled match. */
export async function remindMatch(db: Kysely<Database>, config: Config, input: { subscription: PushSubscriptionJson; match_id: string; minutes_before: number }): Promise<{ ok: true }> {
  const match = await db.selectFrom('matches').select(['id', 'status', 'date']).where('id', '=', input.match_id).executeTakeFirst();
  if (!match) throw notFound('Match not found');
  if (match.status !== 'scheduled' || match.date === null) throw new DomainError('conflict', 'Only a scheduled match with a date can be reminded of');
  await db.transaction().execute(async (trx) => {
    const subscriptionId = await storeSubscription(trx, config, input.subscription);
    await trx
      .insertInto('push_reminders')
      .values({ subscription_id: subscriptionId, match_id: match.id, minutes_before: input.minutes_before })
      .onConflict((oc) => oc.columns(['subscription_id', 'match_id']).doUpdateSet({ minutes_before: input.minutes_before }))
      .execute();
  });
  return { ok: true };
}

/** This browser's follows and reminders (of matches still to come), by its endpoint; an unknown endpoint follows nothing. */
export async function listFollows(db: Kysely<Database>, endpoint: string): Promise<PushFollowsOutput> {
  const follows = await db
    .selectFrom('push_follows as f')
    .innerJoin('push_subscriptions as s', 's.id', 'f.subscription_id')
    .innerJoin('teams as t', 't.id', 'f.team_id')
    .select(['t.id', 't.name', 't.picture', 'f.starting_soon', 'f.minutes_before', 'f.started', 'f.result', 'f.rank_change'])
    .where('s.endpoint', '=', endpoint)
    .orderBy('t.name')
    .execute();
  const reminders = await db
    .selectFrom('push_reminders as r')
    .innerJoin('push_subscriptions as s', 's.id', 'r.subscription_id')
    .innerJoin('matches as m', 'm.id', 'r.match_id')
    .innerJoin('teams as t1', 't1.id', 'm.team1_id')
    .innerJoin('teams as t2', 't2.id', 'm.team2_id')
    .select(['m.id', 't1.name as team1', 't2.name as team2', 'm.date', 'r.minutes_before'])
    .where('s.endpoint', '=', endpoint)
    .where('m.status', '=', 'scheduled')
    .orderBy('m.date')
    .execute();
  return {
    follows: follows.map((f) => ({
      team: { id: f.id, name: f.name, picture: f.picture },
      choices: { starting_soon: f.starting_soon, minutes_before: f.minutes_before, started: f.started, result: f.result, rank_change: f.rank_change },
    })),
    reminders: reminders.map((r) => ({ match_id: r.id, team1: r.team1, team2: r.team2, date: r.date ? new Date(r.date).toISOString() : null, minutes_before: r.minutes_before })),
  };
}

/** Ends one follow, one reminder, or (neither given) the whole subscription with everything it follows. */
export async function unfollow(db: Kysely<Database>, input: { endpoint: string; team_id?: string; match_id?: string }): Promise<{ ok: true }> {
  const subscription = await db.selectFrom('push_subscriptions').select('id').where('endpoint', '=', input.endpoint).executeTakeFirst();
  if (!subscription) return { ok: true };
  await db.transaction().execute(async (trx) => {
    if (input.team_id) await trx.deleteFrom('push_follows').where('subscription_id', '=', subscription.id).where('team_id', '=', input.team_id).execute();
    if (input.match_id) await trx.deleteFrom('push_reminders').where('subscription_id', '=', subscription.id).where('match_id', '=', input.match_id).execute();
    if (!input.team_id && !input.match_id) await trx.deleteFrom('push_subscriptions').where('id', '=', subscription.id).execute();
  });
  return { ok: true };
}
