import { useEffect } from 'react';

export interface ArticleMeta {
  description: string;
  title: string;
  /** The article's picture and page, as the site links them: made absolute here (shared links are read by other sites). */
  imageUrl: string | null;
  path: string;
}

type MetaKey = { attribute: 'name' | 'property'; key: string };

/** Sets one <meta> in <head> and returns how to put back what was there. */
function setMeta({ attribute, key }: MetaKey, content: string): () => void {
  const existing = document.head.querySelector<HTMLMetaElement>(`meta[${attribute}="${key}"]`);
  if (existing) {
    const previous = existing.getAttribute('content');
    existing.setAttribute('content', content);
    return () => (previous === null ? existing.removeAttribute('content') : existing.setAttribute('content', previous));
  }
  const element = document.createElement('meta');
  element.setAttribute(attribute, key);
  element.setAttribute('content', content);
  document.head.append(element);
  return () => element.remove();
}

/** The description and Open Graph tags of an article while it is shown, for sharing it. */
export function useArticleMeta(meta: ArticleMeta | null): void {
  const { description, title, imageUrl, path } = meta ?? {};
  useEffect(() => {
    if (title === undefined || description === undefined || path === undefined) return;
    // In the effect: the browser's origin (the server's render sets no tags, features/pages does).
    const origin = window.location.origin;
    const url = new URL(path, origin).href;
    const image = imageUrl ? new URL(imageUrl, origin).href : null;
    const entries: Array<[MetaKey, string]> = [
      [{ attribute: 'name', key: 'description' }, description],
      [{ attribute: 'property', key: 'og:type' }, 'article'],
      [{ attribute: 'property', key: 'og:title' }, title],
      [{ attribute: 'property', key: 'og:description' }, description],
      [{ attribute: 'property', key: 'og:url' }, url],
      [{ attribute: 'name', key: 'twitter:card' }, image ? 'summary_large_image' : 'summary'],
    ];
    if (image) entries.push([{ attribute: 'property', key: 'og:image' }, image]);
    const restore = entries.map(([key, content]) => setMeta(key, content));
    return () => restore.reverse().forEach((undo) => undo());
  }, [description, title, imageUrl, path]);
}
