import { QueryClient } from '@tanstack/react-query';

/** Public data is fresh for 5 minutes (docs/product.md, constants); widgets that need less set their own. */
export const PUBLIC_STALE_TIME_MS = 5 * 60 * 1000;

export function createQueryClient() {
  return new QueryClient({
    defaultOptions: {
      queries: { staleTime: PUBLIC_STALE_TIME_MS, retry: 1, refetchOnWindowFocus: false },
    },
  });
}
