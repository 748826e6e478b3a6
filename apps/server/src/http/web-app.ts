import { existsSync, readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { LOCAL_CONTENT_PROJECT_ID } from '@campus-elo/api-contract';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Config } from '../config';
import { newsSource } from '../features/content/latest-posts';
import { headHtml, pageDataHtml, scriptJson } from '../features/pages/head';
import { failedPage, notFoundPage, PAGES, type PageAnswer } from '../features/pages/page-content';
import { siteOrigin } from '../features/pages/site-origin';
import type { AppDeps } from '../trpc';
import { restErrorResponse } from './errors';
import { registerPageStylesheets } from './page-stylesheets';
import { readManifest, routeAssets, routeLinks } from './route-preloads';
import { cspNonce, inlineScriptHashes, pageContentSecurityPolicy } from './security-headers';
import { BROWSER_ONLY_ROUTES, CLIENT_ROUTES, PAINTED_WHOLE_ROUTES, ROUTE_FILES } from './page-routes';
import { loadServerRenderer, renderAppAt, type RenderedApp } from './server-render';

/** Paths that are never pages: their unknown URLs answer JSON 404s. */
const NOT_PAGES = /^\/(v1|trpc|media|content|feeds|healthz|assets|og|sitemaps)(\/|$)/;

/** Where each response's <head> elements and page data go (in place of the build's <title>). */
const PAGE_HEAD_MARKER = '<!--page-head-->';

/** The element the app renders into: the server's render goes inside, with the moment it was made. */
const APP_ROOT = '<div id="root"></div>';

/**
 * On the pages that ask for it (PAINTED_WHOLE_ROUTES), the first paint waits until the browser
 * has read the whole server-rendered app: a render-blocking `rel=expect` link to a marker after
 * the root (Chromium 124+; other browsers ignore it). Painted half-read, a table's columns widen
 * as later rows arrive and what was painted moves: a layout shift on a slow phone
 * (docs/decisions/0097). The page is sent whole, so the wait is the parser's, not the network's.
 * Written into the route's template once; a page the browser renders alone meets the marker
 * right after its empty root and paints as before.
 */
export function paintedWhole(template: string): string {
  return template
    .replace(PAGE_HEAD_MARKER, () => `<link rel="expect" href="#app-end" blocking="render">\n    ${PAGE_HEAD_MARKER}`)
    .replace(APP_ROOT, () => `${APP_ROOT}<div id="app-end" hidden></div>`);
}

/** Stands for the response's CSP nonce in index.html (the web build writes it: vite.config.ts, html.cspNonce). */
export const NONCE_PLACEHOLDER = '__CSP_NONCE__';

/** '/teams/x/?tab=y' -> '/teams/x?tab=y' */
export function withoutTrailingSlash(url: string): string {
  const query = url.indexOf('?');
  const path = query === -1 ? url : url.slice(0, query);
  return `${path.replace(/\/+$/, '') || '/'}${query === -1 ? '' : url.slice(query)}`;
}

/**
 * Where the built web app lives: WEB_DIST, else apps/web/dist beside the server package
 * (found by walking up to its package.json: this module runs from src/ and from the bundle).
 */
function webDistFolder(configured: string | undefined): string | undefined {
  let serverPackage = dirname(fileURLToPath(import.meta.url));
  while (!existsSync(join(serverPackage, 'package.json')) && dirname(serverPackage) !== serverPackage) serverPackage = dirname(serverPackage);
  const candidate = configured ?? resolve(serverPackage, '../web/dist');
  return existsSync(resolve(candidate, 'index.html')) ? candidate : undefined;
}

/**
 * The web app's runtime settings, embedded as inert JSON (never executed) so the first
 * paint already knows the site name and where news comes from.
 */
export function siteSettings(config: Config) {
  return {
    siteName: config.siteName,
    timeZone: config.siteTimeZone,
    sanity: config.sanity.projectId
      ? { projectId: config.sanity.projectId, dataset: config.sanity.dataset, apiVersion: config.sanity.apiVersion, local: false }
      : { projectId: LOCAL_CONTENT_PROJECT_ID, dataset: config.sanity.dataset, apiVersion: config.sanity.apiVersion, local: true },
  };
}

