import type { IncomingMessage, ServerResponse } from 'node:http';
import { brotliCompressSync, constants as zlibConstants, gzipSync } from 'node:zlib';
import { Negotiator } from '@fastify/accept-negotiator';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { LRUCache } from 'lru-cache';
import { SESSION_COOKIE_NAME } from '../features/auth/cookies';
import { ifNoneMatchHits, PUBLIC_MAX_AGE_SECONDS, publicReadOf } from './caching';

/** Answers smaller than this go out uncompressed, as @fastify/compress does (app.ts). */
export const COMPRESS_THRESHOLD_BYTES = 1024;

type Encoding = 'br' | 'gzip' | 'identity';

/** Headers that belong to one response, not to the answer: never kept. */
const PER_RESPONSE_HEADERS = new Set([
  'content-length',
  'content-encoding',
  'date',
  'connection',
  'keep-alive',
  'transfer-encoding',
  'set-cookie',
  // Depends on how the request came (https or not): added to each hit (ResponseCacheOptions).
  'strict-transport-security',
  // The leader's own timings (web-app.ts): a hit took none of them.
  'server-timing',
]);

/**
 * A JSON answer runs no inline script or style, so its kept copy carries the leader's policy
 * without the leader's nonce (stricter). A page keeps its policy whole: its scripts are allowed
 * by their hashes and its styles by the nonce it was rendered with (docs/decisions/0097).
 */
const withoutNonces = (policy: string) => policy.replace(/ 'nonce-[^']*'/g, '');

/** One public read's answer, as sent: the same bytes in each encoding, and its validator. */
export interface CachedAnswer {
  etag: string;
  bodies: Readonly<Partial<Record<Encoding, Buffer>>> & { identity: Buffer };
  /**
   * The header lines of each answer it gives, as writeHead takes them ([name, value, ...]):
   * every header the leader's answer had (security headers included) but those of one
   * response, then each body's length and encoding; `notModified` is the 304's.
   */
  heads: Readonly<Partial<Record<Encoding, string[]>>> & { notModified: string[] };
}

/** The first request for a key runs the procedure; the others for the same key wait for it. */
interface Flight {
  /** The cache's generation when it started: bumped by every data change notice, so an answer built across one is not kept. */
  generation: number;
  done: Promise<void>;
  land(): void;
}

/**
 * The cache key of a public read, or undefined for any other path: the path and the query
 * string with its parameters sorted by name (values of one name keep their order), so
 * `?a=1&b=2` and `?b=2&a=1` share an entry.
 */
export function cacheKeyOf(url: string): string | undefined {
  const mark = url.indexOf('?');
  const path = mark === -1 ? url : url.slice(0, mark);
  if (!publicReadOf(url)) return undefined;
  const params = new URLSearchParams(mark === -1 ? '' : url.slice(mark + 1));
  params.sort();
  const query = params.toString();
  return query ? `${path}?${query}` : path;
}

const sessionCookie = new RegExp(`(?:^|;)\\s*${SESSION_COOKIE_NAME}=`);

/**
 * Only anonymous requests share answers: a session (cookie or Bearer token) skips the cache
 * both ways. A tRPC client asking for streamed answers (jsonl) gets another body for the same URL.
 */
function mayShare(req: Pick<IncomingMessage, 'headers'>): boolean {
  const { authorization, cookie, accept } = req.headers;
  if (authorization !== undefined) return false;
  if (cookie !== undefined && sessionCookie.test(cookie)) return false;
  if (req.headers['trpc-accept'] !== undefined || accept?.includes('jsonl')) return false;
  return true;
}

export interface ResponseCacheOptions {
  /** The most bytes (every encoding of every answer) kept; the least recently used go first. */
  maxBytes: number;
  /** The Strict-Transport-Security this request gets, if any (security-headers.ts). */
  strictTransportSecurity?: (req: IncomingMessage) => string | undefined;
  /**
   * Without PUBLIC_URL, /v1's pictures are absolute on the request's own origin
   * (http/absolute-urls.ts): answers are then kept per host, so one host never gets
   * another's URLs.
   */
  keyedByHost?: boolean;
}

/** What decides the request's origin (Fastify's req.host and req.protocol read these). */
const hostOf = (req: IncomingMessage) =>
  [req.headers.host, req.headers['x-forwarded-host'], req.headers['x-forwarded-proto'], (req.socket as { encrypted?: boolean } | null)?.encrypted ? 'tls' : ''].join('|');

/**
 * Anonymous public GETs answered from memory (docs/architecture.md, "The response cache").
 * Every data change notice empties it; while no notice can arrive (the listening connection
 * is away), it neither answers nor keeps anything.
 */
export class ResponseCache {
  private readonly answers: LRUCache<string, CachedAnswer>;
  private readonly flights = new Map<string, Flight>();
  private readonly leaders = new WeakMap<FastifyRequest, { key: string; flight: Flight }>();
  private readonly served = new WeakSet<FastifyRequest>();
  private readonly encodings = new Negotiator<Encoding>({
    supportedValues: ['br', 'gzip', 'identity'],
    // Accept-Encoding is the client's text: remember only a few of them.
    cache: new LRUCache<string, string>({ max: 100 }),
  });
  private generation = 0;
  private listening = false;
  private readonly strictTransportSecurity: (req: IncomingMessage) => string | undefined;
  private readonly keyedByHost: boolean;

