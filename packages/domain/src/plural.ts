/**
 * '1 match', '2 matches', '0 teams': a count with its noun, one rule for every UI text.
 * The plural is the singular plus 's', or 'es' after s, x, z, ch and sh; irregular ones are passed.
 */
export function pluralize(count: number, singular: string, plural?: string): string {
  const many = plural ?? (/(s|x|z|ch|sh)$/i.test(singular) ? `${singular}es` : `${singular}s`);
  return `${count} ${Math.abs(count) === 1 ? singular : many}`;
}
