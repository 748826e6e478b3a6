import { searchQueryInput } from '@campus-elo/api-contract';
import { trpc } from '../../lib/trpc';

export const SEARCH_ERROR = 'Search failed. Please try again.';

export function noMatchText(term: string): string {
  return `No teams or players match "${term}"`;
}

/** Teams and players matching `term` (null: no call at all). */
export function useSearchResults(term: string | null, limit: number) {
  return trpc.public.search.useQuery(searchQueryInput(term ?? '', limit), { enabled: term !== null, placeholderData: (previous) => previous });
}
