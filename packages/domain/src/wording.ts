// English the site writes about teams and counts, in one place for the server's pages and the
// web app.

/** "1 win", "2 wins", "1 loss", "0 losses". */
export function countOf(count: number, singular: string, plural: string): string {
  return `${count} ${count === 1 ? singular : plural}`;
}

/** "Hawks' roster" for a name ending in s, "Phoenix's roster" otherwise. */
export function possessive(name: string): string {
  return /s$/i.test(name) ? `${name}'` : `${name}'s`;
}
