import type { ImportMatchesInput, ImportPreviewInput, UpdateMatchesInput, UpdatePlayerEloInput } from '@campus-elo/api-contract';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { restRoute } from '../../http/rest';
import type { AppDeps } from '../../trpc';

const idParam = (req: FastifyRequest) => ({ id: (req.params as { id: string }).id });

export async function registerImportsRest(app: FastifyInstance, deps: AppDeps): Promise<void> {
  restRoute(app, deps, 'POST', '/import-matches/preview/', (caller, req) => caller.admin.imports.preview(req.body as ImportPreviewInput));
  restRoute(app, deps, 'POST', '/import-matches/', (caller, req) => caller.admin.imports.import(req.body as ImportMatchesInput));
  restRoute(app, deps, 'POST', '/matches/update/', (caller, req) => caller.admin.imports.updateMatches((req.body ?? {}) as UpdateMatchesInput));
  restRoute(app, deps, 'POST', '/player-elo/update/', (caller, req) =>
    caller.admin.imports.updatePlayerElo((req.body ?? {}) as UpdatePlayerEloInput),
  );

  restRoute(app, deps, 'GET', '/proxy/leaguespot/seasons/:id/', (caller, req) => caller.admin.imports.leaguespot.season(idParam(req)));
  restRoute(app, deps, 'GET', '/proxy/leaguespot/stages/:id/', (caller, req) => caller.admin.imports.leaguespot.stage(idParam(req)));
  restRoute(app, deps, 'GET', '/proxy/leaguespot/rounds/:id/matches/', (caller, req) => caller.admin.imports.leaguespot.roundMatches(idParam(req)));
  restRoute(app, deps, 'GET', '/proxy/leaguespot/matches/:id/', (caller, req) => caller.admin.imports.leaguespot.match(idParam(req)));
  restRoute(app, deps, 'GET', '/proxy/leaguespot/matches/:id/participants/', (caller, req) =>
    caller.admin.imports.leaguespot.matchParticipants(idParam(req)),
  );
}