/**
 * index.html with the settings written in, every script and style element carrying the nonce
 * placeholder, and the build's title and description replaced by a marker where each response
 * writes its page's own head (features/pages).
 */
export function indexHtmlTemplate(template: string, config: Config): string {
  return template
    .replace('<!--site-settings-->', `<script id="site-settings" type="application/json">${scriptJson(siteSettings(config))}</script>`)
    .replace(/\s*<meta name="description"[^>]*>/, '')
    .replace(/<title>[^<]*<\/title>/, PAGE_HEAD_MARKER)
    .replace(/<(script|style)\b(?![^>]*\snonce=)/g, `<$1 nonce="${NONCE_PLACEHOLDER}"`);
}

/**
 * A page template cut at its two markers (the head's and the app root), each piece split at
 * the nonce placeholder and its inline scripts hashed: once per template, on its first
 * response. A response then joins pieces around its own head, data and app, and hashes only
 * what it added: searching and copying the whole page per response cost a top team's page
 * about 4 ms (docs/decisions/0097).
 */
export interface CutTemplate {
  pieces: [beforeHead: string[], headToRoot: string[], afterRoot: string[]];
  scriptHashes: [beforeHead: string[], headToRoot: string[], afterRoot: string[]];
}

export function cutTemplate(template: string): CutTemplate {
  const headAt = template.indexOf(PAGE_HEAD_MARKER);
  const rootAt = template.indexOf(APP_ROOT);
  if (headAt === -1 || rootAt < headAt) throw new Error(`The page template needs ${PAGE_HEAD_MARKER} and then ${APP_ROOT}`);
  const texts = [template.slice(0, headAt), template.slice(headAt + PAGE_HEAD_MARKER.length, rootAt), template.slice(rootAt + APP_ROOT.length)] as const;
  return {
    pieces: [texts[0].split(NONCE_PLACEHOLDER), texts[1].split(NONCE_PLACEHOLDER), texts[2].split(NONCE_PLACEHOLDER)],
    scriptHashes: [inlineScriptHashes(texts[0]), inlineScriptHashes(texts[1]), inlineScriptHashes(texts[2])],
  };
}

/**
 * The page's HTML: the template with this response's head, data and, when the server rendered
 * the app (with this response's nonce), its HTML and the moment it was made; and the hashes of
 * its inline scripts in the order they stand, for the page's policy.
 */
export function renderPage(template: CutTemplate, page: PageAnswer, siteName: string, nonce: string, app?: RenderedApp): { html: string; scriptHashes: string[] } {
  const head = `${headHtml(page.head, siteName)}\n    ${pageDataHtml(page.data, nonce)}`;
  const root = app ? `<div id="root" data-rendered-at="${app.renderedAt}">${app.html}</div>` : APP_ROOT;
  const [beforeHead, headToRoot, afterRoot] = template.pieces;
  const hashes = template.scriptHashes;
  return {
    html: `${beforeHead.join(nonce)}${head}${headToRoot.join(nonce)}${root}${afterRoot.join(nonce)}`,
    // The app holds the router's scroll-restoration script (decision 0097): its part is searched each time.
    scriptHashes: [...hashes[0], ...inlineScriptHashes(head), ...hashes[1], ...(app ? inlineScriptHashes(app.html) : []), ...hashes[2]],
  };
}

/** The entry bundle's tag and the module preloads in the build's index.html and a route's links. */
const ENTRY_SCRIPT = /<script type="module" crossorigin src="([^"]+)"[^>]*><\/script>\s*/;
const MODULE_PRELOAD = /<link rel="modulepreload" crossorigin href="([^"]+)"[^>]*>\s*/g;

/**
 * A server-rendered page reads without its scripts, so they load once it has painted: the
 * entry bundle's tag and the module preloads leave the head, and a small script at the end
 * of the body adds them at the first frame's end (requestAnimationFrame, then a task). Until
 * then the stylesheets and the first pictures have the connection to themselves, and the
 * first paint never waits for 117 KB of JavaScript and its work (docs/decisions/0097).
 */
