import type { SeasonCreateInput, SeasonListInput } from '@campus-elo/api-contract';
import type { FastifyInstance } from 'fastify';
import { restRoute } from '../../http/rest';
import type { AppDeps } from '../../trpc';

export async function registerSeasonsAdminRest(app: FastifyInstance, deps: AppDeps): Promise<void> {
  restRoute(app, deps, 'GET', '/seasons/', (caller, req) => caller.admin.seasons.list(req.query as SeasonListInput));
  restRoute(app, deps, 'POST', '/seasons/create/', (caller, req) => caller.admin.seasons.create((req.body ?? {}) as SeasonCreateInput), {
    successStatus: 201,
  });
}
