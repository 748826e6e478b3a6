import type { FastifyInstance, FastifyRequest } from 'fastify';
import { restRoute, type RestCaller } from '../http/rest';
import type { AppDeps } from '../trpc';
import { registerOpenApiRoute } from './openapi/routes';

type PublicProcedures = RestCaller['public'];

/**
 * The raw query string handed to a procedure as its input: the procedure's zod schema is what
 * turns '3' into 3 and refuses what does not fit, exactly as for typed tRPC callers.
 */
function queryInput<Name extends keyof PublicProcedures>(req: FastifyRequest): Parameters<PublicProcedures[Name]>[0] {
  return req.query as Parameters<PublicProcedures[Name]>[0];
}

/** The six /v1/public paths of ARCHITECTURE.md, the current season, and /v1/openapi.json. */
export async function registerPublicRest(app: FastifyInstance, deps: AppDeps): Promise<void> {
  registerOpenApiRoute(app, { title: `${deps.config.siteName} API`, version: '1' });
  restRoute(app, deps, 'GET', '/public/teams', (caller, req) => caller.public.teams(queryInput<'teams'>(req)));
  restRoute(app, deps, 'GET', '/public/players', (caller, req) => caller.public.players(queryInput<'players'>(req)));
  restRoute(app, deps, 'GET', '/public/matches', (caller, req) => caller.public.matches(queryInput<'matches'>(req)));
  restRoute(app, deps, 'GET', '/public/seasons', (caller, req) => caller.public.seasons(queryInput<'seasons'>(req)));
  restRoute(app, deps, 'GET', '/public/rankings', (caller, req) => caller.public.rankings(queryInput<'rankings'>(req)));
  restRoute(app, deps, 'GET', '/public/ranking-items', (caller, req) => caller.public.rankingItems(queryInput<'rankingItems'>(req)));
  restRoute(app, deps, 'GET', '/public/current-season', (caller) => caller.public.currentSeason());
}