  constructor(options: ResponseCacheOptions) {
    this.strictTransportSecurity = options.strictTransportSecurity ?? (() => undefined);
    this.keyedByHost = options.keyedByHost ?? false;
    this.answers = new LRUCache({
      maxSize: options.maxBytes,
      sizeCalculation: (answer, key) => key.length + Object.values(answer.bodies).reduce((sum, body) => sum + body.length, 0),
      // Data changes empty the cache; this bounds what the clock alone changes (the current season).
      ttl: PUBLIC_MAX_AGE_SECONDS * 1000,
    });
  }

  /** The data changed (or may have, unheard): nothing built before may be answered again. */
  invalidate(): void {
    this.generation += 1;
    this.answers.clear();
    this.flights.clear();
  }

  /** Whether data change notices can arrive; the cache works only while they can. */
  setListening(listening: boolean): void {
    this.listening = listening;
    this.invalidate();
  }

  /** Whether it answers now (it does not while the data change listener is away). */
  get active(): boolean {
    return this.listening;
  }

  /** How many answers it holds, and their bytes (tests, logs). */
  get stats(): { entries: number; bytes: number } {
    return { entries: this.answers.size, bytes: this.answers.calculatedSize };
  }

  /**
   * onRequest: answers a hit; makes the first request of a missed key its leader; lets the
   * others wait for the leader and then answers them from what it stored (or lets them run
   * when it stored nothing).
   */
  async answer(req: FastifyRequest, reply: FastifyReply): Promise<boolean> {
    if (!this.listening || req.method !== 'GET' || !mayShare(req)) return false;
    const key = this.keyOf(req.raw);
    if (key === undefined) return false;
    let answer = this.answers.get(key);
    if (!answer) {
      const flight = this.flights.get(key);
      if (!flight) {
        this.leaders.set(req, { key, flight: this.startFlight(key) });
        return false;
      }
      await flight.done;
      answer = this.answers.get(key);
      if (!answer) return false;
    }
    this.send(req, reply, answer);
    return true;
  }

  /**
   * The front door (http-server.ts): a hit already kept is written before Fastify makes
   * its request, reply and logger, so it costs about what the bare HTTP stack does. Anything
   * else (a miss, a wait for a leader) answers false and goes on to Fastify.
   */
  answerRaw(req: IncomingMessage, res: ServerResponse): boolean {
    if (!this.listening || req.method !== 'GET' || req.url === undefined || !mayShare(req)) return false;
    const key = this.keyOf(req);
    const answer = key === undefined ? undefined : this.answers.get(key);
    if (!answer) return false;
    this.write(req, res, answer);
    return true;
  }

  private keyOf(req: IncomingMessage): string | undefined {
    const key = req.url === undefined ? undefined : cacheKeyOf(req.url);
    return key !== undefined && this.keyedByHost ? `${hostOf(req)} ${key}` : key;
  }

  /** Whether this request was answered from the cache (onSend leaves it alone). */
  answered(req: FastifyRequest): boolean {
    return this.served.has(req);
  }

  /**
   * onSend of a leader's 200 answer: keeps it, unless data changed while it was built (then
   * answers undefined), and lets its followers go.
   */
  keep(req: FastifyRequest, reply: FastifyReply, body: Buffer, etag: string): CachedAnswer | undefined {
    const leader = this.leaders.get(req);
    if (!leader || leader.flight.generation !== this.generation || !this.listening) return undefined;
    const answer = keptAnswer(etag, reply.getHeaders(), compressed(body));
    this.answers.set(leader.key, answer);
    this.land(req);
    return answer;
  }

  /** onResponse: a leader's flight ends however its request ended, so no follower waits forever. */
  land(req: FastifyRequest): void {
    const leader = this.leaders.get(req);
    if (!leader) return;
    this.leaders.delete(req);
    if (this.flights.get(leader.key) === leader.flight) this.flights.delete(leader.key);
    leader.flight.land();
  }

  private startFlight(key: string): Flight {
    let land!: () => void;
    const done = new Promise<void>((resolve) => (land = resolve));
    const flight = { generation: this.generation, done, land };
    this.flights.set(key, flight);
    return flight;
  }

  /** A hit that reached Fastify (it waited for its leader, or came through inject). */
  private send(req: FastifyRequest, reply: FastifyReply, answer: CachedAnswer): void {
    this.served.add(req);
    reply.hijack();
    this.write(req.raw, reply.raw, answer);
  }

