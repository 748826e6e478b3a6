import { siteSettings, type SiteSettings } from './site-settings';

/** What the news pages need of a Sanity client: run one GROQ query. */
export interface ContentClient {
  fetch<T = unknown>(query: string, params?: Record<string, unknown>, options?: { signal?: AbortSignal }): Promise<T>;
}

/**
 * The address of one query on Sanity's HTTP query API, as @sanity/client sends a GET: the
 * query and each $parameter as JSON in the query string. With a real project it is the
 * project's API; otherwise the site's own Sanity-compatible endpoint,
 * `<origin>/content/v<apiVersion>/data/query/<dataset>`.
 */
export function contentQueryUrl(settings: SiteSettings['sanity'], origin: string, query: string, params: Record<string, unknown> = {}): string {
  const host = settings.local ? `${origin}/content` : `https://${settings.projectId}.api.sanity.io`;
  const search = new URLSearchParams({ query });
  for (const [name, value] of Object.entries(params)) search.append(`$${name}`, JSON.stringify(value));
  search.append('returnQuery', 'false');
  return `${host}/v${settings.apiVersion}/data/query/${encodeURIComponent(settings.dataset)}?${search}`;
}

/**
 * The news client: a plain fetch of the query API. The public pages only read, and
 * @sanity/client (with rxjs and get-it) weighed about 30 KB gzip on the home page.
 */
export function createSanityClient(settings: SiteSettings['sanity'], origin: string): ContentClient {
  return {
    async fetch<T>(query: string, params: Record<string, unknown> = {}, options: { signal?: AbortSignal } = {}) {
      const response = await fetch(contentQueryUrl(settings, origin, query, params), { signal: options.signal, credentials: 'omit' });
      const body = (await response.json().catch(() => null)) as { result?: T; error?: { description?: string } } | null;
      if (!response.ok || !body) throw new Error(body?.error?.description ?? `The news service answered ${response.status}`);
      return body.result as T;
    },
  };
}

export const sanityClient = createSanityClient(siteSettings.sanity, globalThis.location?.origin ?? 'http://localhost');
