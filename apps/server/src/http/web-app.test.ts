import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { eventCreateInput } from '@campus-elo/api-contract';
import { createTestDatabase, type TestDatabase } from '@campus-elo/db';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app';
import { loadConfig } from '../config';
import { createEvent } from '../features/events/admin-queries';
import { CLIENT_ROUTES, ROUTE_FILES } from './page-routes';

/** A web build as Vite writes it (html.cspNonce puts the placeholder on its own tags). */
const INDEX_HTML = `<!doctype html>
<html lang="en">
  <head>
    <meta property="csp-nonce" nonce="__CSP_NONCE__" />
    <title>Campus Elo</title>
    <script nonce="__CSP_NONCE__">document.documentElement.dataset.scheme = 'light';</script>
    <script type="module" crossorigin src="/assets/index-abc123.js" nonce="__CSP_NONCE__"></script>
    <!--site-settings-->
  </head>
  <body><div id="root"></div></body>
</html>`;

const BIG_SCRIPT = `console.log(${JSON.stringify('the league '.repeat(500))});`;

/** Vite's build manifest: the entry, and the home route's component with a shared chunk and its stylesheet. */
const MANIFEST = {
  'index.html': { file: 'assets/index-abc123.js', isEntry: true, css: ['assets/index-abc123.css'] },
  'src/routes/index.tsx?tsr-split=component': { file: 'assets/routes-h0me.js', isDynamicEntry: true, imports: ['_HomePage-x.js', 'index.html'] },
  '_HomePage-x.js': { file: 'assets/HomePage-x.js', imports: ['index.html', '_Stack-y.js'], css: ['assets/HomePage-x.css'] },
  '_Stack-y.js': { file: 'assets/Stack-y.js', imports: ['index.html'] },
  // A chunk the build merged the news page's component into: no key of the route's own.
  '_shared-n3ws.js': { file: 'assets/shared-n3ws.js', imports: ['index.html'], css: ['assets/shared-n3ws.css'] },
};

/** Vite's SSR manifest: which client files hold each source module (the merged news component's). */
const SSR_MANIFEST = { 'src/routes/news/index.tsx?tsr-split=component': ['/assets/shared-n3ws.js', '/assets/shared-n3ws.css'] };

const HOME_CSS = '.home { color: rebeccapurple; }';

let webDist: string;
let database: TestDatabase;
let app: FastifyInstance;

beforeAll(async () => {
  webDist = mkdtempSync(join(tmpdir(), 'web-dist-'));
  writeFileSync(join(webDist, 'index.html'), INDEX_HTML);
  mkdirSync(join(webDist, 'assets'));
  writeFileSync(join(webDist, 'assets', 'index-abc123.js'), 'console.log("app");');
  // As the build precompresses them (apps/web/build/precompress.ts).
  writeFileSync(join(webDist, 'assets', 'big-abc123.js'), BIG_SCRIPT);
  writeFileSync(join(webDist, 'assets', 'big-abc123.js.br'), brotliCompressSync(BIG_SCRIPT));
  writeFileSync(join(webDist, 'assets', 'big-abc123.js.gz'), gzipSync(BIG_SCRIPT));
  mkdirSync(join(webDist, '.vite'));
  writeFileSync(join(webDist, '.vite', 'manifest.json'), JSON.stringify(MANIFEST));
  writeFileSync(join(webDist, '.vite', 'ssr-manifest.json'), JSON.stringify(SSR_MANIFEST));
  mkdirSync(join(webDist, 'images'));
  writeFileSync(join(webDist, 'images', 'default-logo.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
  database = await createTestDatabase();
  app = await buildApp({ db: database.db, readDb: database.readDb, config: loadConfig({ LOG_LEVEL: 'silent', WEB_DIST: webDist, SITE_NAME: 'Test <League>' }), logger: false });
});
afterAll(async () => {
  await app.close();
  await database.close();
  rmSync(webDist, { recursive: true, force: true });
});

const nonceIn = (html: string) => /<meta property="csp-nonce" nonce="([^"]+)"/.exec(html)?.[1];

