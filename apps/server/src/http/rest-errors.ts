import { TRPCError } from '@trpc/server';
import { getHTTPStatusCodeFromError } from '@trpc/server/http';
import type { FastifyReply } from 'fastify';
import { ZodError } from 'zod';

/**
 * Zod issues as a short text: 'Invalid season_id format' for a malformed id, 'Invalid
 * ranking_id: required' for a missing value, else the parameter and zod's message. A list's
 * item index is left out ('status', not 'status.0').
 */
export function describeZodError(error: ZodError): string {
  const issue = error.issues[0];
  if (!issue) return 'Invalid request';
  const path = [...issue.path];
  while (path.length > 1 && typeof path[path.length - 1] === 'number') path.pop();
  const param = path.map(String).join('.') || 'request';
  if (issue.code === 'invalid_type' && issue.message.endsWith('received undefined')) return `Invalid ${param}: required`;
  if (issue.message === 'Invalid format' || /_id$|^id$/.test(param)) return `Invalid ${param} format`;
  return `Invalid ${param}: ${issue.message}`;
}

function zodCause(error: unknown): ZodError | undefined {
  if (error instanceof ZodError) return error;
  if (error instanceof TRPCError && error.cause instanceof ZodError) return error.cause;
  return undefined;
}

/** Sends a tRPC or validation error as the REST contract's `{error}` body. */
export function sendRestError(reply: FastifyReply, error: unknown): FastifyReply {
  const zod = zodCause(error);
  if (zod) return reply.code(400).send({ error: describeZodError(zod), issues: zod.issues });
  if (error instanceof TRPCError) {
    const status = getHTTPStatusCodeFromError(error);
    if (status >= 500 && status !== 502) {
      reply.log.error({ err: error.cause ?? error }, 'procedure failed');
      return reply.code(500).send({ error: 'Internal server error' });
    }
    return reply.code(status).send({ error: error.message });
  }
  reply.log.error({ err: error }, 'request failed');
  return reply.code(500).send({ error: 'Internal server error' });
}
