import { faceitWebhookDelivery, faceitWebhookOutput } from '@campus-elo/api-contract';
import type { FastifyInstance } from 'fastify';
import type { Config } from '../../config';
import { publicProcedure, router } from '../../trpc';
import { checkFaceitWebhookSecret, handleFaceitWebhook } from './faceit-webhook';

/** The webhook's two doors: its REST path (under /v1) and its procedure on /trpc, alone or in a batch. */
const FACEIT_WEBHOOK_PATH = '/webhooks/faceit';
const FACEIT_WEBHOOK_PROCEDURE = 'webhooks.faceit';

function isFaceitWebhookRoute(routeUrl: string | undefined, params: unknown): boolean {
  if (routeUrl === `/v1${FACEIT_WEBHOOK_PATH}`) return true;
  const path = (params as { path?: unknown } | undefined)?.path;
  return routeUrl === '/trpc/:path' && typeof path === 'string' && path.split(',').includes(FACEIT_WEBHOOK_PROCEDURE);
}

/**
 * Checks the webhook's secret as soon as the request is routed, before its body is read or
 * parsed: a caller without it gets 401 and the server does nothing with what it sent, however
 * large or malformed. The procedure's own check below stays for calls that do not come over HTTP.
 */
export function checkWebhookSecretsFirst(app: FastifyInstance, config: Config): void {
  app.addHook('onRequest', async (req) => {
    if (isFaceitWebhookRoute(req.routeOptions.url, req.params)) checkFaceitWebhookSecret(config, req.headers);
  });
}

/** Deliveries from the match platforms, authenticated by a shared secret rather than a session. */
export const webhooksRouter = router({
  faceit: publicProcedure
    .meta({
      rest: {
        method: 'POST',
        path: FACEIT_WEBHOOK_PATH,
        summary: 'A FACEIT webhook delivery',
        description:
          'The shared secret (FACEIT_WEBHOOK_SECRET) in the header FACEIT_WEBHOOK_HEADER (default X-Webhook-Secret). ' +
          'match_status_ready, _ongoing, _finished, _cancelled and _aborted queue a refresh of that match from Faceit ' +
          '(an Update Matches job, retried while Faceit fails) and answer 200 {status: queued, job_id} at once; a match has one ' +
          'refresh waiting at most, so a delivery while one waits answers that job_id; while the last two refreshes of the match ' +
          'failed within 15 minutes, a delivery queues none and answers {status: deferred} (the scheduled sync refreshes it); other events, ' +
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
