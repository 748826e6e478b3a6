import { createTRPCClient, httpBatchLink } from '@trpc/client';
import type { AppRouter } from './router';

/**
 * A typed client for scripts: `createCampusEloClient('http://localhost:3000', token)` with a
 * token from `POST /v1/auth/token`.
 */
export function createCampusEloClient(baseUrl: string, token?: string) {
  return createTRPCClient<AppRouter>({
    links: [
      httpBatchLink({
        url: `${baseUrl.replace(/\/$/, '')}/trpc`,
        headers: () => (token ? { authorization: `Bearer ${token}` } : {}),
      }),
    ],
  });
}
