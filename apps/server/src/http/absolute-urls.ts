/**
 * Pictures and links that are paths on this site ('/media/teams/…', '/events/…') answered as
 * absolute URLs on the site's origin (PUBLIC_URL, else the request's), so a site on another
 * origin that shows them does not resolve them against itself (docs/contract.md, "Pictures and
 * links"). The web app, on this origin, keeps the paths.
 */

/** Fields of /v1 answers that may hold a path on this site. */
const SITE_PATH_FIELDS = new Set(['picture', 'bracket_link']);

const isSitePath = (value: string) => value.startsWith('/') && !value.startsWith('//');

/** A copy of `value` whose strings `rewrite` picks are prefixed with `origin`. */
function prefixed(value: unknown, origin: string, rewrite: (text: string, field: string | undefined) => boolean, field?: string): unknown {
  if (typeof value === 'string') return rewrite(value, field) ? `${origin}${value}` : value;
  if (Array.isArray(value)) return value.map((item) => prefixed(item, origin, rewrite, field));
  if (value !== null && typeof value === 'object' && Object.getPrototypeOf(value) === Object.prototype) {
    return Object.fromEntries(Object.entries(value).map(([key, inner]) => [key, prefixed(inner, origin, rewrite, key)]));
  }
  return value;
}

/** A /v1 public answer with its `picture` and `bracket_link` paths made absolute. */
export function withAbsoluteSitePaths<T>(answer: T, origin: string): T {
  return prefixed(answer, origin, (text, field) => field !== undefined && SITE_PATH_FIELDS.has(field) && isSitePath(text)) as T;
}

/** A /content answer with the local pictures' URLs ('/content/images/…') made absolute, as Sanity's CDN URLs are. */
export function withAbsoluteContentImages<T>(answer: T, origin: string): T {
  return prefixed(answer, origin, (text) => text.startsWith('/content/images/')) as T;
}

const SITE_PATH_IN_JSON = /"(picture|bracket_link)":"\/(?!\/)/g;

/**
 * The same for answers already written as JSON text, such as the live stream's events, which
 * are serialised once for every listener: each listener's copy gets its own origin.
 */
export function withAbsoluteSitePathsInJson(json: string, origin: string): string {
  return json.replace(SITE_PATH_IN_JSON, (_match, field: string) => `"${field}":"${origin}/`);
}
