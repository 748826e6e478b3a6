import type { MergeTeamsInput } from '@campus-elo/api-contract';
import type { FastifyInstance } from 'fastify';
import { restRoute } from '../../http/rest';
import type { AppDeps } from '../../trpc';

export async function registerMergeRest(app: FastifyInstance, deps: AppDeps): Promise<void> {
  restRoute(app, deps, 'POST', '/merge-teams/', (caller, req) => caller.admin.merge.merge((req.body ?? {}) as MergeTeamsInput));
  restRoute(app, deps, 'POST', '/merge-teams/preview/', (caller, req) => caller.admin.merge.preview((req.body ?? {}) as MergeTeamsInput));
}
