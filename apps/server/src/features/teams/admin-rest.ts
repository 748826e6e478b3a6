import type { TeamEditFields } from '@campus-elo/api-contract';
import type { FastifyInstance } from 'fastify';
import { restRoute } from '../../http/rest';
import type { AppDeps } from '../../trpc';

type IdParams = { id: string };

export async function registerTeamsAdminRest(app: FastifyInstance, deps: AppDeps): Promise<void> {
  restRoute(app, deps, 'GET', '/teams/:id/', (caller, req) => caller.admin.teams.get({ id: (req.params as IdParams).id }));
  // picture: the current picture's URL, or a new picture as a base64 `data:image/...` URL.
  restRoute(app, deps, 'PUT', '/teams/:id/', (caller, req) =>
    caller.admin.teams.update({ ...(req.body as TeamEditFields), id: (req.params as IdParams).id }),
  );
}
