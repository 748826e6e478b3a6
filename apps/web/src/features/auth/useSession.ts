import { trpc } from '../../lib/trpc';

/** Who is signed in: `data` is the staff member, null for a visitor, undefined while loading. */
export function useSession() {
  return trpc.auth.me.useQuery(undefined, { staleTime: 60_000, retry: false, refetchOnWindowFocus: true });
}

/** The text of a failed call, for the alert the spec asks for. */
export function errorText(error: unknown, fallback: string): string {
  return error instanceof Error && error.message ? error.message : fallback;
}
