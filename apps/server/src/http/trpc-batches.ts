import { MAX_TRPC_BATCH_SIZE } from '@campus-elo/api-contract';
import type { AnyRouter } from '@trpc/server';

export { MAX_TRPC_BATCH_SIZE };

/**
 * Fastify's maxParamLength for the app: /trpc/:path names every procedure of a batch in one
 * parameter ('public.team,public.teamEloHistory,…'), so it must hold the longest batch allowed
 * (Fastify's default of 100 refused the team page's own six calls). Longer paths answer 400
 * before tRPC; a batch of more calls than the cap answers tRPC's 400.
 */
export function trpcMaxParamLength(router: AnyRouter): number {
  const longestName = Math.max(...Object.keys(router._def.procedures).map((name) => name.length));
  return MAX_TRPC_BATCH_SIZE * (longestName + 1);
}
