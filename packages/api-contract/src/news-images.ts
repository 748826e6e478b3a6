/**
 * How the news pictures are asked for, shared by the web app (NewsImage) and the server,
 * which tells the browser to fetch the page's first picture early (a preload link) under
 * exactly the address the app will ask for.
 */

/** The widest the pictures are shown, in CSS pixels: featured posts (home widget, news page) and an article's hero. */
export const NEWS_IMAGE_WIDTHS = { featuredCompact: 640, featuredLarge: 880, articleHero: 760 } as const;

/**
 * Sanity's image CDN resizes on request: a thumbnail need not download the original upload.
 * Other sources (the local demo pictures) are used as they are.
 */
export function imageUrlForWidth(src: string, width: number | undefined): string {
  if (!width || !src.startsWith('https://cdn.sanity.io/images/')) return src;
  const url = new URL(src);
  url.searchParams.set('w', String(Math.round(width * 2)));
  url.searchParams.set('fit', 'max');
  url.searchParams.set('auto', 'format');
  return url.href;
}
