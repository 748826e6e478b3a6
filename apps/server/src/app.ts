import { logRequestsInOneLine, readableLogStream } from './http/readable-log';
import { setTimeout as sleep } from 'node:timers/promises';
import compress from '@fastify/compress';
import cookie from '@fastify/cookie';
import { fastifyTRPCPlugin, type FastifyTRPCPluginOptions } from '@trpc/server/adapters/fastify';
import Fastify, { type FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import { DATA_CHANGED_CHANNEL, readDataVersion, type DatabaseHandle } from '@campus-elo/db';
import { registerContentRoutes } from './features/content/routes';
import { registerEmbedRoutes } from './features/embeds/routes';
import { checkWebhookSecretsFirst } from './features/webhooks/router';
import { registerFeedRoutes } from './features/feeds/routes';
import { notificationSource } from './features/live/notifications';
import { registerLiveRoutes } from './features/live/routes';
import { registerMediaRoutes } from './features/media/routes';
import { registerOgImageRoutes } from './features/pages/og-image';
import { registerSitemapRoutes } from './features/pages/sitemap';
import { registerApiDocs } from './http/api-docs';
import { BODY_LIMIT, limitTrpcBodies } from './http/body-limits';
import { registerCaching } from './http/caching';
import { registerCors } from './http/cors';
import { answerClientError, answerFrameworkError, registerErrorHandler } from './http/error-handler';
import { limitJsonDepth, limitTrpcJsonDepth } from './http/json-depth';
import { restErrorResponse, toTrpcError } from './http/errors';
import { requestInfo } from './http/request-info';
import { restEndpoints } from './http/rest-endpoints';
import { httpServerFactory } from './http/http-server';
import { COMPRESS_THRESHOLD_BYTES, registerResponseCache, ResponseCache } from './http/response-cache';
import { registerRestRoutes } from './http/rest-routes';
import { registerSecurityHeaders, strictTransportSecurityFor } from './http/security-headers';
import { MAX_TRPC_BATCH_SIZE, trpcMaxParamLength } from './http/trpc-batches';
import { registerWebApp } from './http/web-app';
import { appRouter, type AppRouter } from './router';
import { createContext, type AppDeps } from './trpc';

/**
 * The response cache, emptied by every data change notice from the database. It serves only
 * while the notices can arrive: from the first LISTEN on, and again once a lost listening
 * connection is back (emptied then, since notices sent meanwhile are lost).
 */
async function startResponseCache(app: FastifyInstance, cache: ResponseCache, listen: DatabaseHandle['listen'], db: AppDeps['db']): Promise<void> {
  let lost = false;
  const stop = await listen(DATA_CHANGED_CHANNEL, {
    onNotification: () => cache.invalidate(),
    onListening: () => {
      if (lost) app.log.info('response cache: listening for data changes again');
      lost = false;
      cache.setListening(true);
    },
    onError: (err, retryInMs) => {
      if (!lost) app.log.warn({ err, retryInMs }, 'response cache: lost the data change listener; answering uncached until it is back');
      lost = true;
      cache.setListening(false);
    },
  });
  // Closing, Fastify answers 503 with Connection: close so keep-alive clients go elsewhere;
  // the front door, before Fastify, would go on answering them hits.
  app.addHook('preClose', async () => cache.setListening(false));
  app.addHook('onClose', stop);
  registerResponseCache(app, cache, () => readDataVersion(db));
}

/** /healthz answers 503 when the database does not answer SELECT 1 within this. */
const HEALTH_CHECK_TIMEOUT_MS = 3_000;

export interface BuildAppOptions extends AppDeps {
  /** Quiet logs in tests. */
  logger?: boolean;
  /**
   * The database's change notices (DatabaseHandle.listen). The response cache needs them to
   * hear of writes: without them it stays off whatever the configuration says. The live
   * stream (/v1/public/stream) is served only with them.
   */
  listen?: DatabaseHandle['listen'];
}

export async function buildApp(options: BuildAppOptions): Promise<FastifyInstance> {
  const { db, readDb, config } = options;
  const deps: AppDeps = { db, readDb, config, jobs: options.jobs };
  const responseCache = config.responseCache.enabled && options.listen ? new ResponseCache({ maxBytes: config.responseCache.maxBytes, strictTransportSecurity: strictTransportSecurityFor(config), keyedByHost: !config.publicUrl }) : undefined;
  const app = Fastify({
    serverFactory: httpServerFactory(config.http, responseCache),
    // The demo logs readable lines (http/readable-log.ts); production, pino's JSON.
    logger: options.logger === false ? false : config.seed === 'demo' ? { level: config.logLevel, stream: readableLogStream() } : { level: config.logLevel },
    trustProxy: config.trustProxy,
    bodyLimit: BODY_LIMIT,
    routerOptions: { maxParamLength: trpcMaxParamLength(appRouter) },
    genReqId: () => crypto.randomUUID(),
    requestIdHeader: 'x-request-id',
    frameworkErrors: answerFrameworkError,
    clientErrorHandler: answerClientError,
  });
  registerErrorHandler(app);
  if (config.seed === 'demo' && options.logger !== false) logRequestsInOneLine(app);
  limitJsonDepth(app);
  checkWebhookSecretsFirst(app, config);
  // The cache's hook comes first: a hit carries the security headers it kept (response-cache.ts).
  if (responseCache && options.listen) await startResponseCache(app, responseCache, options.listen, db);
  registerSecurityHeaders(app, config);
  // Before every route: it marks each one as it is declared (http/cors.ts).
  await registerCors(app);
  // Before compress, so the ETag hook sees the plain body.
  registerCaching(app, responseCache);
  await app.register(compress, { global: true, threshold: COMPRESS_THRESHOLD_BYTES });
  await app.register(cookie);

  app.get('/healthz', async (_req, reply) => {
    const timer = new AbortController();
    try {
      // A connection whose server went silent could keep SELECT 1 waiting: answer 503 instead.
      const timeout = sleep(HEALTH_CHECK_TIMEOUT_MS, undefined, { signal: timer.signal }).then(() => {
        throw new Error('health check timed out');
      });
      await Promise.race([sql`SELECT 1`.execute(db), timeout]);
      return { status: 'ok' };
    } catch {
      return reply.code(503).send({ status: 'unavailable' });
    } finally {
      timer.abort();
    }
  });

  await app.register(async (trpc) => {
    limitTrpcBodies(trpc, appRouter);
    limitTrpcJsonDepth(trpc);
    await trpc.register(fastifyTRPCPlugin, {
      prefix: '/trpc',
      trpcOptions: {
        router: appRouter,
        maxBatchSize: MAX_TRPC_BATCH_SIZE,
        createContext: async ({ req, res }) => {
          try {
            return await createContext(deps, requestInfo(req, res));
          } catch (error) {
            throw toTrpcError(error);
          }
        },
        responseMeta({ errors }) {
          // An outage or a rate limit says when to try again, as it does on REST.
          const retryAfter = errors.map((error) => restErrorResponse(error).headers['retry-after']).find(Boolean);
          return retryAfter ? { headers: { 'retry-after': retryAfter } } : {};
        },
        onError({ error, path }) {
          if (error.code === 'INTERNAL_SERVER_ERROR') app.log.error({ err: error.cause ?? error, path }, 'tRPC error');
          if (error.code === 'SERVICE_UNAVAILABLE') app.log.warn({ err: error.cause ?? error, path }, 'database unavailable');
        },
      } satisfies FastifyTRPCPluginOptions<AppRouter>['trpcOptions'],
    });
  });

  await app.register(
    async (v1) => {
      const endpoints = restEndpoints(appRouter);
      await registerApiDocs(v1, endpoints, { title: `${config.siteName} API`, version: '1' });
      registerRestRoutes(v1, deps, appRouter);
      v1.setNotFoundHandler((req, reply) => reply.code(404).send({ error: `No such path: ${req.method} ${req.url.split('?')[0]}` }));
    },
    { prefix: '/v1' },
  );

  await registerMediaRoutes(app, deps);
  await registerContentRoutes(app, deps);
  await registerFeedRoutes(app, deps);
  // The live stream needs the database's notices; an app built without them (some tests) serves none.
  if (options.listen) registerLiveRoutes(app, deps, notificationSource(options.listen));
  await registerOgImageRoutes(app, deps);
  registerSitemapRoutes(app, deps);
  registerEmbedRoutes(app, deps);

  await registerWebApp(app, deps);

  return app;
}
