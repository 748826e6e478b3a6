import { trpc } from '../../lib/trpc';

/** Who is signed in: `data` is the staff member, null for a visitor, undefined while loading. */
export function useSession() {
  return trpc.auth.me.useQuery(undefined, { staleTime: 60_000, retry: false, refetchOnWindowFocus: true });
}
