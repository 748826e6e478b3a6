import cors from '@fastify/cors';
import type { FastifyInstance } from 'fastify';

/**
 * The paths any site may read (docs/contract.md, "Reading from other sites"): the public API,
 * its OpenAPI document, the local content API, pictures and the feeds.
 */
const PUBLIC_READ_PREFIXES = ['/v1/public/', '/content/', '/media/', '/feeds/'];
const PUBLIC_READ_PATHS = new Set(['/v1/openapi.json']);
const READ_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/** Whether a route (its URL pattern and method) is a public read other origins may make. */
export function isCrossOriginRead(url: string, method: string): boolean {
  if (!READ_METHODS.has(method)) return false;
  return PUBLIC_READ_PATHS.has(url) || PUBLIC_READ_PREFIXES.some((prefix) => url.startsWith(prefix));
}

/** A day: how long a browser may keep a preflight's answer. */
const PREFLIGHT_MAX_AGE_SECONDS = 86_400;

/**
 * CORS, configured once (decisions/0080-cors-for-public-reads.md). Off by default; each public
 * read is marked `Access-Control-Allow-Origin: *` as it is declared, for every origin and
 * without credentials, so its answer does not depend on the Origin header (no `Vary: Origin`)
 * and the response cache keeps and replays it as it is. Everything else (staff paths, tRPC,
 * pages, unknown paths) stays same-origin: no CORS header, and a preflight answers 404.
 * Register before any route.
 */
export async function registerCors(app: FastifyInstance): Promise<void> {
  app.addHook('onRoute', (route) => {
    const methods = [route.method].flat();
    if (methods.every((method) => isCrossOriginRead(route.url ?? route.path, method))) route.config = { ...route.config, cors: { origin: '*' } } as typeof route.config;
  });
  await app.register(cors, {
    origin: false,
    credentials: false,
    methods: [...READ_METHODS],
    maxAge: PREFLIGHT_MAX_AGE_SECONDS,
    // A bare OPTIONS (no Access-Control-Request-Method) gets the same 204 as a preflight.
    strictPreflight: false,
  });
  // The plugin's own OPTIONS route matches every path and stays off; these are the preflights
  // of the public reads. @fastify/cors answers them in onRequest (204).
  for (const path of ['/v1/public/*', '/v1/openapi.json', '/content/*', '/media/*', '/feeds/*']) {
    app.options(path, (_req, reply) => reply.callNotFound());
  }
}
