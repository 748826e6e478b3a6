import { faceitWebhookDelivery, faceitWebhookOutput } from '@campus-elo/api-contract';
import { publicProcedure, router } from '../../trpc';
import { checkFaceitWebhookSecret, handleFaceitWebhook } from './faceit-webhook';

/** Deliveries from the match platforms, authenticated by a shared secret rather than a session. */
export const webhooksRouter = router({
  faceit: publicProcedure
    .meta({
      rest: {
        method: 'POST',
        path: '/webhooks/faceit',
        summary: 'A FACEIT webhook delivery',
        description:
          'The shared secret (FACEIT_WEBHOOK_SECRET) in the header FACEIT_WEBHOOK_HEADER (default X-Webhook-Secret). ' +
          'match_status_ready, _ongoing, _finished, _cancelled and _aborted queue a refresh of that match from Faceit ' +
          '(an Update Matches job, retried while Faceit fails) and answer 200 {status: queued, job_id} at once; other events, ' +
          'unknown matches and redeliveries (same event_id) change nothing and answer 200. A server without a job queue ' +
          'refreshes within the request instead (status updated or unchanged; 502 when Faceit cannot be asked).',
        tag: 'Webhooks',
        errors: { 401: 'Missing or wrong secret', 502: 'Without a job queue: Faceit could not be asked about the match; deliver again' },
      },
    })
    // Before the input is parsed: a caller without the secret learns nothing, not even what a valid body is.
    .use(({ ctx, next }) => {
      checkFaceitWebhookSecret(ctx.config, ctx.request.headers);
      return next();
    })
    .input(faceitWebhookDelivery)
    .output(faceitWebhookOutput)
    .mutation(({ ctx, input }) => handleFaceitWebhook(ctx, input)),
});
