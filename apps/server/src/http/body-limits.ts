import { Transform, type Readable } from 'node:stream';
import type { AnyRouter } from '@trpc/server';
import type { FastifyInstance } from 'fastify';
import { DomainError } from '../lib/errors';
import type { ProcedureMeta } from '../trpc';

/** What a request body may weigh: most carry a few fields. */
export const BODY_LIMIT = 100 * 1024;
/**
 * Procedures with `meta.largeBody`: a picture travels inside an edit as a data URL (at most
 * 5 MB, a third more as base64), and an import carries its whole preview.
 */
export const LARGE_BODY_LIMIT = 12 * 1024 * 1024;

export const bodyLimitOf = (meta: ProcedureMeta | undefined): number => (meta?.largeBody ? LARGE_BODY_LIMIT : BODY_LIMIT);

const megabytes = (bytes: number) => (bytes >= 1024 * 1024 ? `${bytes / (1024 * 1024)} MB` : `${bytes / 1024} KB`);

export function bodyTooLarge(limit: number): DomainError {
  return new DomainError('too_large', `The request body is larger than ${megabytes(limit)}`);
}

/** Counts a body's bytes as they arrive and fails past `limit` (a body sent without Content-Length). */
function limitedStream(payload: Readable, limit: number): Readable {
  let received = 0;
  const counter = new Transform({
    transform(chunk: Buffer, _encoding, done) {
      received += chunk.length;
      done(received > limit ? bodyTooLarge(limit) : null, chunk);
    },
  });
  payload.on('error', (error) => counter.destroy(error));
  return payload.pipe(counter);
}

/**
 * Per-procedure body limits on /trpc, where one batched request may call several
 * procedures ('/trpc/a,b'): the largest limit among the procedures named in the path
 * applies. The route itself allows LARGE_BODY_LIMIT; this hook enforces the smaller one.
 * Register inside the tRPC plugin's context.
 */
export function limitTrpcBodies(trpc: FastifyInstance, router: AnyRouter): void {
  const procedures = router._def.procedures as Record<string, { _def: { meta?: ProcedureMeta } }>;
  const limitOf = (path: string) =>
    Math.max(...path.split(',').map((name) => bodyLimitOf(procedures[name]?._def.meta)));

  trpc.addHook('onRoute', (route) => {
    route.bodyLimit = LARGE_BODY_LIMIT;
  });
  trpc.addHook('preParsing', async (req, _reply, payload) => {
    const limit = limitOf((req.params as { path?: string }).path ?? '');
    if (limit >= LARGE_BODY_LIMIT) return payload;
    const declared = Number(req.headers['content-length']);
    if (declared > limit) throw bodyTooLarge(limit);
    return Number.isFinite(declared) ? payload : limitedStream(payload, limit);
  });
}
