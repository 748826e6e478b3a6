import { z } from 'zod';
import { uuidParam } from './query-params';

// Follow a team without an account: a browser's Web Push subscription and what it wants to
// hear (docs/contract.md, "Following"; docs/decisions/0099-web-push-follows.md).

/** Base64url without padding, as PushSubscription.toJSON() gives its keys. */
const base64url = (min: number, max: number) =>
  z
    .string()
    .min(min)
    .max(max)
    .regex(/^[A-Za-z0-9_-]+$/, 'must be base64url');

/** A browser's PushSubscription as its toJSON() gives it. The endpoint must be https (the server may allow http://127.0.0.1 in tests). */
export const pushSubscriptionJson = z.object({
  endpoint: z.url().max(2048),
  expirationTime: z.number().nullable().optional(),
  keys: z.object({
    // An uncompressed P-256 point: 65 bytes, 87 characters.
    p256dh: base64url(80, 100),
    // 16 bytes: 22 characters.
    auth: base64url(16, 32),
  }),
});

export const PUSH_MINUTES_BEFORE_DEFAULT = 30;
const minutesBefore = z.number().int().min(5).max(1440);

/** What a follower of one team is told about. */
export const pushFollowChoices = z.object({
  starting_soon: z.boolean(),
  /** How long before a scheduled match the 'starting soon' notification comes. */
  minutes_before: minutesBefore.default(PUSH_MINUTES_BEFORE_DEFAULT),
  started: z.boolean(),
  /** The result with the team's Elo change. */
  result: z.boolean(),
  /** The team's rank moved in the weekly ranking snapshot. */
  rank_change: z.boolean(),
});

export const pushFollowInput = z.object({ subscription: pushSubscriptionJson, team_id: uuidParam, choices: pushFollowChoices });
export const pushRemindInput = z.object({ subscription: pushSubscriptionJson, match_id: uuidParam, minutes_before: minutesBefore.default(PUSH_MINUTES_BEFORE_DEFAULT) });
/** Which browser: its endpoint is its only name. */
export const pushEndpointInput = z.object({ endpoint: z.url().max(2048) });
/** Ends one follow or reminder (`team_id` or `match_id`), or, with neither, the whole subscription. */
export const pushUnfollowInput = z.object({ endpoint: z.url().max(2048), team_id: uuidParam.optional(), match_id: uuidParam.optional() });

export const pushPublicKeyOutput = z.object({ public_key: z.string() });

export const pushFollowItem = z.object({
  team: z.object({ id: z.string(), name: z.string(), picture: z.string().nullable() }),
  choices: pushFollowChoices,
});
export const pushReminderItem = z.object({
  match_id: z.string(),
  team1: z.string(),
  team2: z.string(),
  date: z.string().nullable(),
  minutes_before: z.number().int(),
});
export const pushFollowsOutput = z.object({ follows: z.array(pushFollowItem), reminders: z.array(pushReminderItem) });
export const pushOkOutput = z.object({ ok: z.literal(true) });

/** What a notification carries to the service worker: small, shown as it is. */
export const pushNotificationPayload = z.object({ title: z.string(), body: z.string(), url: z.string(), tag: z.string() });

export type PushSubscriptionJson = z.infer<typeof pushSubscriptionJson>;
export type PushFollowChoices = z.infer<typeof pushFollowChoices>;
export type PushFollowsOutput = z.infer<typeof pushFollowsOutput>;
export type PushNotificationPayload = z.infer<typeof pushNotificationPayload>;
