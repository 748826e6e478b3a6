import { PAGE_DATA_ELEMENT_ID, type PageData } from '@campus-elo/api-contract';

/** What a page's first HTML response says of it in <head>: for search engines and link previews. */
export interface PageHead {
  title: string;
  /** og:title and twitter:title: the thing's own name (og:site_name carries the site); the title when unset. */
  shareTitle?: string;
  description: string;
  /** Absolute URL of the page; none for pages that are not found. */
  canonical?: string;
  /** og:type: 'website' unless said otherwise ('article', 'profile'). */
  type?: 'website' | 'article' | 'profile';
  /** Absolute URL of the link preview picture, with its size when known. */
  image?: { url: string; width?: number; height?: number; alt?: string };
  /** Article dates (ISO 8601). */
  publishedTime?: string | null;
  /** Pages that are not found or private: kept out of search results. */
  noindex?: boolean;
  /** The picture the first view shows biggest (its largest paint), fetched early, as the app will ask for it. */
  preloadImage?: string;
}

/** Text for HTML: in element content and in double-quoted attributes alike. */
export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

/**
 * JSON inside a <script> element: no '<' (so no '</script>' or '<!--' can end or change it)
 * and no line or paragraph separators.
 */
export function scriptJson(value: unknown): string {
  return JSON.stringify(value).replace(/</g, '\\u003c').replace(/\u2028/g, '\\u2028').replace(/\u2029/g, '\\u2029');
}

/**
 * The attribute on every element written here but the title: they describe the first address
 * only, and the app removes them when it moves to another page (apps/web/src/lib/page-head.ts).
 */
export const PAGE_HEAD_ATTRIBUTE = 'data-page-head';

/** The <head> elements of a page: title, description, canonical link, Open Graph and Twitter tags, all escaped. */
export function headHtml(head: PageHead, siteName: string): string {
  const meta = (attribute: 'name' | 'property', key: string, content: string | number) =>
    `<meta ${attribute}="${key}" content="${escapeHtml(String(content))}" ${PAGE_HEAD_ATTRIBUTE} />`;
  const shareTitle = head.shareTitle ?? head.title;
  const tags = [`<title>${escapeHtml(head.title)}</title>`, meta('name', 'description', head.description)];
  if (head.noindex) tags.push(meta('name', 'robots', 'noindex'));
  if (head.canonical) tags.push(`<link rel="canonical" href="${escapeHtml(head.canonical)}" ${PAGE_HEAD_ATTRIBUTE} />`);
  if (head.preloadImage) tags.push(`<link rel="preload" as="image" href="${escapeHtml(head.preloadImage)}" fetchpriority="high" ${PAGE_HEAD_ATTRIBUTE} />`);
  tags.push(
    meta('property', 'og:site_name', siteName),
    meta('property', 'og:type', head.type ?? 'website'),
    meta('property', 'og:title', shareTitle),
    meta('property', 'og:description', head.description),
  );
  if (head.canonical) tags.push(meta('property', 'og:url', head.canonical));
  if (head.publishedTime) tags.push(meta('property', 'article:published_time', head.publishedTime));
  if (head.image) {
    tags.push(meta('property', 'og:image', head.image.url));
    if (head.image.width && head.image.height) tags.push(meta('property', 'og:image:width', head.image.width), meta('property', 'og:image:height', head.image.height));
    if (head.image.alt) tags.push(meta('property', 'og:image:alt', head.image.alt));
  }
  tags.push(
    meta('name', 'twitter:card', head.image ? 'summary_large_image' : 'summary'),
    meta('name', 'twitter:title', shareTitle),
    meta('name', 'twitter:description', head.description),
  );
  if (head.image) tags.push(meta('name', 'twitter:image', head.image.url));
  return tags.join('\n    ');
}

/** The page's data as an inert JSON script (the nonce placeholder is filled per response). */
export function pageDataHtml(data: PageData, noncePlaceholder: string): string {
  if (data.queries.length === 0 && !data.notFound) return '';
  return `<script id="${PAGE_DATA_ELEMENT_ID}" type="application/json" nonce="${noncePlaceholder}">${scriptJson(data)}</script>`;
}
