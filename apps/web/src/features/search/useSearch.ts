import { SEARCH_MIN_LENGTH } from '@campus-elo/api-contract';
import { trpc } from '../../lib/trpc';

export const SEARCH_ERROR = 'Search failed. Please try again.';

/** What the visitor typed, as the server compares it: shorter than SEARCH_MIN_LENGTH asks nothing. */
export function searchTerm(text: string): string | null {
  const term = text.trim();
  return term.length >= SEARCH_MIN_LENGTH ? term : null;
}

export function noMatchText(term: string): string {
  return `No teams or players match "${term}"`;
}

/** Teams and players matching `term` (null: no call at all). */
export function useSearchResults(term: string | null, limit: number) {
  return trpc.public.search.useQuery({ q: term ?? '', limit }, { enabled: term !== null, placeholderData: (previous) => previous });
}
