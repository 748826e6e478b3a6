import { existsSync, readFileSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import compress from '@fastify/compress';
import cookie from '@fastify/cookie';
import fastifyStatic from '@fastify/static';
import { fastifyTRPCPlugin, type FastifyTRPCPluginOptions } from '@trpc/server/adapters/fastify';
import Fastify, { type FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import { registerAuthRest } from './features/auth/rest';
import { registerClearDatabaseRest } from './features/clear-database/rest';
import { registerImageProxyRoutes } from './features/image-proxy/routes';
import { registerContentRoutes } from './features/content/routes';
import { registerEloRest } from './features/elo/rest';
import { registerImportsRest } from './features/imports/rest';
import { registerMediaRoutes } from './features/media/routes';
import { registerMergeRest } from './features/merge/rest';
import { registerPlayersAdminRest } from './features/players/admin-rest';
import { registerPublicRest } from './features/public-rest';
import { registerRankingsAdminRest } from './features/rankings/admin-rest';
import { registerSeasonsAdminRest } from './features/seasons/admin-rest';
import { registerTeamsAdminRest } from './features/teams/admin-rest';
import { registerViewerRest } from './features/viewer/rest';
import { registerCaching } from './http/caching';
import { appRouter, type AppRouter } from './router';
import { createContext, type AppDeps } from './trpc';

export interface BuildAppOptions extends AppDeps {
  /** Quiet logs in tests. */
  logger?: boolean;
}

/** Where the built web app lives: WEB_DIST, else apps/web/dist beside this package. */
function webDistFolder(configured: string | undefined): string | undefined {
  const here = dirname(fileURLToPath(import.meta.url));
  const candidate = configured ?? resolve(here, '../../web/dist');
  return existsSync(resolve(candidate, 'index.html')) ? candidate : undefined;
}

/**
 * The web app's runtime settings, embedded as inert JSON (never executed) so the first
 * paint already knows the site name and where news comes from.
 */
export function siteSettings(config: BuildAppOptions['config']) {
  return {
    siteName: config.siteName,
    sanity: config.sanity.projectId
      ? { projectId: config.sanity.projectId, dataset: config.sanity.dataset, apiVersion: config.sanity.apiVersion, local: false }
      : { projectId: 'local', dataset: config.sanity.dataset, apiVersion: config.sanity.apiVersion, local: true },
  };
}

function renderIndexHtml(template: string, config: BuildAppOptions['config']): string {
  const json = JSON.stringify(siteSettings(config)).replace(/</g, '\\u003c');
  const escapedName = config.siteName.replace(/[&<>"]/g, (c) => `&#${c.charCodeAt(0)};`);
  return template
    .replace('<!--site-settings-->', `<script id="site-settings" type="application/json">${json}</script>`)
    .replace(/<title>[^<]*<\/title>/, `<title>${escapedName}</title>`);
}

export async function buildApp(options: BuildAppOptions): Promise<FastifyInstance> {
  const { db, config } = options;
  const deps: AppDeps = { db, config };
  const app = Fastify({
    logger: options.logger === false ? false : { level: config.logLevel },
    trustProxy: config.trustProxy,
    bodyLimit: 12 * 1024 * 1024,
    genReqId: () => crypto.randomUUID(),
    requestIdHeader: 'x-request-id',
  });

  // Before compress, so the ETag hook sees the plain body.
  registerCaching(app);
  await app.register(compress, { global: true, threshold: 1024 });
  await app.register(cookie);

  app.get('/healthz', async (_req, reply) => {
    try {
      await sql`SELECT 1`.execute(db);
      return { status: 'ok' };
    } catch {
      return reply.code(503).send({ status: 'unavailable' });
    }
  });

  await app.register(fastifyTRPCPlugin, {
    prefix: '/trpc',
    trpcOptions: {
      router: appRouter,
      createContext: ({ req, res }) => createContext(deps, req, res),
      onError({ error, path }) {
        if (error.code === 'INTERNAL_SERVER_ERROR') app.log.error({ err: error.cause ?? error, path }, 'tRPC error');
      },
    } satisfies FastifyTRPCPluginOptions<AppRouter>['trpcOptions'],
  });

  await app.register(
    async (v1) => {
      await registerPublicRest(v1, deps);
      await registerAuthRest(v1, deps);
      await registerTeamsAdminRest(v1, deps);
      await registerPlayersAdminRest(v1, deps);
      await registerSeasonsAdminRest(v1, deps);
      await registerViewerRest(v1, deps);
      await registerImportsRest(v1, deps);
      await registerEloRest(v1, deps);
      await registerRankingsAdminRest(v1, deps);
      await registerMergeRest(v1, deps);
      await registerClearDatabaseRest(v1, deps);
      await registerImageProxyRoutes(v1, deps);
      v1.setNotFoundHandler((req, reply) => reply.code(404).send({ error: `No such path: ${req.method} ${req.url.split('?')[0]}` }));
    },
    { prefix: '/v1' },
  );

  await registerMediaRoutes(app, deps);
  await registerContentRoutes(app, deps);

  const webRoot = webDistFolder(config.webDist);
  const indexHtml = webRoot ? renderIndexHtml(readFileSync(resolve(webRoot, 'index.html'), 'utf8'), config) : undefined;
  if (webRoot) {
    await app.register(fastifyStatic, {
      root: webRoot,
      wildcard: false,
      index: false,
      setHeaders(res, path) {
        // Hashed bundles never change; index.html must always be revalidated.
        res.setHeader('cache-control', path.includes('/assets/') ? 'public, max-age=31536000, immutable' : 'no-cache');
      },
    });
  }

  app.setNotFoundHandler((req, reply) => {
    const path = req.url.split('?')[0] ?? '/';
    const isApi = /^\/(v1|trpc|media|content|healthz)(\/|$)/.test(path);
    if (req.method === 'GET' && !isApi && indexHtml) {
      // Single-page app: every other path is a client route.
      return reply.header('cache-control', 'no-cache').type('text/html; charset=utf-8').send(indexHtml);
    }
    return reply.code(404).send({ error: `No such path: ${req.method} ${path}` });
  });

  app.setErrorHandler((error: Error & { statusCode?: number; validation?: unknown }, req, reply) => {
    const status = error.statusCode && error.statusCode >= 400 && error.statusCode < 500 ? error.statusCode : 500;
    if (status === 500) req.log.error({ err: error }, 'unhandled error');
    return reply.code(status).send({ error: status === 500 ? 'Internal server error' : error.message });
  });

  return app;
}