describe('pages', () => {
  it.each(['/', '/news', '/news/how-elo-rankings-work', '/rankings', '/matches', '/events', '/signin', '/admin', '/admin/graphic', '/search'])(
    'GET %s answers index.html with 200',
    async (url) => {
      const response = await app.inject({ method: 'GET', url });
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-type']).toBe('text/html; charset=utf-8');
      expect(response.headers['cache-control']).toBe('no-cache');
      expect(response.body).toContain('<div id="root">');
    },
  );

  it.each([
    ['/news/', '/news'],
    ['/admin/', '/admin'],
    ['/rankings/?region=West', '/rankings?region=West'],
  ])('GET %s redirects to %s (one address per page)', async (url, location) => {
    const response = await app.inject({ method: 'GET', url });
    expect(response.statusCode).toBe(301);
    expect(response.headers.location).toBe(location);
  });

  it.each(['/no-such-page', '/news/no-such-post', '/news/a/b', '/teams', '/admin/nothing', '/index.html'])('GET %s answers the same page with 404', async (url) => {
    const response = await app.inject({ method: 'GET', url });
    expect(response.statusCode).toBe(404);
    expect(response.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(response.body).toContain('<div id="root">');
  });

  it('answers HEAD like GET, without a body (uptime monitors)', async () => {
    const home = await app.inject({ method: 'HEAD', url: '/' });
    expect(home.statusCode).toBe(200);
    expect(home.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(home.body).toBe('');
    expect((await app.inject({ method: 'HEAD', url: '/no-such-page' })).statusCode).toBe(404);
    expect((await app.inject({ method: 'HEAD', url: '/healthz' })).statusCode).toBe(200);
  });

  it('writes the settings and the escaped site name into the page', async () => {
    const { body } = await app.inject({ method: 'GET', url: '/' });
    expect(body).toContain('<title>Test &#60;League&#62;</title>');
    const settings = /<script nonce="[^"]+" id="site-settings" type="application\/json">(.*?)<\/script>/.exec(body)?.[1];
    expect(JSON.parse(settings!)).toMatchObject({ siteName: 'Test <League>', sanity: { local: true } });
  });

  it('allows each inline script by its hash and styles by a fresh nonce per response, the one its CSP names', async () => {
    const first = await app.inject({ method: 'GET', url: '/' });
    const second = await app.inject({ method: 'GET', url: '/rankings' });
    const nonce = nonceIn(first.body)!;
    expect(nonce).toMatch(/^[A-Za-z0-9+/]{22}==$/);
    expect(nonceIn(second.body)).not.toBe(nonce);
    expect(first.body).not.toContain('__CSP_NONCE__');
    const scripts = first.body.match(/<script\b[^>]*>/g)!;
    // The settings, the page's data, the inline script and the bundle.
    expect(scripts).toHaveLength(4);
    for (const tag of scripts) expect(tag).toContain(`nonce="${nonce}"`);
    const policy = first.headers['content-security-policy'] as string;
    expect(policy).toContain(`style-src 'self' 'nonce-${nonce}'`);
    // A kept page goes to many visitors: its one script that runs is named by its hash, never by a nonce.
    const inline = /<script nonce="[^"]+">([\s\S]*?)<\/script>/.exec(first.body)![1]!;
    const scriptSources = /script-src ([^;]*)/.exec(policy)![1]!;
    expect(scriptSources).toBe(`'self' 'sha256-${createHash('sha256').update(inline).digest('base64')}'`);
  });

  it('JSON 404s for API paths and missing assets', async () => {
    for (const url of ['/v1/nothing', '/media', '/assets/missing.js', '/trpc']) {
      const response = await app.inject({ method: 'GET', url });
      expect(response.statusCode, url).toBe(404);
      expect(response.json(), url).toHaveProperty('error');
    }
  });
});

