import { mkdirSync, mkdtempSync, readFileSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { excerptFromBody } from '@campus-elo/domain';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import {
  HOME_EXCERPT_LENGTH,
  HOME_POST_COUNT,
  NEWS_PAGE_EXCERPT_LENGTH,
  NEWS_PAGE_POST_COUNT,
  articleBySlugQuery,
  newsArticleResult,
  newsPostListResult,
  homePostsQuery,
  newsPagePostsQuery,
  // The web app's own queries: the point is that exactly these run here as they would on Sanity.
} from '@campus-elo/api-contract';
import { createTestDatabase, type TestDatabase } from '@campus-elo/db';
import { buildApp } from '../../app';
import { loadConfig } from '../../config';
import { defaultContentDatasetPath, parseNdjson } from './dataset';
import { registerContentRoutes } from './routes';

const QUERY_PATH = '/content/v2025-08-13/data/query/production';

async function contentApp(env: Record<string, string> = {}): Promise<FastifyInstance> {
  const app = Fastify({ logger: false });
  await registerContentRoutes(app, { config: loadConfig(env) });
  await app.ready();
  return app;
}

/** A GET as @sanity/client sends it: the query and JSON-encoded $parameters in the query string. */
function getUrl(query: string, params: Record<string, unknown> = {}, path = QUERY_PATH): string {
  const search = new URLSearchParams({ query });
  for (const [name, value] of Object.entries(params)) search.append(`$${name}`, JSON.stringify(value));
  search.append('returnQuery', 'false');
  return `${path}?${search}`;
}

describe('local content endpoint over the demo dataset', () => {
  let app: FastifyInstance;
  beforeAll(async () => {
    app = await contentApp();
  });
  afterAll(() => app.close());

  const get = async (query: string, params?: Record<string, unknown>) => {
    const response = await app.inject({ method: 'GET', url: getUrl(query, params) });
    return { status: response.statusCode, body: response.json() };
  };

  it('answers the home query: the 8 latest posts, newest first, in the Sanity envelope', async () => {
    const { status, body } = await get(homePostsQuery);
    expect(status).toBe(200);
    expect(Object.keys(body).sort()).toEqual(['ms', 'result']);
    expect(typeof body.ms).toBe('number');
    const posts = newsPostListResult.parse(body.result);
    expect(posts).toHaveLength(HOME_POST_COUNT);
    expect(Object.keys(body.result[0]).sort()).toEqual(
      ['_id', 'author', 'authorLink', 'bodyText', 'imageDimensions', 'imageUrl', 'publishedAt', 'slug', 'title'].sort(),
    );
    const dates = posts.map((post) => post.publishedAt ?? '');
    expect(dates).toEqual([...dates].sort().reverse());
    for (const post of posts) {
      expect(post.slug).toMatch(/^[a-z0-9-]+$/);
      expect(Array.from(excerptFromBody(post.bodyText, HOME_EXCERPT_LENGTH))).toHaveLength(HOME_EXCERPT_LENGTH);
      // Lists carry only text, never the images or marks of the body.
      for (const block of post.bodyText ?? []) {
        expect(block._type).toBe('block');
        for (const child of block.children ?? []) expect(Object.keys(child).sort()).toEqual(['_type', 'text']);
      }
    }
    expect(posts.some((post) => post.author === null)).toBe(true);
    expect(posts.some((post) => post.imageUrl === null)).toBe(true);
    const withImage = posts.find((post) => post.imageUrl);
    // Absolute, as Sanity's CDN URLs are, on the request's origin (no PUBLIC_URL here).
    expect(withImage?.imageUrl).toMatch(/^http:\/\/localhost:80\/content\/images\/[0-9a-f]{40}-1200x675\.webp$/);
    expect(withImage?.imageDimensions).toEqual({ width: 1200, height: 675 });
  });

  it('answers the news page query: the 10 latest posts with 300-character excerpts', async () => {
    const { status, body } = await get(newsPagePostsQuery);
    expect(status).toBe(200);
    const posts = newsPostListResult.parse(body.result);
    expect(posts).toHaveLength(NEWS_PAGE_POST_COUNT);
    const home = newsPostListResult.parse((await get(homePostsQuery)).body.result);
    expect(posts.slice(0, HOME_POST_COUNT).map((post) => post._id)).toEqual(home.map((post) => post._id));
    for (const post of posts) {
      const excerpt = excerptFromBody(post.bodyText, NEWS_PAGE_EXCERPT_LENGTH);
      expect(Array.from(excerpt).length).toBeLessThanOrEqual(NEWS_PAGE_EXCERPT_LENGTH);
      expect(Array.from(excerpt).length).toBeGreaterThan(HOME_EXCERPT_LENGTH);
    }
  });

  it('answers the article query by $slug over GET and POST, with the body images resolved', async () => {
    const viaGet = await get(articleBySlugQuery, { slug: 'how-elo-rankings-work' });
    const viaPost = await app.inject({
      method: 'POST',
      url: `${QUERY_PATH}?returnQuery=false`,
      payload: { query: articleBySlugQuery, params: { slug: 'how-elo-rankings-work' } },
    });
    expect(viaGet.status).toBe(200);
    expect(viaPost.statusCode).toBe(200);
    expect(viaPost.json().result).toEqual(viaGet.body.result);

    const article = newsArticleResult.parse(viaGet.body.result);
    expect(article?.title).toBe('How our Elo rankings work');
    expect(article?.slug).toBe('how-elo-rankings-work');
    expect(article?.author).toBeNull();
    const image = article?.body?.find((block) => block._type === 'image');
    expect(image).toMatchObject({ url: expect.stringMatching(/^http:\/\/localhost:80\/content\/images\//), dimensions: { width: 1200, height: 675 } });
    expect(image?.alt).toEqual(expect.any(String));
    expect(image?.caption).toEqual(expect.any(String));
  });

  it('answers null for an unknown slug', async () => {
    const { status, body } = await get(articleBySlugQuery, { slug: 'no-such-post' });
    expect(status).toBe(200);
    expect(body.result).toBeNull();
  });

  it('returns the query in the envelope unless returnQuery=false', async () => {
    const response = await app.inject({ method: 'GET', url: `${QUERY_PATH}?query=${encodeURIComponent('count(*[_type == "post"])')}` });
    expect(response.json()).toEqual({ query: 'count(*[_type == "post"])', result: 12, ms: expect.any(Number) });
  });

  it('answers 400 with the GROQ error for a malformed query, never 500', async () => {
    const { status, body } = await get('*[_type == "post"');
    expect(status).toBe(400);
    expect(body.error).toMatchObject({ type: 'queryParseError', description: expect.stringContaining('Syntax error'), start: expect.any(Number) });

    const unknownFunction = await get('*[nope::what()]');
    expect(unknownFunction.status).toBe(400);
    expect(unknownFunction.body.error.type).toBe('queryParseError');
  });

  it('answers 400 for a missing parameter, a parameter that is not JSON or no query at all', async () => {
    const missing = await get(articleBySlugQuery);
    expect(missing.status).toBe(400);
    expect(missing.body.error.description).toBe('param $slug referenced, but not provided');

    const notJson = await app.inject({ method: 'GET', url: `${QUERY_PATH}?query=${encodeURIComponent(articleBySlugQuery)}&$slug=unquoted` });
    expect(notJson.statusCode).toBe(400);
    expect(notJson.json().error.description).toContain('$slug');

    expect((await app.inject({ method: 'GET', url: QUERY_PATH })).statusCode).toBe(400);
    expect((await app.inject({ method: 'POST', url: QUERY_PATH, payload: { params: {} } })).statusCode).toBe(400);
    expect((await app.inject({ method: 'POST', url: QUERY_PATH, payload: { query: '*', params: [1] } })).statusCode).toBe(400);
  });

  it('answers 404 for another dataset and 400 for a malformed API version', async () => {
    const otherDataset = await app.inject({ method: 'GET', url: getUrl('*', {}, '/content/v2025-08-13/data/query/staging') });
    expect(otherDataset.statusCode).toBe(404);
    const badVersion = await app.inject({ method: 'GET', url: getUrl('*', {}, '/content/vlatest/data/query/production') });
    expect(badVersion.statusCode).toBe(400);
  });

  it('serves the post images with long-lived caching', async () => {
    const posts = newsPostListResult.parse((await get(homePostsQuery)).body.result);
    const imageUrl = new URL(posts.find((post) => post.imageUrl)?.imageUrl ?? '').pathname;
    const response = await app.inject({ method: 'GET', url: imageUrl });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('image/webp');
    expect(response.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    const file = join(defaultContentDatasetPath(), '..', imageUrl.replace('/content/', ''));
    expect(response.rawPayload.equals(readFileSync(file))).toBe(true);

    expect((await app.inject({ method: 'GET', url: '/content/images/missing.webp' })).statusCode).toBe(404);
    expect((await app.inject({ method: 'GET', url: '/content/images/..%2Fposts.ndjson' })).statusCode).toBe(404);
    expect((await app.inject({ method: 'GET', url: '/content/images/notes.txt' })).statusCode).toBe(404);
  });
});

describe('the demo dataset', () => {
  const documents = parseNdjson(readFileSync(defaultContentDatasetPath(), 'utf8'), (message) => {
    throw new Error(message);
  });
  const posts = documents.filter((doc) => doc._type === 'post');
  const blocks = posts.flatMap((post) => post.body as Array<Record<string, any>>);

  it('has about a dozen posts in the documented shape, some without author and one without image', () => {
    expect(posts).toHaveLength(12);
    for (const post of posts) {
      expect(post).toMatchObject({ _id: expect.any(String), title: expect.any(String), slug: { current: expect.any(String) }, publishedAt: expect.any(String) });
      expect(Array.isArray(post.body)).toBe(true);
    }
    expect(posts.filter((post) => !post.author).length).toBeGreaterThan(0);
    expect(posts.filter((post) => !post.image)).toHaveLength(1);
  });

  it('references only image assets that exist, with files on disk', () => {
    const assets = new Map(documents.filter((doc) => doc._type === 'sanity.imageAsset').map((doc) => [doc._id, doc]));
    const references = [...posts.map((post) => post.image as { asset: { _ref: string } } | undefined), ...blocks.filter((b) => b._type === 'image')]
      .filter((image) => image !== undefined)
      .map((image) => image.asset._ref);
    for (const reference of references) {
      const asset = assets.get(reference);
      expect(asset, reference).toBeDefined();
      const file = join(defaultContentDatasetPath(), '..', String(asset?.path));
      expect(readFileSync(file).length).toBe(asset?.size);
    }
  });

  it('uses every block the article supports', () => {
    const styles = new Set(blocks.map((block) => block.style));
    for (const style of ['normal', 'h1', 'h2', 'h3', 'h4', 'blockquote']) expect(styles, style).toContain(style);
    const lists = new Set(blocks.map((block) => block.listItem));
    expect(lists).toContain('bullet');
    expect(lists).toContain('number');
    const marks = new Set(blocks.flatMap((block) => (block.children ?? []).flatMap((span: { marks: string[] }) => span.marks)));
    for (const decorator of ['strong', 'em', 'code']) expect(marks, decorator).toContain(decorator);
    const hrefs = blocks.flatMap((block) => (block.markDefs ?? []).map((definition: { href: string }) => definition.href));
    expect(hrefs.some((href) => href.startsWith('/'))).toBe(true);
    expect(hrefs.some((href) => href.startsWith('https://'))).toBe(true);
    const images = blocks.filter((block) => block._type === 'image');
    expect(images.some((image) => image.alt && image.caption)).toBe(true);
    expect(images.some((image) => !image.alt)).toBe(true);
  });
});

describe('local content endpoint over a dataset file of its own', () => {
  const folder = mkdtempSync(join(tmpdir(), 'content-'));
  const file = join(folder, 'posts.ndjson');
  const post = (slug: string, publishedAt: string) =>
    JSON.stringify({ _id: `post-${slug}`, _type: 'post', title: slug, slug: { current: slug }, publishedAt, body: [] });
  let app: FastifyInstance | undefined;

  afterEach(async () => {
    await app?.close();
    app = undefined;
  });
  afterAll(() => rmSync(folder, { recursive: true, force: true }));

  const slugs = async () => {
    const response = await app!.inject({ method: 'GET', url: getUrl(homePostsQuery) });
    return (response.json().result as Array<{ slug: string }>).map((item) => item.slug);
  };

  it('reloads the dataset when the file changes', async () => {
    writeFileSync(file, `${post('first', '2026-09-01T00:00:00Z')}\n`);
    app = await contentApp({ CONTENT_DATASET: file });
    expect(await slugs()).toEqual(['first']);

    writeFileSync(file, `${post('first', '2026-09-01T00:00:00Z')}\n${post('second', '2026-10-01T00:00:00Z')}\n`);
    // Some file systems keep coarse timestamps: move the time on so the change is visible.
    const later = new Date(Date.now() + 5000);
    utimesSync(file, later, later);
    expect(await slugs()).toEqual(['second', 'first']);
  });

  it('skips lines that are not documents and serves the images beside the file', async () => {
    writeFileSync(file, `${post('only', '2026-09-01T00:00:00Z')}\nnot json\n{"title":"no id"}\n\n`);
    mkdirSync(join(folder, 'images'), { recursive: true });
    writeFileSync(join(folder, 'images', 'logo.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
    app = await contentApp({ CONTENT_DATASET: file });
    expect(await slugs()).toEqual(['only']);
    const image = await app.inject({ method: 'GET', url: '/content/images/logo.svg' });
    expect(image.statusCode).toBe(200);
    expect(image.headers['content-type']).toBe('image/svg+xml');
    // An SVG opened on its own cannot run script.
    expect(image.headers['content-security-policy']).toContain('sandbox');
  });

  it('answers empty results when the file is missing', async () => {
    app = await contentApp({ CONTENT_DATASET: join(folder, 'missing.ndjson') });
    expect(await slugs()).toEqual([]);
  });

  it('is not served when a real Sanity project is configured', async () => {
    app = await contentApp({ SANITY_PROJECT_ID: 'abc123' });
    expect((await app.inject({ method: 'GET', url: getUrl('*') })).statusCode).toBe(404);
  });
});

describe('queries that are not the site’s own', () => {
  let database: TestDatabase;
  let app: FastifyInstance;
  beforeAll(async () => {
    database = await createTestDatabase();
    app = await buildApp({ db: database.db, config: loadConfig({ LOG_LEVEL: 'silent' }), logger: false });
  }, 60_000);
  afterAll(async () => {
    await app?.close();
    await database?.close();
  });

  const get = async (query: string, params?: Record<string, unknown>) => {
    const response = await app.inject({ method: 'GET', url: getUrl(query, params) });
    return { status: response.statusCode, body: response.json() };
  };
  /** `[1, 2, …, n]` */
  const numbers = (n: number) => `[${Array.from({ length: n }, (_, i) => i + 1).join(',')}]`;

  it('refuses the probe’s nested dataset scans with 400 and a reason, before running them', async () => {
    const sixDeep = 'count(*[count(*[count(*[count(*[count(*[count(*[]) > 0]) > 0]) > 0]) > 0]) > 0])';
    const threeDeep = '*[]{"a":*[]{"b":*[]}}';
    for (const query of [sixDeep, threeDeep]) {
      const { status, body } = await get(query);
      expect(status).toBe(400);
      expect(body.error).toMatchObject({ type: 'queryRefused', description: expect.stringMatching(/^Query refused: it scans the dataset \d levels deep/) });
    }
  });

  it('stops a query that runs too long with 503, while /healthz answers meanwhile', async () => {
    // Six nested filters over a literal array: no dataset scan to refuse, 40^6 evaluations to run.
    const slowQuery = `count(${numbers(40)}[count(${numbers(40)}[count(${numbers(40)}[count(${numbers(40)}[count(${numbers(40)}[count(${numbers(40)}[true]) > 0]) > 0]) > 0]) > 0]) > 0])`;
    let slowAnswered = false;
    const slow = get(slowQuery).finally(() => (slowAnswered = true));
    const health = await app.inject({ method: 'GET', url: '/healthz' });
    expect(health.statusCode).toBe(200);
    expect(slowAnswered).toBe(false);
    const { status, body } = await slow;
    expect(status).toBe(503);
    expect(body.error).toMatchObject({ type: 'queryTimeout', description: 'The query took longer than 2000 ms and was stopped' });
    // The thread was replaced: the next query runs.
    expect(await get('count(*[_type == "post"])')).toMatchObject({ body: { result: 12 } });
  });

  it('answers a Sanity client’s usual queries off the main thread: related posts, counts, references, parameters', async () => {
    const related = await get('*[_type == "post"] | order(publishedAt desc) [0...3] {title, "related": *[_type == "post" && _id != ^._id][0...2]{title}, "image": image.asset->url}');
    expect(related.status).toBe(200);
    expect(related.body.result).toHaveLength(3);
    expect(related.body.result[0].related).toHaveLength(2);
    const counted = await get('{"posts": count(*[_type == "post"]), "assets": count(*[_type == "sanity.imageAsset"])}');
    expect(counted.body.result.posts).toBe(12);
    const bySlug = await get('*[_type == "post" && slug.current == $slug][0]{title}', { slug: 'how-elo-rankings-work' });
    expect(bySlug.body.result).toEqual({ title: 'How our Elo rankings work' });
  });
});

describe('limits of the local endpoint over a dataset file of its own', () => {
  const folder = mkdtempSync(join(tmpdir(), 'content-limits-'));
  const file = join(folder, 'posts.ndjson');
  const TOKEN = 'content-read-token';
  const doc = (id: string, extra: Record<string, unknown> = {}) => JSON.stringify({ _id: id, _type: 'post', title: id, slug: { current: id }, ...extra });
  let app: FastifyInstance | undefined;

  afterEach(async () => {
    await app?.close();
    app = undefined;
  });
  afterAll(() => rmSync(folder, { recursive: true, force: true }));

  it('refuses an answer larger than 2 MB with 400', async () => {
    const padding = 'x'.repeat(5_000);
    writeFileSync(file, `${Array.from({ length: 30 }, (_, i) => doc(`post-${i}`, { padding })).join('\n')}\n`);
    app = await contentApp({ CONTENT_DATASET: file });
    // Two levels of scans are allowed, but 30 × 30 documents of 5 KB are about 4.5 MB.
    const response = await app.inject({ method: 'GET', url: getUrl('*[]{"all": *[]}') });
    expect(response.statusCode).toBe(400);
    expect(response.json().error).toMatchObject({ type: 'queryRefused', description: expect.stringMatching(/^Query refused: its answer of \d+ bytes is larger than 2097152 bytes$/) });
    // One level is well under it.
    expect((await app.inject({ method: 'GET', url: getUrl('count(*)') })).json().result).toBe(30);
  });

  it('shows drafts only to a caller with CONTENT_READ_TOKEN: perspective=raw without it answers the published documents, a wrong token 401', async () => {
    writeFileSync(file, `${doc('post-a')}\n${doc('drafts.post-a', { title: 'unpublished edit' })}\n${doc('drafts.post-b')}\n`);
    app = await contentApp({ CONTENT_DATASET: file, CONTENT_READ_TOKEN: TOKEN });
    const ids = async (headers: Record<string, string>, query = '*[]._id') => {
      const response = await app!.inject({ method: 'GET', url: `${getUrl(query)}&perspective=raw`, headers });
      return { status: response.statusCode, body: response.json() };
    };
    expect(await ids({})).toMatchObject({ status: 200, body: { result: ['post-a'] } });
    // The same through the worker's path and the in-process one (a site query).
    expect((await ids({}, homePostsQuery)).body.result.map((post: { _id: string }) => post._id)).toEqual(['post-a']);
    expect((await ids({ authorization: `Bearer ${TOKEN}` })).body.result.sort()).toEqual(['drafts.post-a', 'drafts.post-b', 'post-a']);
    expect(await ids({ authorization: 'Bearer guessed' })).toMatchObject({ status: 401, body: { error: { type: 'httpUnauthorized' } } });

    const post = await app.inject({ method: 'POST', url: QUERY_PATH, payload: { query: '*[]._id', perspective: 'raw' } });
    expect(post.json().result).toEqual(['post-a']);
  });

  it('never shows drafts while no CONTENT_READ_TOKEN is set', async () => {
    writeFileSync(file, `${doc('post-a')}\n${doc('drafts.post-b')}\n`);
    app = await contentApp({ CONTENT_DATASET: file });
    const response = await app.inject({ method: 'GET', url: `${getUrl('*[]._id')}&perspective=raw`, headers: { authorization: 'Bearer anything' } });
    expect(response.statusCode).toBe(401);
    expect((await app.inject({ method: 'GET', url: `${getUrl('*[]._id')}&perspective=raw` })).json().result).toEqual(['post-a']);
  });
});
