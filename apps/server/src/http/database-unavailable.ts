import type { FastifyReply } from 'fastify';

export const DATABASE_UNAVAILABLE_MESSAGE = 'The database is unavailable right now; try again shortly';

/** A database restart is over in about this long: clients may retry after it. */
export const RETRY_AFTER_SECONDS = 1;

/** 503 rather than 500, so callers can tell an outage from a bug, with a hint when to retry. */
export function sendDatabaseUnavailable(reply: FastifyReply): FastifyReply {
  return reply.code(503).header('retry-after', String(RETRY_AFTER_SECONDS)).send({ error: DATABASE_UNAVAILABLE_MESSAGE });
}
