import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { BODY_LIMIT, bodyTooLarge } from './body-limits';
import { restErrorResponse } from './errors';

/**
 * Every error outside a REST handler's own catch (a body too large, JSON that does not
 * parse, a plain route such as /media failing) answers `{"error"}` like the rest of the
 * API: mapped errors keep their status, Fastify's own 4xx keep theirs and their words,
 * anything else is 'Internal server error'. Set it before registering anything: a plugin
 * context copies the handler it is registered under.
 */
export function registerErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError, req, reply) => {
    // Fastify's own refusal of a large body, in the words of ours (/trpc's hook).
    const response = restErrorResponse(error.code === 'FST_ERR_CTP_BODY_TOO_LARGE' ? bodyTooLarge(req.routeOptions.bodyLimit ?? BODY_LIMIT) : error);
    if (response.internal && error.statusCode && error.statusCode >= 400 && error.statusCode < 500) {
      return reply.code(error.statusCode).send({ error: error.message });
    }
    if (response.internal) req.log.error({ err: error }, 'unhandled error');
    return reply.code(response.status).headers(response.headers).send(response.body);
  });
}

/**
 * Fastify's answers to a request it cannot route (a malformed percent escape in the path),
 * in the API's shape instead of Fastify's own.
 */
export function answerFrameworkError(error: FastifyError, _req: FastifyRequest, reply: FastifyReply): void {
  void reply.code(400).send({ error: error.code === 'FST_ERR_BAD_URL' ? 'The URL is malformed' : 'Bad request' });
}
