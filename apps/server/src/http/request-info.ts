import type { FastifyReply, FastifyRequest } from 'fastify';
import type { RequestInfo } from '../trpc';

/** The narrow view of a Fastify request that procedures get (trpc.ts, RequestInfo). */
export function requestInfo(req: FastifyRequest, reply: FastifyReply): RequestInfo {
  return {
    method: req.method,
    headers: req.headers,
    ip: req.ip,
    protocol: req.protocol,
    host: req.host,
    cookies: req.cookies ?? {},
    setCookie: (name, value, options) => void reply.setCookie(name, value, options),
    setHeader: (name, value) => void reply.header(name, value),
  };
}
