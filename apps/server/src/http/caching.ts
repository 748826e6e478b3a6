import { createHash } from 'node:crypto';
import type { FastifyInstance } from 'fastify';

/** How long browsers and proxies may keep public reads (within the 5-minute freshness of docs/product.md, constants). */
export const PUBLIC_MAX_AGE_SECONDS = 60;

/**
 * Whether an If-None-Match header names this ETag: '*', or a comma-separated list compared
 * weakly (RFC 9110: a W/ prefix does not matter for If-None-Match).
 */
export function ifNoneMatchHits(header: string | undefined, etag: string): boolean {
  if (!header) return false;
  return header.split(',').some((tag) => {
    const candidate = tag.trim();
    return candidate === '*' || candidate.replace(/^W\//, '') === etag;
  });
}

/**
 * Public GETs get Cache-Control and a strong ETag over the body; a matching If-None-Match
 * answers 304 with no body.
 */
export function registerCaching(app: FastifyInstance): void {
  app.addHook('onSend', async (req, reply, payload) => {
    if (req.method !== 'GET' || reply.statusCode !== 200) return payload;
    if (!req.url.startsWith('/v1/public/')) return payload;
    if (typeof payload !== 'string' && !Buffer.isBuffer(payload)) return payload;
    const etag = `"${createHash('sha1').update(payload).digest('base64url')}"`;
    reply.header('etag', etag);
    reply.header('cache-control', `public, max-age=${PUBLIC_MAX_AGE_SECONDS}`);
    reply.header('vary', 'accept-encoding');
    if (ifNoneMatchHits(req.headers['if-none-match'], etag)) {
      reply.code(304);
      return '';
    }
    return payload;
  });
}
