import type { PlayerEditFields } from '@campus-elo/api-contract';
import type { FastifyInstance } from 'fastify';
import { restRoute } from '../../http/rest';
import type { AppDeps } from '../../trpc';

type IdParams = { id: string };

export async function registerPlayersAdminRest(app: FastifyInstance, deps: AppDeps): Promise<void> {
  restRoute(app, deps, 'GET', '/players/:id/', (caller, req) => caller.admin.players.get({ id: (req.params as IdParams).id }));
  // picture: the current picture's URL, or a new picture as a base64 `data:image/...` URL.
  restRoute(app, deps, 'PUT', '/players/:id/', (caller, req) =>
    caller.admin.players.update({ ...(req.body as PlayerEditFields), id: (req.params as IdParams).id }),
  );
}
