/**
 * Small builders that turn readable post sources (demo-posts.ts) into Portable Text, the
 * block format Sanity stores rich text in. Inline markup: **bold**, *italic*, `code` and
 * [text](href).
 */
import type { DesignName } from './artwork';

export interface Span {
  _type: 'span';
  _key: string;
  text: string;
  marks: string[];
}

export interface LinkDefinition {
  _type: 'link';
  _key: string;
  href: string;
}

export interface TextBlock {
  _type: 'block';
  _key: string;
  style: 'normal' | 'h1' | 'h2' | 'h3' | 'h4' | 'blockquote';
  listItem?: 'bullet' | 'number';
  level?: number;
  markDefs: LinkDefinition[];
  children: Span[];
}

/** An inline picture; the asset reference is filled in once the artwork is rendered. */
export interface ImagePlaceholder {
  _type: 'image';
  _key?: string;
  design: DesignName;
  alt?: string;
  caption?: string;
}

export type SourceBlock = TextBlock | ImagePlaceholder;

const INLINE_MARKUP = /(\*\*[^*]+\*\*|\*[^*]+\*|`[^`]+`|\[[^\]]+\]\([^)\s]+\))/;

function parseInline(markup: string): { children: Omit<Span, '_key'>[]; markDefs: Omit<LinkDefinition, '_key'>[] } {
  const children: Omit<Span, '_key'>[] = [];
  const markDefs: Omit<LinkDefinition, '_key'>[] = [];
  for (const piece of markup.split(INLINE_MARKUP)) {
    if (piece === '') continue;
    const link = /^\[([^\]]+)\]\(([^)\s]+)\)$/.exec(piece);
    if (link) {
      markDefs.push({ _type: 'link', href: link[2]! });
      // The link's key is assigned later; its index among markDefs stands in for it.
      children.push({ _type: 'span', text: link[1]!, marks: [`#link${markDefs.length - 1}`] });
    } else if (piece.startsWith('**') && piece.endsWith('**') && piece.length > 4) {
      children.push({ _type: 'span', text: piece.slice(2, -2), marks: ['strong'] });
    } else if (piece.startsWith('`') && piece.endsWith('`') && piece.length > 2) {
      children.push({ _type: 'span', text: piece.slice(1, -1), marks: ['code'] });
    } else if (piece.startsWith('*') && piece.endsWith('*') && piece.length > 2) {
      children.push({ _type: 'span', text: piece.slice(1, -1), marks: ['em'] });
    } else {
      children.push({ _type: 'span', text: piece, marks: [] });
    }
  }
  return { children, markDefs };
}

function textBlock(style: TextBlock['style'], markup: string, listItem?: TextBlock['listItem']): TextBlock {
  const { children, markDefs } = parseInline(markup);
  const block: TextBlock = {
    _type: 'block',
    _key: '',
    style,
    markDefs: markDefs.map((definition) => ({ ...definition, _key: '' })),
    children: children.map((child) => ({ ...child, _key: '' })),
  };
  if (listItem) {
    block.listItem = listItem;
    block.level = 1;
  }
  return block;
}

export const p = (markup: string) => textBlock('normal', markup);
export const h1 = (markup: string) => textBlock('h1', markup);
export const h2 = (markup: string) => textBlock('h2', markup);
export const h3 = (markup: string) => textBlock('h3', markup);
export const h4 = (markup: string) => textBlock('h4', markup);
export const quote = (markup: string) => textBlock('blockquote', markup);
export const bullets = (...items: string[]) => items.map((item) => textBlock('normal', item, 'bullet'));
export const numbered = (...items: string[]) => items.map((item) => textBlock('normal', item, 'number'));
export const picture = (design: DesignName, details: { alt?: string; caption?: string } = {}): ImagePlaceholder => ({
  _type: 'image',
  design,
  ...details,
});

/** Gives every block, span and link a stable key (Sanity requires keys inside arrays). */
export function withKeys(blocks: SourceBlock[], prefix: string): SourceBlock[] {
  return blocks.map((block, b) => {
    const blockKey = `${prefix}b${b}`;
    if (block._type === 'image') return { ...block, _key: blockKey };
    const linkKeys = block.markDefs.map((_, l) => `${blockKey}l${l}`);
    return {
      ...block,
      _key: blockKey,
      markDefs: block.markDefs.map((definition, l) => ({ ...definition, _key: linkKeys[l]! })),
      children: block.children.map((child, s) => ({
        ...child,
        _key: `${blockKey}s${s}`,
        marks: child.marks.map((mark) => (mark.startsWith('#link') ? linkKeys[Number(mark.slice(5))]! : mark)),
      })),
    };
  });
}
