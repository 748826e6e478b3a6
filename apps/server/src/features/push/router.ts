import { pushEndpointInput, pushFollowInput, pushFollowsOutput, pushOkOutput, pushPublicKeyOutput, pushRemindInput, pushUnfollowInput } from '@campus-elo/api-contract';
import { publicProcedure, router } from '../../trpc';
import { followTeam, listFollows, remindMatch, unfollow } from './follows';
import { admitPushWrite } from './subscribe-limit';
import { vapidKeys } from './vapid';

const tooMany = { 429: 'Too many follow changes from this address in 10 minutes (Retry-After says when to try again)' };

/** The key a browser subscribes with: a public read like the others (cached, under /v1/public). */
export const pushPublicProcedures = {
  pushPublicKey: publicProcedure
    .meta({ rest: { method: 'GET', path: '/public/push/key', summary: "The server's VAPID public key, for PushManager.subscribe", tag: 'Following' } })
    .output(pushPublicKeyOutput)
    .query(async ({ ctx }) => ({ public_key: (await vapidKeys(ctx.db, ctx.config)).publicKey })),
};

/**
 * Following a team without an account (docs/contract.md, "Following"): writes anyone may make,
 * so outside `public.*` and /v1/public, which hold only cacheable reads. A browser is known by
 * its push endpoint only, which is why the list and the unfollow are POSTs: the endpoint stays
 * out of URLs and logs.
 */
export const followingRouter = router({
  follow: publicProcedure
    .meta({
      rest: {
        method: 'POST',
        path: '/following/follows',
        summary: 'Follow a team from this browser, or change what it hears about it',
        description:
          "The browser's PushSubscription (toJSON), the team and the choices: starting soon (minutes_before, default 30), started, result with the Elo change, rank change in the ranking snapshot. All four off ends the follow. The endpoint must be https.",
        tag: 'Following',
        errors: { 404: 'No team has this id', ...tooMany },
      },
    })
    .input(pushFollowInput)
    .output(pushOkOutput)
    .mutation(async ({ ctx, input }) => {
      await admitPushWrite(ctx.db, ctx.request.ip);
      return followTeam(ctx.db, ctx.config, input);
    }),
  remind: publicProcedure
    .meta({
      rest: {
        method: 'POST',
        path: '/following/reminders',
        summary: "'Remind me' of one scheduled match from this browser",
        description: 'A notification minutes_before (default 30) the match starts; sent once even when the browser also follows one of its teams.',
        tag: 'Following',
        errors: { 404: 'No match has this id', 409: 'The match is not scheduled or has no date', ...tooMany },
      },
    })
    .input(pushRemindInput)
    .output(pushOkOutput)
    .mutation(async ({ ctx, input }) => {
      await admitPushWrite(ctx.db, ctx.request.ip);
      return remindMatch(ctx.db, ctx.config, input);
    }),
  list: publicProcedure
    .meta({
      rest: {
        method: 'POST',
        path: '/following/list',
        summary: "This browser's follows and reminders, by its push endpoint",
        description: 'Nothing changes; a POST so the endpoint stays out of URLs. An endpoint the server does not know follows nothing.',
        tag: 'Following',
      },
    })
    .input(pushEndpointInput)
    .output(pushFollowsOutput)
    .mutation(({ ctx, input }) => listFollows(ctx.db, input.endpoint)),
  unfollow: publicProcedure
    .meta({
      rest: {
        method: 'POST',
        path: '/following/unfollow',
        summary: 'End a follow (team_id), a reminder (match_id), or with neither every follow of this browser',
        tag: 'Following',
      },
    })
    .input(pushUnfollowInput)
    .output(pushOkOutput)
    .mutation(({ ctx, input }) => unfollow(ctx.db, input)),
});
