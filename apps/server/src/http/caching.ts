import { createHash } from 'node:crypto';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { isServerRenderedPage } from './page-routes';
import type { ResponseCache } from './response-cache';

/** How long browsers and proxies may keep public reads (within the 5-minute freshness of docs/product.md, constants). */
export const PUBLIC_MAX_AGE_SECONDS = 60;

const PUBLIC_TRPC_PROCEDURE = 'public.';

export interface PublicRead {
  /**
   * REST answers may be kept a minute by browsers and proxies. tRPC answers are the web app's,
   * whose React Query decides freshness (and a staff member's edit must show at once), so
   * browsers revalidate them every time, which the ETag makes cheap.
   */
  cacheControl: string;
}

const restRead: PublicRead = { cacheControl: `public, max-age=${PUBLIC_MAX_AGE_SECONDS}` };
const trpcRead: PublicRead = { cacheControl: 'no-cache' };
/** A page carries this response's CSP nonce for its styles: browsers ask again each time (the ETag makes it cheap). */
const pageRead: PublicRead = { cacheControl: 'no-cache' };

/**
 * The live stream (features/live/routes.ts) never ends: no ETag, no cached copy, and no
 * single flight that would make a second visitor wait for the first one's stream to end.
 */
const STREAM_PATH = '/v1/public/stream';

/**
 * Whether a GET of this URL is a public read: a /v1/public path (the live stream aside), a
 * tRPC call (one or a batch) of `public.*` procedures only, or a public page the server
 * renders (page-routes.ts). Their answers are the same for everyone.
 */
export function publicReadOf(url: string): PublicRead | undefined {
  const mark = url.indexOf('?');
  const path = mark === -1 ? url : url.slice(0, mark);
  if (path === STREAM_PATH) return undefined;
  if (path.startsWith('/v1/public/')) return restRead;
  if (!path.startsWith('/trpc/')) return isServerRenderedPage(path) ? pageRead : undefined;
  let procedures: string[];
  try {
    procedures = decodeURIComponent(path.slice('/trpc/'.length)).split(',');
  } catch {
    return undefined;
  }
  return procedures.every((name) => name.startsWith(PUBLIC_TRPC_PROCEDURE)) ? trpcRead : undefined;
}

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

/** Adds a field to Vary unless it is there. */
export function appendVary(reply: FastifyReply, field: string): void {
  const vary = reply.getHeader('vary');
  const fields = vary === undefined ? [] : String(vary).split(',').map((f) => f.trim().toLowerCase());
  if (!fields.includes(field)) reply.header('vary', [...fields, field].join(', '));
}

const etagOf = (body: Buffer) => `"${createHash('sha1').update(body).digest('base64url')}"`;

/**
 * A tRPC answer reaches onSend as a fetch Response whose status and headers are not yet the
 * reply's: take them over, and its body as bytes, so the ETag and the cache see what is sent.
 */
async function takeOverResponse(reply: FastifyReply, response: Response): Promise<Buffer | Response> {
  // A streamed batch (jsonl) is left to stream.
  if (!response.headers.get('content-type')?.startsWith('application/json') || response.headers.has('transfer-encoding')) return response;
  reply.code(response.status);
  for (const [name, value] of response.headers) reply.header(name, value);
  return Buffer.from(await response.arrayBuffer());
}

/**
 * Public reads get Cache-Control and a strong ETag over the body; a matching If-None-Match
 * answers 304 with no body. With the response cache, an anonymous leader's 200 is kept and
 * sent in the encoding the cache keeps for it; answers the cache gave are left alone.
 */
export function registerCaching(app: FastifyInstance, cache: ResponseCache | undefined): void {
  app.addHook('onSend', async (req, reply, payload) => {
    if (req.method !== 'GET' || cache?.answered(req)) return payload;
    const read = publicReadOf(req.url);
    if (!read) return payload;
    const body = payload instanceof Response ? await takeOverResponse(reply, payload) : payload;
    if (typeof body !== 'string' && !Buffer.isBuffer(body)) return body;
    if (reply.statusCode !== 200) return body;
    // Encoded once and sent as these bytes: a page is a large string, and the ETag, the cache
    // and the reply each encoding it again cost a top team's page about 3 ms.
    const bytes = typeof body === 'string' ? Buffer.from(body) : body;
    const etag = etagOf(bytes);
    reply.header('etag', etag);
    reply.header('cache-control', read.cacheControl);
    appendVary(reply, 'accept-encoding');
    const kept = cache?.keep(req, reply, bytes, etag);
    if (ifNoneMatchHits(req.headers['if-none-match'], etag)) {
      reply.code(304);
      return '';
    }
    return kept ? cache!.bodyFor(req, reply, kept) : bytes;
  });
}
