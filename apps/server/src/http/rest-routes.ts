import type { FileReply } from '@campus-elo/api-contract';
import type { AnyRouter } from '@trpc/server';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { siteOrigin } from '../features/pages/site-origin';
import { createCallerFactory, createContext, type AppDeps } from '../trpc';
import { withAbsoluteSitePaths } from './absolute-urls';
import { restErrorResponse } from './errors';
import { requestInfo } from './request-info';
import { restEndpoints, type RestEndpoint } from './rest-endpoints';

const isPlainObject = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

/**
 * A query string without its empty values: the earlier site's clients send unset filters as
 * `?season_id=&date_from=`, which means no filter (docs/contract.md, "General rules").
 */
function withoutEmptyValues(query: Record<string, unknown>): Record<string, unknown> {
  return Object.fromEntries(
    Object.entries(query).flatMap(([name, value]) => {
      if (Array.isArray(value)) {
        const given = value.filter((item) => item !== '');
        return given.length > 0 ? [[name, given]] : [];
      }
      return value === '' ? [] : [[name, value]];
    }),
  );
}

/**
 * A REST call's input for its procedure: the query string (GET, DELETE) or the JSON body
 * (POST, PUT; DELETE's body too), with the path parameters on top. The procedure's own schema
 * then parses it exactly as it parses a typed tRPC call: '3' becomes 3, a wrong field a 400.
 */
function restInput(endpoint: RestEndpoint, req: FastifyRequest): unknown {
  const params = req.params as Record<string, string>;
  const { method } = endpoint.rest;
  const query = method === 'GET' ? withoutEmptyValues(req.query as Record<string, unknown>) : method === 'DELETE' ? (req.query as Record<string, unknown>) : {};
  const body = method === 'GET' ? undefined : req.body;
  // A body that is not an object cannot carry fields: pass it on for the schema to refuse.
  if (body !== undefined && body !== null && !isPlainObject(body)) return body;
  return { ...query, ...(isPlainObject(body) ? body : {}), ...params };
}

/** RFC 7240: `Prefer: respond-async` asks for a 202 and a job instead of waiting. */
function prefersAsync(req: FastifyRequest): boolean {
  return [req.headers.prefer ?? []].flat().some((value) => /(^|[,;\s])respond-async($|[,;\s])/i.test(value));
}

/** Sends any error as the contract's `{error}` body with its status (http/errors.ts). */
export function sendRestError(reply: FastifyReply, error: unknown): FastifyReply {
  const response = restErrorResponse(error);
  if (response.internal) reply.log.error({ err: error }, 'request failed');
  return reply.code(response.status).headers(response.headers).send(response.body);
}

function sendFile(reply: FastifyReply, file: FileReply): FastifyReply {
  if (file.filename) reply.header('content-disposition', `attachment; filename="${file.filename.replace(/["\\\r\n]/g, '')}"`);
  return reply
    .type(file.content_type)
    .header('cache-control', file.cache_control)
    .header('x-content-type-options', 'nosniff')
    .header('content-security-policy', "default-src 'none'")
    .send(typeof file.body === 'string' ? file.body : Buffer.from(file.body));
}

/**
 * Registers every procedure that declares `meta.rest` as a /v1 route (docs/architecture.md,
 * "How a request flows"). Register inside the /v1 prefix.
 */
export function registerRestRoutes(v1: FastifyInstance, deps: AppDeps, router: AnyRouter): void {
  const createCaller = createCallerFactory(router);
  for (const endpoint of restEndpoints(router)) {
    const segments = endpoint.procedure.split('.');
    const call = (caller: unknown, input: unknown) =>
      (segments.reduce<unknown>((node, key) => (node as Record<string, unknown>)[key], caller) as (input: unknown) => Promise<unknown>)(input);
    for (const path of endpoint.paths) {
      v1.route({
        method: endpoint.rest.method,
        url: path.slice('/v1'.length),
        bodyLimit: endpoint.bodyLimit,
        handler: async (req, reply) => {
          try {
            const caller = createCaller(await createContext(deps, requestInfo(req, reply)));
            if (endpoint.rest.job && prefersAsync(req)) {
              // Queued as a job through admin.jobs.start (the tool's guard and input schema apply there).
              const started = await (caller as { admin: { jobs: { start(input: unknown): Promise<unknown> } } }).admin.jobs.start({ kind: endpoint.rest.job, input: restInput(endpoint, req) });
              return reply.code(202).header('preference-applied', 'respond-async').send(started);
            }
            const result = await call(caller, restInput(endpoint, req));
            if (endpoint.rest.reply === 'file') return sendFile(reply, result as FileReply);
            const answer = endpoint.access === 'public' ? withAbsoluteSitePaths(result, siteOrigin(deps.config, req)) : result;
            return reply.code(endpoint.rest.status ?? 200).send(answer);
          } catch (error) {
            return sendRestError(reply, error);
          }
        },
      });
    }
  }
}