describe('pages of one team, player, match or event', () => {
  let ids: { team: string; opponent: string; player: string; hiddenPlayer: string; match: string; event: string };

  beforeAll(async () => {
    const { db } = database;
    const [team, opponent] = await db.insertInto('teams').values([{ name: 'Page Owls' }, { name: 'Page Foxes' }]).returning('id').execute();
    const [player, hiddenPlayer] = await db
      .insertInto('players')
      .values([
        { name: 'Shown', team_id: team!.id, visible: true },
        { name: 'Hidden', team_id: team!.id, visible: false },
      ])
      .returning('id')
      .execute();
    const match = await db
      .insertInto('matches')
      .values({ platform: 'faceit', external_id: 'page-test-1', team1_id: team!.id, team2_id: opponent!.id, status: 'scheduled' })
      .returning('id')
      .executeTakeFirstOrThrow();
    const event = await createEvent(
      db,
      null,
      eventCreateInput.parse({ name: 'Page Cup', start_date: '2026-01-10', end_date: '2026-01-11', format: 'single_elimination', team_ids: [team!.id, opponent!.id] }),
    );
    ids = { team: team!.id, opponent: opponent!.id, player: player!.id, hiddenPlayer: hiddenPlayer!.id, match: match.id, event: event.id };
  });

  it('answers 200 for a team, a visible player and a match that exist, and redirects their addresses with a trailing slash', async () => {
    for (const url of [`/teams/${ids.team}`, `/teams/${ids.opponent}`, `/players/${ids.player}`, `/matches/${ids.match}`, `/events/${ids.event}`]) {
      const response = await app.inject({ method: 'GET', url });
      expect(response.statusCode, url).toBe(200);
      expect(response.body, url).toContain('<div id="root">');
      const slashed = await app.inject({ method: 'GET', url: `${url}/` });
      expect(slashed.statusCode, url).toBe(301);
      expect(slashed.headers.location, url).toBe(url);
    }
  });

  it('answers the same page with 404 for a malformed id, an unknown id and a hidden player', async () => {
    const unknown = '6f1d2c3b-4a5e-4f60-8a7b-9c0d1e2f3a4b';
    for (const url of ['/teams/x', '/players/x', '/matches/x', `/teams/${unknown}`, `/players/${unknown}`, `/matches/${unknown}`, `/players/${ids.hiddenPlayer}`, `/teams/${ids.player}`, '/events/x', `/events/${unknown}`]) {
      const response = await app.inject({ method: 'GET', url });
      expect(response.statusCode, url).toBe(404);
      expect(response.headers['content-type'], url).toBe('text/html; charset=utf-8');
      expect(response.body, url).toContain('<div id="root">');
    }
  });

  it('answers HEAD with the same status', async () => {
    expect((await app.inject({ method: 'HEAD', url: `/teams/${ids.team}` })).statusCode).toBe(200);
    expect((await app.inject({ method: 'HEAD', url: `/players/${ids.hiddenPlayer}` })).statusCode).toBe(404);
  });
});

describe('files', () => {
  it('caches hashed assets for a year and revalidates the others', async () => {
    const asset = await app.inject({ method: 'GET', url: '/assets/index-abc123.js' });
    expect(asset.statusCode).toBe(200);
    expect(asset.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    const logo = await app.inject({ method: 'GET', url: '/images/default-logo.svg' });
    expect(logo.statusCode).toBe(200);
    expect(logo.headers['cache-control']).toBe('no-cache');
  });

  it('sends the precompressed copy the client takes, saying so, and the plain file to others', async () => {
    const url = '/assets/big-abc123.js';
    const br = await app.inject({ method: 'GET', url, headers: { 'accept-encoding': 'gzip, deflate, br' } });
    expect(br.statusCode).toBe(200);
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers.vary).toContain('accept-encoding');
    expect(br.headers['content-type']).toMatch(/^text\/javascript|^application\/javascript/);
    expect(br.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(brotliDecompressSync(br.rawPayload).toString()).toBe(BIG_SCRIPT);

    const gzip = await app.inject({ method: 'GET', url, headers: { 'accept-encoding': 'gzip' } });
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gzip.rawPayload).toString()).toBe(BIG_SCRIPT);

    const plain = await app.inject({ method: 'GET', url, headers: { 'accept-encoding': 'identity' } });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe(BIG_SCRIPT);
  });
});

