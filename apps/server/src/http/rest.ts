import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { appRouter, type AppRouter } from '../router';
import { createCallerFactory, createContext, type AppDeps } from '../trpc';
import { sendRestError } from './rest-errors';

const createCaller = createCallerFactory(appRouter);
export type RestCaller = ReturnType<typeof createCaller>;

/**
 * Registers a /v1 route that runs a tRPC procedure through a server-side caller, so REST and
 * tRPC share validation, guards and queries. `call` picks the procedure and its input.
 */
export function restRoute(
  app: FastifyInstance,
  deps: AppDeps,
  method: 'GET' | 'POST' | 'PUT' | 'DELETE',
  url: string,
  call: (caller: RestCaller, req: FastifyRequest, reply: FastifyReply) => Promise<unknown>,
  options: { successStatus?: number } = {},
): void {
  app.route({
    method,
    url,
    handler: async (req, reply) => {
      try {
        const caller = createCaller(await createContext(deps, req, reply));
        const result = await call(caller, req, reply);
        if (reply.sent) return reply;
        return reply.code(options.successStatus ?? 200).send(result);
      } catch (error) {
        return sendRestError(reply, error);
      }
    },
  });
}

export type { AppRouter };
