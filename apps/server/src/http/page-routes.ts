/**
 * The web app's pages (apps/web/src/routes), in Fastify's syntax. These answer index.html
 * with 200; any other page answers the same index.html with 404, and the app shows its
 * not-found page. A test checks that every route file of the web app is listed here.
 */
export const CLIENT_ROUTES = [
  '/',
  '/news',
  '/news/:slug',
  '/rankings',
  '/matches',
  '/matches/:id',
  '/teams/:id',
  '/teams/:id/rating',
  '/ratings',
  '/players/:id',
  '/events',
  '/events/:id',
  '/stats',
  '/standings',
  '/search',
  '/following',
  '/signin',
  '/admin',
  '/admin/graphic',
] as const;

/**
 * The route files (apps/web/src/routes) whose components each page shows, outermost first:
 * their chunks are preloaded with the page (route-preloads.ts). A test checks they exist.
 */
export const ROUTE_FILES: Record<(typeof CLIENT_ROUTES)[number], readonly string[]> = {
  '/': ['src/routes/index.tsx'],
  '/news': ['src/routes/news/index.tsx'],
  '/news/:slug': ['src/routes/news/$slug.tsx'],
  '/rankings': ['src/routes/rankings.tsx'],
  '/matches': ['src/routes/matches.tsx'],
  '/matches/:id': ['src/routes/matches_.$id.tsx'],
  '/teams/:id': ['src/routes/teams.$id.tsx'],
  '/teams/:id/rating': ['src/routes/teams.$id_.rating.tsx'],
  '/ratings': ['src/routes/ratings.tsx'],
  '/players/:id': ['src/routes/players.$id.tsx'],
  '/events': ['src/routes/events.tsx'],
  '/events/:id': ['src/routes/events_.$id.tsx'],
  '/stats': ['src/routes/stats.tsx'],
  '/standings': ['src/routes/standings.tsx'],
  '/search': ['src/routes/search.tsx'],
  '/following': ['src/routes/following.tsx'],
  '/signin': ['src/routes/signin.tsx'],
  '/admin': ['src/routes/admin/route.tsx', 'src/routes/admin/index.tsx'],
  '/admin/graphic': ['src/routes/admin/route.tsx', 'src/routes/admin/graphic.tsx'],
};

/** Staff and per-browser pages stay rendered by the browser alone: their content is the visitor's own. */
export const BROWSER_ONLY_ROUTES: ReadonlySet<string> = new Set(['/signin', '/following', '/admin', '/admin/graphic']);

/**
 * Pages whose first paint waits until the browser has read the whole render (web-app.ts,
 * docs/decisions/0097): their first screen is a long table whose columns a half-read paint
 * would lay out again as later rows arrive. Elsewhere the earlier paint is worth more.
 */
export const PAINTED_WHOLE_ROUTES: ReadonlySet<string> = new Set(['/standings']);

/** Each server-rendered route as a pattern over the path (with a trailing slash it is a redirect: web-app.ts). */
const SERVER_RENDERED = CLIENT_ROUTES.filter((route) => !BROWSER_ONLY_ROUTES.has(route)).map((route) => new RegExp(`^${route.replace(/:\w+/g, '[^/]+')}$`));

/**
 * Whether a path is a public page the server renders: its anonymous answer is the same for
 * everyone, so the response cache keeps it like a public read (docs/decisions/0097).
 */
export function isServerRenderedPage(path: string): boolean {
  return SERVER_RENDERED.some((pattern) => pattern.test(path));
}
