import type { RankingSnapshotInput } from '@campus-elo/api-contract';
import type { FastifyInstance } from 'fastify';
import { restRoute } from '../../http/rest';
import type { AppDeps } from '../../trpc';

export async function registerRankingsAdminRest(app: FastifyInstance, deps: AppDeps): Promise<void> {
  restRoute(app, deps, 'POST', '/rankings/snapshot/', (caller, req) =>
    caller.admin.rankings.createSnapshot((req.body ?? {}) as RankingSnapshotInput),
  );
}