export function scriptsAfterPaint(template: string): string {
  const entry = ENTRY_SCRIPT.exec(template)?.[1];
  if (!entry) return template;
  const preloads = [...template.matchAll(MODULE_PRELOAD)].map((match) => match[1]!);
  // All added at once (one fragment): each element added to the head alone costs the browser a
  // few milliseconds on a phone.
  const loader =
    `<script nonce="${NONCE_PLACEHOLDER}">requestAnimationFrame(function(){setTimeout(function(){var f=document.createDocumentFragment();` +
    `${scriptJson(preloads)}.forEach(function(href){var l=document.createElement('link');l.rel='modulepreload';l.crossOrigin='';l.href=href;f.appendChild(l)});` +
    `var s=document.createElement('script');s.type='module';s.crossOrigin='';s.src=${scriptJson(entry)};f.appendChild(s);document.head.appendChild(f)})})</script>`;
  return template
    .replace(ENTRY_SCRIPT, '')
    .replace(MODULE_PRELOAD, '')
    .replace('</body>', () => `${loader}\n  </body>`);
}

/**
 * Serves the built web app: hashed bundles under /assets/ cached for a year, other files
 * revalidated, both in the precompressed encoding the client takes; and index.html with this
 * response's CSP nonce, head and data for every page.
 */
