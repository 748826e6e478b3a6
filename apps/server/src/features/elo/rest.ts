import type { PlayerEloResetInput, TeamEloCalculateInput, TeamEloRecalculateInput } from '@campus-elo/api-contract';
import type { FastifyInstance } from 'fastify';
import { restRoute } from '../../http/rest';
import type { AppDeps } from '../../trpc';

export async function registerEloRest(app: FastifyInstance, deps: AppDeps): Promise<void> {
  restRoute(app, deps, 'POST', '/player-elo/reset/', (caller, req) =>
    caller.admin.elo.resetPlayerElo((req.body ?? {}) as PlayerEloResetInput),
  );
  restRoute(app, deps, 'POST', '/team-elo/calculate/', (caller, req) =>
    caller.admin.elo.calculateTeamElo((req.body ?? {}) as TeamEloCalculateInput),
  );
  restRoute(app, deps, 'POST', '/team-elo/recalculate/', (caller, req) =>
    caller.admin.elo.recalculateAll((req.body ?? {}) as TeamEloRecalculateInput),
  );
}