  /**
   * Writes a hit straight to the socket: the kept headers and bytes need none of Fastify's
   * reply work (serialisers, onSend hooks, helmet's policy built anew), which is most of what
   * a hit would otherwise cost (docs/architecture.md, "The response cache").
   */
  private write(req: IncomingMessage, res: ServerResponse, answer: CachedAnswer): void {
    const hsts = this.strictTransportSecurity(req);
    const withHsts = (head: string[]) => (hsts ? [...head, 'strict-transport-security', hsts] : head);
    if (ifNoneMatchHits(req.headers['if-none-match'], answer.etag)) {
      res.writeHead(304, withHsts(answer.heads.notModified)).end();
      return;
    }
    const encoding = this.encodingFor(req.headers['accept-encoding'], answer);
    res.writeHead(200, withHsts(answer.heads[encoding]!)).end(answer.bodies[encoding]);
  }

  /** The answer's bytes in the encoding the client takes best, with the header that says which. */
  bodyFor(req: FastifyRequest, reply: FastifyReply, answer: CachedAnswer): Buffer {
    const encoding = this.encodingFor(req.headers['accept-encoding'], answer);
    if (encoding === 'identity') return answer.bodies.identity;
    reply.header('content-encoding', encoding);
    return answer.bodies[encoding]!;
  }

  /** The best encoding the client takes that this answer has (small answers have only identity). */
  private encodingFor(accepted: string | undefined, answer: CachedAnswer): Encoding {
    const encoding = accepted ? (this.encodings.negotiate(accepted.toLowerCase()) ?? 'identity') : 'identity';
    return answer.bodies[encoding] ? encoding : 'identity';
  }
}

/** A leader's answer as kept: its bodies, and the header lines each of them goes out with. */
function keptAnswer(etag: string, replyHeaders: Record<string, string | number | string[] | undefined>, bodies: CachedAnswer['bodies']): CachedAnswer {
  // x-cache for operators and the tests: this answer touched no procedure and no database.
  const shared = ['x-cache', 'hit'];
  const page = String(replyHeaders['content-type'] ?? '').startsWith('text/html');
  for (const [name, value] of Object.entries(replyHeaders)) {
    if (value === undefined || PER_RESPONSE_HEADERS.has(name)) continue;
    for (const line of Array.isArray(value) ? value : [String(value)]) shared.push(name, name === 'content-security-policy' && !page ? withoutNonces(line) : line);
  }
  const heads: { notModified: string[] } & Partial<Record<Encoding, string[]>> = { notModified: shared };
  for (const [encoding, body] of Object.entries(bodies) as [Encoding, Buffer][]) {
    heads[encoding] = [...shared, 'content-length', String(body.length), ...(encoding === 'identity' ? [] : ['content-encoding', encoding])];
  }
  return { etag, bodies, heads };
}

/** The same bytes gzip- and brotli-compressed with @fastify/compress's settings, when big enough to gain. */
function compressed(identity: Buffer): CachedAnswer['bodies'] {
  if (identity.length < COMPRESS_THRESHOLD_BYTES) return { identity };
  return {
    identity,
    gzip: gzipSync(identity),
    br: brotliCompressSync(identity, {
      params: { [zlibConstants.BROTLI_PARAM_MODE]: zlibConstants.BROTLI_MODE_TEXT, [zlibConstants.BROTLI_PARAM_QUALITY]: 4 },
    }),
  };
}

declare module 'fastify' {
  interface FastifyInstance {
    /** The response cache, when it is on (app.ts). */
    responseCache?: ResponseCache;
  }
}

/** A write to the API: what may change data, so the writer's own cache may have to be emptied. */
const isApiWrite = (req: FastifyRequest) =>
  req.method !== 'GET' && req.method !== 'HEAD' && req.method !== 'OPTIONS' && (req.url.startsWith('/trpc/') || req.url.startsWith('/v1/'));

/**
 * Registers the cache's request hooks, first of all hooks (app.ts): hits are answered in
 * onRequest, before the security headers, the cookie parser, the router's handler, tRPC, zod or SQL; the leader's answer is kept by caching.ts's
 * onSend. A write through this replica that changed data empties it before its answer leaves
 * (the notice from the database follows): the data version (`dataVersion`) is read before the
 * write runs and again after, and only a write during which it moved empties the cache. A
 * write that answered 200 but changed nothing (an anonymous sign-out) leaves it alone.
 */
export function registerResponseCache(app: FastifyInstance, cache: ResponseCache, dataVersion: () => Promise<string>): void {
  app.decorate('responseCache', cache);
  const versionsBefore = new WeakMap<FastifyRequest, string | undefined>();
  const versionNow = () => dataVersion().catch(() => undefined);
  app.addHook('onRequest', async (req, reply) => {
    // While the cache does not answer there is nothing to keep fresh (and no need to ask the database).
    if (isApiWrite(req) && cache.active) versionsBefore.set(req, await versionNow());
    else if (await cache.answer(req, reply)) return reply;
  });
  app.addHook('onSend', async (req, reply, payload) => {
    if (!versionsBefore.has(req)) return payload;
    const before = versionsBefore.get(req);
    // A refused write (a visitor's junk POST) changed nothing.
    const status = payload instanceof Response ? payload.status : reply.statusCode;
    if (status >= 400) return payload;
    // A version that could not be read counts as moved: emptying is never wrong.
    const after = await versionNow();
    if (before === undefined || after === undefined || after !== before) cache.invalidate();
    return payload;
  });
  app.addHook('onResponse', async (req) => cache.land(req));
}