export async function registerWebApp(app: FastifyInstance, { db, readDb = db, config }: AppDeps): Promise<void> {
  const root = webDistFolder(config.webDist);
  const template = root ? indexHtmlTemplate(readFileSync(resolve(root, 'index.html'), 'utf8'), config) : undefined;

  const news = newsSource(config, { warn: (message) => app.log.warn(message) });

  const manifest = root ? readManifest(root) : undefined;

  const renderer = root ? await loadServerRenderer(root, siteSettings(config)) : undefined;
  if (root && !renderer) app.log.warn('The web build has no server render (apps/web/dist-server): pages are rendered by the browser alone.');

  /** The app rendered on the server for this page, or undefined (browser-only route, or the render failed: the browser renders it). */
  const serverRender = async (req: FastifyRequest, reply: FastifyReply, route: string | undefined, page: PageAnswer, renderedAt = Date.now()): Promise<RenderedApp | undefined> => {
    if (!renderer || (route !== undefined && BROWSER_ONLY_ROUTES.has(route))) return undefined;
    try {
      return await renderAppAt(renderer, { url: req.url, data: page.data, nonce: cspNonce(reply) }, renderedAt);
    } catch (error) {
      req.log.error({ err: error }, 'server render failed');
      return undefined;
    }
  };

  // Each route's template and the not-found page's, cut once: with the scripts after the
  // first paint when the server rendered the app, as the browser wrote it when not.
  const cutTemplates = new Map<string, { rendered: CutTemplate; bare: CutTemplate }>();
  const cutOf = (pageTemplate: string, rendered: boolean) => {
    let cut = cutTemplates.get(pageTemplate);
    if (cut === undefined) cutTemplates.set(pageTemplate, (cut = { rendered: cutTemplate(scriptsAfterPaint(pageTemplate)), bare: cutTemplate(pageTemplate) }));
    return rendered ? cut.rendered : cut.bare;
  };

  const sendPage = (reply: FastifyReply, page: PageAnswer, pageTemplate = template!, rendered?: RenderedApp) => {
    const { html, scriptHashes } = renderPage(cutOf(pageTemplate, rendered !== undefined), page, config.siteName, cspNonce(reply), rendered);
    const policy = reply.getHeader('content-security-policy');
    if (typeof policy === 'string') reply.header('content-security-policy', pageContentSecurityPolicy(policy, scriptHashes));
    return reply.code(page.status).header('cache-control', 'no-cache').type('text/html; charset=utf-8').send(html);
  };

  if (root && template) {
    await app.register(fastifyStatic, {
      root,
      wildcard: false,
      index: false,
      // index.html is only ever served rendered, below.
      // The build manifest is the server's, not the public's.
      allowedPath: (path) => path !== '/index.html' && !path.startsWith('/.vite/'),
      // Our own header, not the plugin's 'max-age=0', which would overwrite it.
      cacheControl: false,
      // The build writes .br and .gz beside each text file (apps/web/build/precompress.ts):
      // sent as they are, with Content-Encoding and Vary: Accept-Encoding.
      preCompressed: true,
      setHeaders(res, path) {
        res.setHeader('cache-control', /[\\/]assets[\\/]/.test(path) ? 'public, max-age=31536000, immutable' : 'no-cache');
        // The plugin picks the encoding but does not say the answer depends on it: caches must know.
        res.setHeader('vary', 'accept-encoding');
      },
    });
    const combineStylesheets = registerPageStylesheets(app, root);
    for (const route of CLIENT_ROUTES) {
      const pageOf = PAGES[route]!;
      // This page's own chunks, fetched alongside the entry bundle.
      const assets = routeAssets(manifest, ROUTE_FILES[route]);
      const links = routeLinks(
        assets,
        NONCE_PLACEHOLDER,
        renderer && !BROWSER_ONLY_ROUTES.has(route) ? { serverRendered: true, combined: combineStylesheets(assets.stylesheets) } : { serverRendered: false },
      );
      // Scripts preloaded at the top of the head; stylesheets at its end, after the entry's, so
      // the route's own rules win over Mantine's as when the browser adds them (docs/decisions/0097).
      const linkedTemplate = template
        .replace(PAGE_HEAD_MARKER, () => (links.preloads ? `${PAGE_HEAD_MARKER}\n    ${links.preloads}` : PAGE_HEAD_MARKER))
        .replace('</head>', () => (links.stylesheets ? `  ${links.stylesheets}\n  </head>` : '</head>'));
      const routeTemplate = PAINTED_WHOLE_ROUTES.has(route) ? paintedWhole(linkedTemplate) : linkedTemplate;
      const handler = async (req: FastifyRequest<{ Params: Record<string, string> }>, reply: FastifyReply) => {
        try {
          const started = performance.now();
          // One moment for the page's data and its render (the upcoming windows, "2 hours ago").
          const renderedAt = Date.now();
          const page = await pageOf(req.params, { db: readDb, searchDb: db, config, news, origin: siteOrigin(config, req), query: req.query as Record<string, unknown>, now: new Date(renderedAt) });
          const read = performance.now();
          const rendered = await serverRender(req, reply, route, page, renderedAt);
          // Where a page's time goes, for operators and the bench (docs/decisions/0097).
          reply.header('server-timing', `data;dur=${(read - started).toFixed(1)}, render;dur=${(performance.now() - read).toFixed(1)}`);
          // With the route's styles even when not found: the route may show its own message (an unknown article).
          return sendPage(reply, page, routeTemplate, rendered);
        } catch (error) {
          // The database or Sanity failing (503, 502) or a bug (500): the page still loads and says so itself.
          const { status, headers, internal } = restErrorResponse(error);
          if (internal) req.log.error({ err: error }, 'page head failed');
          const failed = failedPage(config, status);
          return sendPage(reply.headers(headers), failed, template, await serverRender(req, reply, route, failed));
        }
      };
      app.get(route, handler);
      // One address per page: with a trailing slash it redirects to the same page without one
      // (the router matches no such path, and the cache keeps one copy).
      if (route !== '/') app.get(`${route}/`, (req, reply) => reply.redirect(withoutTrailingSlash(req.url), 301));
    }
  }

  app.setNotFoundHandler((req, reply) => {
    const path = req.url.split('?')[0] ?? '/';
    if ((req.method === 'GET' || req.method === 'HEAD') && template && !NOT_PAGES.test(path)) {
      const page = notFoundPage(config);
      return serverRender(req, reply, undefined, page).then((rendered) => sendPage(reply, page, template, rendered));
    }
    return reply.code(404).send({ error: `No such path: ${req.method} ${path}` });
  });
}
