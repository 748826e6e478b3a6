import { MAX_TRPC_BATCH_SIZE } from '@campus-elo/api-contract';
import type { AppRouter } from '@campus-elo/server';
import { createTRPCReact, httpBatchLink } from '@trpc/react-query';

export const trpc = createTRPCReact<AppRouter>();

/**
 * The browser's session is an httpOnly cookie sent with every same-origin request. A batch
 * holds at most the server's cap of calls (more go in another request).
 */
export function createTrpcClient() {
  return trpc.createClient({
    links: [httpBatchLink({ url: '/trpc', maxItems: MAX_TRPC_BATCH_SIZE, fetch: (url, init) => fetch(url, { ...init, credentials: 'same-origin' }) })],
  });
}

export type TrpcClient = ReturnType<typeof createTrpcClient>;
