import type { FastifyInstance } from 'fastify';
import { withAbsoluteSitePathsInJson } from '../../http/absolute-urls';
import type { AppDeps } from '../../trpc';
import { siteOrigin } from '../pages/site-origin';
import { MatchFeed } from './match-feed';
import type { NotificationSource } from './notifications';

export const STREAM_PATH = '/v1/public/stream';

/** How long a browser waits before reconnecting a dropped stream (the SSE `retry:` field). */
const RECONNECT_AFTER_MS = 3_000;

/** Last-Event-ID as sent by EventSource on reconnect, or `last_event_id` for clients that cannot set headers. */
function lastEventIdOf(header: string | string[] | undefined, query: unknown): number | undefined {
  const fromQuery = typeof query === 'object' && query !== null ? (query as Record<string, unknown>).last_event_id : undefined;
  const raw = [header, fromQuery].flat().find((value) => typeof value === 'string' && value !== '');
  if (typeof raw !== 'string' || !/^\d{1,15}$/.test(raw)) return undefined;
  return Number(raw);
}

/**
 * GET /v1/public/stream: Server-Sent Events of match changes (docs/contract.md). A plain
 * Fastify route rather than a procedure: the REST layer answers one JSON body per request.
 * The reply is hijacked, so no onSend hook (compression, ETag, any response cache) ever
 * holds or rewrites it.
 */
export function registerLiveRoutes(app: FastifyInstance, deps: AppDeps, source: NotificationSource): MatchFeed {
  const feed = new MatchFeed(deps.db, source, app.log);
  // Open streams would keep close() waiting for ever: end them first.
  app.addHook('preClose', () => feed.close());

  app.get(STREAM_PATH, async (req, reply) => {
    const lastEventId = lastEventIdOf(req.headers['last-event-id'], req.query);
    reply.hijack();
    const response = reply.raw;
    // The security headers the hooks set so far (helmet's run on request).
    for (const [name, value] of Object.entries(reply.getHeaders())) if (value !== undefined) response.setHeader(name, value);
    response.writeHead(200, {
      'content-type': 'text/event-stream; charset=utf-8',
      'cache-control': 'no-cache, no-transform',
      // nginx and similar proxies would otherwise buffer the stream.
      'x-accel-buffering': 'no',
    });
    // A socket that went away meanwhile takes no more writes; its errors are nobody's concern.
    response.on('error', () => {});
    const open = () => !response.writableEnded && !response.destroyed;
    // Pictures absolute, as in /v1/public/matches (http/absolute-urls.ts).
    const origin = siteOrigin(deps.config, req);
    const client = {
      write: (chunk: string) => void (open() && response.write(withAbsoluteSitePathsInJson(chunk, origin))),
      end: () => void (open() && response.end()),
    };
    let remove: (() => void) | undefined;
    let gone = false;
    req.raw.once('close', () => {
      gone = true;
      remove?.();
    });
    try {
      await feed.ready();
      // The first bytes: the stream is live from here on.
      client.write(`retry: ${RECONNECT_AFTER_MS}\n\n`);
      remove = await feed.open(client, lastEventId);
      if (gone) remove();
    } catch (error) {
      // The database is away: the browser reconnects after `retry` and resumes.
      req.log.warn({ err: error }, 'live stream could not open');
      response.end();
    }
    return reply;
  });
  return feed;
}
