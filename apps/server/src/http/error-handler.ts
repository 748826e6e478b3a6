import { STATUS_CODES, type ServerResponse } from 'node:http';
import type { Socket } from 'node:net';
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

/** Node's client errors (before any route runs) that answer other than 400, with their words. */
const CLIENT_ERRORS: Record<string, { status: number; error: string }> = {
  ERR_HTTP_REQUEST_TIMEOUT: { status: 408, error: 'The request did not arrive in time' },
  HPE_HEADER_OVERFLOW: { status: 431, error: 'The request header fields are too large' },
};

/**
 * Fastify's clientErrorHandler: what Node refuses before Fastify sees a request (headers too
 * large, a request too slow to arrive, bytes that are not HTTP) answers `{"error"}` like the
 * rest of the API, then the connection is closed. Nothing is written when an answer has begun.
 */
export function answerClientError(error: NodeJS.ErrnoException, socket: Socket): void {
  if (error.code === 'ECONNRESET' || socket.destroyed) return;
  const { status, error: message } = CLIENT_ERRORS[error.code ?? ''] ?? { status: 400, error: 'The request is not valid HTTP' };
  // The answer Node is writing on this socket, if any (its own handler checks the same).
  const answering = (socket as Socket & { _httpMessage?: ServerResponse })._httpMessage;
  if (socket.writable && !answering?.headersSent) {
    const body = JSON.stringify({ error: message });
    socket.write(`HTTP/1.1 ${status} ${STATUS_CODES[status]}\r\nContent-Type: application/json; charset=utf-8\r\nContent-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${body}`);
  }
  socket.destroy(error);
}
