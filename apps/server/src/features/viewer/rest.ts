import type { ViewerListInput } from '@campus-elo/api-contract';
import type { FastifyInstance } from 'fastify';
import { restRoute } from '../../http/rest';
import type { AppDeps } from '../../trpc';

/** GET /v1/teams/, /v1/players/, /v1/matches/, /v1/participants/ with search, page and page_size. */
export async function registerViewerRest(app: FastifyInstance, deps: AppDeps): Promise<void> {
  restRoute(app, deps, 'GET', '/teams/', (caller, req) => caller.admin.viewer.teams(req.query as ViewerListInput));
  restRoute(app, deps, 'GET', '/players/', (caller, req) => caller.admin.viewer.players(req.query as ViewerListInput));
  restRoute(app, deps, 'GET', '/matches/', (caller, req) => caller.admin.viewer.matches(req.query as ViewerListInput));
  restRoute(app, deps, 'GET', '/participants/', (caller, req) => caller.admin.viewer.participants(req.query as ViewerListInput));
}
