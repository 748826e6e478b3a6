import { existsSync, readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { entityPathInput, LOCAL_CONTENT_PROJECT_ID } from '@campus-elo/api-contract';
import type { Database } from '@campus-elo/db';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Kysely } from 'kysely';
import type { Config } from '../config';
import { matchExists } from '../features/matches/match-page';
import { visiblePlayerExists } from '../features/players/page-queries';
import { teamExists } from '../features/teams/page-queries';
import type { AppDeps } from '../trpc';
import { restErrorResponse } from './errors';
import { cspNonce } from './security-headers';

/**
 * The web app's pages (apps/web/src/routes), in Fastify's syntax. These answer index.html
 * with 200; any other page answers the same index.html with 404, and the app shows its
 * not-found page. A test checks that every route file of the web app is listed here.
 */
export const CLIENT_ROUTES = [
  '/',
  '/news',
  '/news/:slug',
  '/rankings',
  '/matches',
  '/matches/:id',
  '/teams/:id',
  '/players/:id',
  '/events',
  '/search',
  '/signin',
  '/admin',
  '/admin/graphic',
] as const;

/**
 * Pages of one thing: their document answers 404 when the id is malformed or names nothing
 * (a hidden player counts as nothing), so search engines and link checkers see what the
 * visitor sees. One primary-key lookup each.
 */
const ENTITY_PAGES: Partial<Record<(typeof CLIENT_ROUTES)[number], (db: Kysely<Database>, id: string) => Promise<boolean>>> = {
  '/teams/:id': teamExists,
  '/players/:id': visiblePlayerExists,
  '/matches/:id': matchExists,
};

/** Paths that are never pages: their unknown URLs answer JSON 404s. */
const NOT_PAGES = /^\/(v1|trpc|media|content|feeds|healthz|assets)(\/|$)/;

/** Stands for the response's CSP nonce in index.html (the web build writes it: vite.config.ts, html.cspNonce). */
export const NONCE_PLACEHOLDER = '__CSP_NONCE__';

/**
 * Where the built web app lives: WEB_DIST, else apps/web/dist beside the server package
 * (found by walking up to its package.json: this module runs from src/ and from the bundle).
 */
function webDistFolder(configured: string | undefined): string | undefined {
  let serverPackage = dirname(fileURLToPath(import.meta.url));
  while (!existsSync(join(serverPackage, 'package.json')) && dirname(serverPackage) !== serverPackage) serverPackage = dirname(serverPackage);
  const candidate = configured ?? resolve(serverPackage, '../web/dist');
  return existsSync(resolve(candidate, 'index.html')) ? candidate : undefined;
}

/**
 * The web app's runtime settings, embedded as inert JSON (never executed) so the first
 * paint already knows the site name and where news comes from.
 */
export function siteSettings(config: Config) {
  return {
    siteName: config.siteName,
    sanity: config.sanity.projectId
      ? { projectId: config.sanity.projectId, dataset: config.sanity.dataset, apiVersion: config.sanity.apiVersion, local: false }
      : { projectId: LOCAL_CONTENT_PROJECT_ID, dataset: config.sanity.dataset, apiVersion: config.sanity.apiVersion, local: true },
  };
}

/**
 * index.html with the settings and the site name written in, and every script and style
 * element carrying the nonce placeholder, so each response only swaps in its own nonce.
 */
export function indexHtmlTemplate(template: string, config: Config): string {
  const json = JSON.stringify(siteSettings(config)).replace(/</g, '\\u003c');
  const escapedName = config.siteName.replace(/[&<>"]/g, (c) => `&#${c.charCodeAt(0)};`);
  return template
    .replace('<!--site-settings-->', `<script id="site-settings" type="application/json">${json}</script>`)
    .replace(/<title>[^<]*<\/title>/, `<title>${escapedName}</title>`)
    .replace(/<(script|style)\b(?![^>]*\snonce=)/g, `<$1 nonce="${NONCE_PLACEHOLDER}"`);
}

/**
 * Serves the built web app: hashed bundles under /assets/ cached for a year, other files
 * revalidated, and index.html (with this response's CSP nonce) for every page.
 */
export async function registerWebApp(app: FastifyInstance, { db, config }: AppDeps): Promise<void> {
  const root = webDistFolder(config.webDist);
  const template = root ? indexHtmlTemplate(readFileSync(resolve(root, 'index.html'), 'utf8'), config) : undefined;

  const sendPage = (reply: FastifyReply, status: number) =>
    reply
      .code(status)
      .header('cache-control', 'no-cache')
      .type('text/html; charset=utf-8')
      .send(template!.replaceAll(NONCE_PLACEHOLDER, cspNonce(reply)));

  if (root && template) {
    await app.register(fastifyStatic, {
      root,
      wildcard: false,
      index: false,
      // index.html is only ever served rendered, below.
      allowedPath: (path) => path !== '/index.html',
      // Our own header, not the plugin's 'max-age=0', which would overwrite it.
      cacheControl: false,
      setHeaders(res, path) {
        res.setHeader('cache-control', /[\\/]assets[\\/]/.test(path) ? 'public, max-age=31536000, immutable' : 'no-cache');
      },
    });
    for (const route of CLIENT_ROUTES) {
      const exists = ENTITY_PAGES[route];
      const handler = exists
        ? async (req: FastifyRequest, reply: FastifyReply) => {
            const input = entityPathInput.safeParse(req.params);
            if (!input.success) return sendPage(reply, 404);
            try {
              return sendPage(reply, (await exists(db, input.data.id)) ? 200 : 404);
            } catch (error) {
              // The database failing (503) or a bug (500): the page still loads and says so itself.
              const { status, headers, internal } = restErrorResponse(error);
              if (internal) req.log.error({ err: error }, 'page existence check failed');
              return sendPage(reply.headers(headers), status);
            }
          }
        : (_req: FastifyRequest, reply: FastifyReply) => sendPage(reply, 200);
      for (const url of route === '/' ? [route] : [route, `${route}/`]) app.get(url, handler);
    }
  }

  app.setNotFoundHandler((req, reply) => {
    const path = req.url.split('?')[0] ?? '/';
    if ((req.method === 'GET' || req.method === 'HEAD') && template && !NOT_PAGES.test(path)) return sendPage(reply, 404);
    return reply.code(404).send({ error: `No such path: ${req.method} ${path}` });
  });
}
