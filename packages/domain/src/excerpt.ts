/**
 * Just enough of the Portable Text shape (Sanity rich text) to pull plain text out of it;
 * defined here so the domain package needs no dependency.
 */
export interface PortableTextSpan {
  _type: string;
  _key?: string;
  text?: string;
  marks?: string[];
  [key: string]: unknown;
}

export interface PortableTextBlock {
  _type: string;
  _key?: string;
  children?: PortableTextSpan[];
  [key: string]: unknown;
}

/** Plain text of the text blocks; images and other embedded objects contribute nothing. */
export function plainTextFromBody(body: readonly PortableTextBlock[] | null | undefined): string {
  if (!body) return '';
  return body
    .filter((block) => block._type === 'block')
    .map((block) =>
      // Spans are pieces of one line (split where marks change), so they join without a space.
      (block.children ?? [])
        .map((child) => (child._type === 'span' && typeof child.text === 'string' ? child.text : ''))
        .join(''),
    )
    .join(' ')
    .replace(/\s+/g, ' ')
    .trim();
}

/**
 * The first `length` characters of the body's plain text, with no ellipsis added.
 * Counts code points, so an emoji is never cut in half.
 */
export function excerptFromBody(body: readonly PortableTextBlock[] | null | undefined, length: number): string {
  const max = Number.isFinite(length) ? Math.max(0, Math.floor(length)) : 0;
  return Array.from(plainTextFromBody(body)).slice(0, max).join('');
}
