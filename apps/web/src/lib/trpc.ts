import type { AppRouter } from '@campus-elo/server';
import { createTRPCReact, httpBatchLink } from '@trpc/react-query';

export const trpc = createTRPCReact<AppRouter>();

/** The browser's session is an httpOnly cookie sent with every same-origin request. */
export function createTrpcClient() {
  return trpc.createClient({
    links: [httpBatchLink({ url: '/trpc', fetch: (url, init) => fetch(url, { ...init, credentials: 'same-origin' }) })],
  });
}
