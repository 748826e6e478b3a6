import { trpc } from '../../lib/trpc';

/** The season behind the home widgets and the rankings' default (configured on the server). */
export function useCurrentSeason() {
  return trpc.public.currentSeason.useQuery();
}
