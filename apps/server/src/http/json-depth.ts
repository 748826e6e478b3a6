import type { FastifyInstance } from 'fastify';
import { invalid } from '../lib/errors';

/**
 * How deeply a JSON request body may nest objects and arrays. Our inputs nest a few levels (an
 * import's preview about six); recursive code further on (zod, JSON.stringify into the job
 * queue) would overflow the stack on a body nested a million deep (docs/architecture.md, "Request bodies").
 */
export const MAX_JSON_DEPTH = 64;

const tooDeep = () => invalid(`The JSON body nests deeper than ${MAX_JSON_DEPTH} levels`);

/** Whether `text` opens more than `limit` objects or arrays inside each other: one pass, no recursion, strings skipped. */
export function jsonNestsDeeperThan(text: string, limit: number): boolean {
  let depth = 0;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (inString) {
      if (c === 0x5c /* \ */) i++;
      else if (c === 0x22 /* " */) inString = false;
    } else if (c === 0x22) {
      inString = true;
    } else if (c === 0x7b /* { */ || c === 0x5b /* [ */) {
      if (++depth > limit) return true;
    } else if (c === 0x7d /* } */ || c === 0x5d /* ] */) {
      depth--;
    }
  }
  return false;
}

/**
 * Fastify's JSON parser (with its prototype-poisoning checks) behind a depth check, for every
 * route outside /trpc. Register before the routes.
 */
export function limitJsonDepth(app: FastifyInstance): void {
  const parseJson = app.getDefaultJsonParser('error', 'error');
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (req, body, done) => {
    if (jsonNestsDeeperThan(body as string, MAX_JSON_DEPTH)) return done(tooDeep(), undefined);
    return parseJson(req, body as string, done);
  });
}

/**
 * The tRPC adapter hands the body to tRPC as text, which parses it itself: the same check on
 * that text, before tRPC sees it. Register inside the tRPC plugin's context.
 */
export function limitTrpcJsonDepth(trpc: FastifyInstance): void {
  trpc.addHook('preValidation', async (req) => {
    if (typeof req.body === 'string' && jsonNestsDeeperThan(req.body, MAX_JSON_DEPTH)) throw tooDeep();
  });
}