describe('preloading a page\'s own chunks', () => {
  it('preloads the route component\'s scripts and styles, not the entry bundle, each with the nonce (a build without its server render)', async () => {
    const { body } = await app.inject({ method: 'GET', url: '/' });
    const nonce = nonceIn(body)!;
    const links = body.match(/<link rel="(?:modulepreload"|preload" as="style")[^>]*>/g) ?? [];
    expect(links).toEqual([
      `<link rel="preload" as="style" crossorigin href="/assets/HomePage-x.css" nonce="${nonce}" />`,
      `<link rel="modulepreload" crossorigin href="/assets/routes-h0me.js" nonce="${nonce}" />`,
      `<link rel="modulepreload" crossorigin href="/assets/HomePage-x.js" nonce="${nonce}" />`,
      `<link rel="modulepreload" crossorigin href="/assets/Stack-y.js" nonce="${nonce}" />`,
    ]);
    for (const url of ['/rankings', '/no-such-page']) expect((await app.inject({ method: 'GET', url })).body, url).not.toContain('modulepreload');
    // A route component the build merged into a shared chunk is found through the SSR manifest.
    const news = (await app.inject({ method: 'GET', url: '/news' })).body;
    expect(news).toContain(`<link rel="preload" as="style" crossorigin href="/assets/shared-n3ws.css" nonce="${nonceIn(news)}" />`);
    expect(news).toContain(`<link rel="modulepreload" crossorigin href="/assets/shared-n3ws.js" nonce="${nonceIn(news)}" />`);
    expect((await app.inject({ method: 'GET', url: '/.vite/manifest.json' })).statusCode).toBe(404);
  });

  it('names route files that exist', () => {
    for (const files of Object.values(ROUTE_FILES)) {
      for (const file of files) expect(existsSync(resolve(import.meta.dirname, '../../../web', file)), file).toBe(true);
    }
  });
});

describe('pages the server renders', () => {
  /** A server render beside the build (dist-server/entry-server.js) that says what it was given. */
  const ENTRY_SERVER = `export function configure() {}
export async function renderApp({ url, data, nonce }) {
  const said = data.notFound ? 'not found' : data.queries.length + ' queries';
  // As the router writes its scroll restoration: an inline script inside the app.
  const script = url === '/ratings' ? '<script nonce="' + nonce + '">window.restored = true</script>' : '';
  return { html: '<main data-url="' + url + '">' + said + '</main>' + script, scripts: '', status: data.notFound ? 404 : 200 };
}`;
  let build: string;
  let rendering: FastifyInstance;

  beforeAll(async () => {
    build = mkdtempSync(join(tmpdir(), 'web-build-'));
    mkdirSync(join(build, 'dist', '.vite'), { recursive: true });
    writeFileSync(join(build, 'dist', 'index.html'), INDEX_HTML);
    writeFileSync(join(build, 'dist', '.vite', 'manifest.json'), JSON.stringify(MANIFEST));
    writeFileSync(join(build, 'dist', '.vite', 'ssr-manifest.json'), JSON.stringify(SSR_MANIFEST));
    mkdirSync(join(build, 'dist', 'assets'));
    writeFileSync(join(build, 'dist', 'assets', 'HomePage-x.css'), HOME_CSS);
    mkdirSync(join(build, 'dist-server'));
    writeFileSync(join(build, 'dist-server', 'entry-server.js'), ENTRY_SERVER);
    rendering = await buildApp({ db: database.db, config: loadConfig({ LOG_LEVEL: 'silent', WEB_DIST: join(build, 'dist') }), logger: false });
  });
  afterAll(async () => {
    await rendering.close();
    rmSync(build, { recursive: true, force: true });
  });

  it("puts the render in the page, with the route's styles as one stylesheet (the HTML needs them before its first paint) and its scripts loaded after it has painted", async () => {
    const { body } = await rendering.inject({ method: 'GET', url: '/' });
    const nonce = nonceIn(body)!;
    // The moment it was rendered, for the browser's hydrating render (docs/decisions/0096).
    expect(body).toMatch(/<div id="root" data-rendered-at="\d+"><main data-url="\/">/);
    // Painted as soon as the browser has read enough: only the standings wait for the whole render.
    expect(body).not.toContain('rel="expect"');
    expect(body).not.toContain('id="app-end"');
    const combined = /<link rel="stylesheet" crossorigin href="(\/assets\/pages\/[\w-]+\.css)" nonce="([^"]+)" \/>/.exec(body);
    expect(combined?.[2]).toBe(nonce);
    expect(body.indexOf(combined![0])).toBeLessThan(body.indexOf('</head>'));
    // Each file it holds named by a link the browser does not fetch, so Vite's loader adds none.
    expect(body).toContain(`<link rel="stylesheet" crossorigin disabled href="/assets/HomePage-x.css" nonce="${nonce}" />`);
    expect(body).not.toContain('as="style"');
    // The page reads without its scripts: they load once it has painted, added by a script at the body's end.
    expect(body).not.toContain('rel="modulepreload"');
    expect(body).not.toContain('<script type="module"');
    const loader = /<script nonce="([^"]+)">(requestAnimationFrame\([^<]*)<\/script>\s*<\/body>/.exec(body);
    expect(loader?.[1]).toBe(nonce);
    expect(loader?.[2]).toContain('["/assets/routes-h0me.js","/assets/HomePage-x.js","/assets/Stack-y.js"].forEach(');
    expect(loader?.[2]).toContain('s.src="/assets/index-abc123.js"');

    const stylesheet = await rendering.inject({ method: 'GET', url: combined![1]! });
    expect(stylesheet.statusCode).toBe(200);
    expect(stylesheet.headers['content-type']).toBe('text/css; charset=utf-8');
    expect(stylesheet.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(stylesheet.body).toBe(HOME_CSS);
    expect((await rendering.inject({ method: 'GET', url: '/assets/pages/nothing.css' })).statusCode).toBe(404);
  });

  it('holds the standings\' first paint until the browser has read the whole render (a table painted half-read moves as its rows arrive)', async () => {
    const { body } = await rendering.inject({ method: 'GET', url: '/standings' });
    expect(body.indexOf('<link rel="expect" href="#app-end" blocking="render">')).toBeGreaterThan(-1);
    expect(body.indexOf('<link rel="expect" href="#app-end" blocking="render">')).toBeLessThan(body.indexOf('</head>'));
    expect(body).toMatch(/<main data-url="\/standings">[^<]*<\/main><\/div><div id="app-end" hidden><\/div>/);
  });

  it("renders with the response's nonce and names each inline script by its hash: the template's, the loader's and the app's own", async () => {
    const { body, headers } = await rendering.inject({ method: 'GET', url: '/ratings' });
    const nonce = nonceIn(body)!;
    expect(body).not.toContain('__CSP_NONCE__');
    expect(body).toContain(`<script nonce="${nonce}">window.restored = true</script>`);
    const inline = [...body.matchAll(/<script nonce="[^"]+">([\s\S]*?)<\/script>/g)].map((match) => match[1]!);
    expect(inline).toHaveLength(3);
    const hashes = inline.map((source) => `'sha256-${createHash('sha256').update(source).digest('base64')}'`);
    expect(/script-src ([^;]*)/.exec(headers['content-security-policy'] as string)![1]).toBe(`'self' ${hashes.join(' ')}`);
  });

  it("links a route's stylesheets themselves when a file is missing from the build (the news page's merged chunk)", async () => {
    const { body } = await rendering.inject({ method: 'GET', url: '/news' });
    expect(body).toContain(`<link rel="stylesheet" crossorigin href="/assets/shared-n3ws.css" nonce="${nonceIn(body)}" />`);
    expect(body).not.toContain('/assets/pages/');
  });

  it("tells the render that an unknown team is not found, and leaves staff pages to the browser", async () => {
    const unknown = await rendering.inject({ method: 'GET', url: '/teams/6f1d2c3b-4a5e-4f60-8a7b-9c0d1e2f3a4b' });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.body).toMatch(/<div id="root" data-rendered-at="\d+"><main data-url="\/teams\/6f1d2c3b-4a5e-4f60-8a7b-9c0d1e2f3a4b">not found<\/main><\/div>/);
    const staff = (await rendering.inject({ method: 'GET', url: '/signin' })).body;
    expect(staff).toContain('<div id="root"></div>');
    // Nothing to wait for: an empty root paints at once.
    expect(staff).not.toContain('rel="expect"');
  });
});

describe('the list of pages', () => {
  it('names every route of the web app', () => {
    // TanStack Router's generated tree lists each page as a link target ('/news/$slug').
    const tree = readFileSync(resolve(import.meta.dirname, '../../../web/src/routeTree.gen.ts'), 'utf8');
    const block = /export interface FileRoutesByTo \{([^}]*)\}/.exec(tree)![1]!;
    const pages = [...block.matchAll(/'([^']+)':/g)].map(([, path]) => path!.replace(/\$(\w+)/g, ':$1'));
    expect(pages.length).toBeGreaterThan(5);
    const listed = new Set(CLIENT_ROUTES.map((route) => route.replace(/:\w+/g, ':param')));
    for (const page of pages) expect(listed, page).toContain(page.replace(/:\w+/g, ':param'));
  });
});
