// Two neighbouring letters typed the wrong way round ("eclpise") change up to three of a
// word's trigrams, so a trigram similarity alone misses them in short words; the search also
// tries the query with each neighbouring pair swapped back (a Damerau transposition).

/** Queries longer than this are not varied: each variant is one more index lookup. */
export const TRANSPOSITION_MAX_LENGTH = 24;

/** The query with each pair of neighbouring letters swapped, each distinct variant once. */
export function adjacentTranspositions(query: string): string[] {
  const letters = [...query];
  if (letters.length > TRANSPOSITION_MAX_LENGTH) return [];
  const variants = new Set<string>();
  for (let i = 0; i + 1 < letters.length; i++) {
    const [a, b] = [letters[i]!, letters[i + 1]!];
    if (a === b || a === ' ' || b === ' ') continue;
    variants.add([...letters.slice(0, i), b, a, ...letters.slice(i + 2)].join(''));
  }
  return [...variants];
}
