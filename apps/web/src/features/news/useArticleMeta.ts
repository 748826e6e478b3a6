import { useEffect } from 'react';

export interface ArticleMeta {
  description: string;
  title: string;
  /** Absolute URL: shared links are read by other sites. */
  imageUrl: string | null;
  url: string;
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
  const { description, title, imageUrl, url } = meta ?? {};
  useEffect(() => {
    if (title === undefined || description === undefined || url === undefined) return;
    const entries: Array<[MetaKey, string]> = [
      [{ attribute: 'name', key: 'description' }, description],
      [{ attribute: 'property', key: 'og:type' }, 'article'],
      [{ attribute: 'property', key: 'og:title' }, title],
      [{ attribute: 'property', key: 'og:description' }, description],
      [{ attribute: 'property', key: 'og:url' }, url],
      [{ attribute: 'name', key: 'twitter:card' }, imageUrl ? 'summary_large_image' : 'summary'],
    ];
    if (imageUrl) entries.push([{ attribute: 'property', key: 'og:image' }, imageUrl]);
    const restore = entries.map(([key, content]) => setMeta(key, content));
    return () => restore.reverse().forEach((undo) => undo());
  }, [description, title, imageUrl, url]);
}
