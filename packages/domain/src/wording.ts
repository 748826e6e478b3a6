// English the site writes about teams and counts, in one place for the server's pages and the
// web app.

/**
 * '1 match', '2 matches', '0 teams', '1 loss': a count with its noun, one rule for every text.
 * The plural is the singular plus 's', or 'es' after s, x, z, ch and sh; irregular ones are passed.
 */
export function pluralize(count: number, singular: string, plural?: string): string {
  const many = plural ?? (/(s|x|z|ch|sh)$/i.test(singular) ? `${singular}es` : `${singular}s`);
  return `${count} ${Math.abs(count) === 1 ? singular : many}`;
}

/** "Hawks' roster" for a name ending in s, "Phoenix's roster" otherwise. */
export function possessive(name: string): string {
  return /s$/i.test(name) ? `${name}'` : `${name}'s`;
}
