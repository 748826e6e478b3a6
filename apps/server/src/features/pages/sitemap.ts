import type { Database } from '@campus-elo/db';
import type { FastifyInstance, FastifyReply } from 'fastify';
import type { Kysely } from 'kysely';
import type { AppDeps } from '../../trpc';
import { newsSource } from '../content/latest-posts';
import { escapeHtml } from './head';
import { siteOrigin } from './site-origin';

// The sitemap (sitemaps.org protocol): /sitemap.xml is an index of sitemaps of at most
// 50,000 URLs each (the protocol's limit), so the scale league's 35,000 players and any
// growth past it need no other change: the list pages and news, then teams and visible
// players in pages of SITEMAP_MAX_URLS by id.

export const SITEMAP_MAX_URLS = 50_000;
/** Crawlers come back for these now and then; an hour spares the reads. */
const CACHE_CONTROL = 'public, max-age=3600';
/** The list pages every visitor starts from. */
const LIST_PAGES = ['/', '/rankings', '/matches', '/news', '/events', '/stats', '/standings'];

interface SitemapEntry {
  path: string;
  lastmod?: string | Date | null;
}

type EntityTable = 'teams' | 'players';

function urlset(origin: string, entries: Iterable<SitemapEntry>): string {
  const urls: string[] = [];
  for (const entry of entries) {
    const lastmod = entry.lastmod ? `<lastmod>${new Date(entry.lastmod).toISOString()}</lastmod>` : '';
    urls.push(`<url><loc>${escapeHtml(origin + entry.path)}</loc>${lastmod}</url>`);
  }
  return `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${urls.join('\n')}\n</urlset>\n`;
}

function entityQuery(db: Kysely<Database>, table: EntityTable) {
  const query = db.selectFrom(table).select([`${table}.id`, `${table}.updated_at`]);
  return table === 'players' ? query.where('players.visible', '=', true) : query;
}

async function entityCount(db: Kysely<Database>, table: EntityTable): Promise<number> {
  let query = db.selectFrom(table).select((eb) => eb.fn.countAll<string>().as('count'));
  if (table === 'players') query = query.where('players.visible', '=', true);
  return Number((await query.executeTakeFirstOrThrow()).count);
}

/** The pages of one kind's sitemap: 1..n, at least one so the index never names a missing file. */
const pageCount = (count: number, perPage: number) => Math.max(1, Math.ceil(count / perPage));

export function registerSitemapRoutes(app: FastifyInstance, { db, config }: AppDeps, options: { maxUrls?: number } = {}): void {
  const maxUrls = options.maxUrls ?? SITEMAP_MAX_URLS;
  const news = newsSource(config, { warn: (message) => app.log.warn(message) });
  const xml = (reply: FastifyReply, body: string) => reply.type('application/xml; charset=utf-8').header('cache-control', CACHE_CONTROL).send(body);

  app.get('/robots.txt', async (req, reply) => {
    const origin = siteOrigin(config, req);
    const body = ['User-agent: *', 'Disallow: /admin', 'Disallow: /signin', 'Disallow: /search', 'Disallow: /trpc/', 'Allow: /', '', `Sitemap: ${origin}/sitemap.xml`, ''].join('\n');
    return reply.type('text/plain; charset=utf-8').header('cache-control', CACHE_CONTROL).send(body);
  });

  app.get('/sitemap.xml', async (req, reply) => {
    const origin = siteOrigin(config, req);
    const [teams, players] = await Promise.all([entityCount(db, 'teams'), entityCount(db, 'players')]);
    const names = ['pages', ...Array.from({ length: pageCount(teams, maxUrls) }, (_, i) => `teams-${i + 1}`), ...Array.from({ length: pageCount(players, maxUrls) }, (_, i) => `players-${i + 1}`)];
    const sitemaps = names.map((name) => `<sitemap><loc>${escapeHtml(`${origin}/sitemaps/${name}.xml`)}</loc></sitemap>`);
    return xml(
      reply,
      `<?xml version="1.0" encoding="UTF-8"?>\n<sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${sitemaps.join('\n')}\n</sitemapindex>\n`,
    );
  });

  app.get<{ Params: { name: string } }>('/sitemaps/:name', async (req, reply) => {
    const origin = siteOrigin(config, req);
    const notFound = () => reply.code(404).send({ error: `No such sitemap: ${req.params.name}` });
    if (req.params.name === 'pages.xml') {
      // The list pages and every article (the newest first, within the limit).
      const room = maxUrls - LIST_PAGES.length;
      const posts = room > 0 ? await news.postLinks(room) : [];
      const articles = posts.map((post) => ({ path: `/news/${encodeURIComponent(post.slug)}`, lastmod: post._updatedAt ?? post.publishedAt }));
      return xml(reply, urlset(origin, [...LIST_PAGES.map((path) => ({ path })), ...articles].slice(0, maxUrls)));
    }
    const match = /^(teams|players)-([1-9]\d{0,6})\.xml$/.exec(req.params.name);
    if (!match) return notFound();
    const table = match[1] as EntityTable;
    const page = Number(match[2]);
    const rows = await entityQuery(db, table)
      .orderBy(`${table}.id`)
      .limit(maxUrls)
      .offset((page - 1) * maxUrls)
      .execute();
    if (rows.length === 0 && page > 1) return notFound();
    return xml(reply, urlset(origin, rows.map((row) => ({ path: `/${table}/${row.id}`, lastmod: row.updated_at }))));
  });
}
