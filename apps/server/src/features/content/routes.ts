import { createReadStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import { extname, join } from 'node:path';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { withAbsoluteContentImages } from '../../http/absolute-urls';
import { siteOrigin } from '../pages/site-origin';
import type { AppDeps } from '../../trpc';
import { openContentDataset, resolveContentDatasetPath, type ContentDataset } from './dataset';
import { articleBySlugQuery, homePostsQuery, LOCAL_CONTENT_PROJECT_ID, newsPagePostsQuery } from '@campus-elo/api-contract';
import { sameSecret } from '../../lib/same-secret';
import { ContentQueryError, documentsForPerspective, parseGroq, runGroq, type QueryErrorBody } from './groq';
import { refuseCostlyQuery } from './query-cost';
import { createQueryPool } from './query-pool';

/** The project id @sanity/client is given when it talks to this server (see apps/web/src/lib/sanity.ts). */

const API_VERSION = /^v(1|X|\d{4}-\d{2}-\d{2})$/;
const IMAGE_FILE = /^[A-Za-z0-9][A-Za-z0-9_-]*(\.[A-Za-z0-9_-]+)*\.(webp|png|jpe?g|gif|svg)$/;
const IMAGE_TYPES: Record<string, string> = {
  '.webp': 'image/webp',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.gif': 'image/gif',
  '.svg': 'image/svg+xml',
};

interface QueryRouteParams {
  version: string;
  dataset: string;
}

type QueryString = Record<string, string | string[] | undefined>;

interface QueryInput {
  query: unknown;
  params: Record<string, unknown>;
  perspective: unknown;
  returnQuery: unknown;
}

/**
 * The web app's own queries: their cost is known (one pass over the dataset), so they run on
 * the main thread at once; any other query is checked and run off it (query-pool.ts).
 */
const SITE_QUERIES = new Set([homePostsQuery, newsPagePostsQuery, articleBySlugQuery]);

const firstValue = (value: string | string[] | undefined) => (Array.isArray(value) ? value[0] : value);

function badRequest(description: string): ContentQueryError {
  return new ContentQueryError({ error: { description, type: 'httpBadRequest' } });
}

/** GET sends the parameters as `$name=<JSON>` in the query string, as @sanity/client does. */
function parametersFromQueryString(queryString: QueryString): Record<string, unknown> {
  const params: Record<string, unknown> = {};
  for (const [key, raw] of Object.entries(queryString)) {
    if (!key.startsWith('$') || key.length === 1) continue;
    const text = firstValue(raw) ?? '';
    try {
      params[key.slice(1)] = JSON.parse(text);
    } catch {
      throw badRequest(`Invalid JSON in parameter ${key}`);
    }
  }
  return params;
}

function parametersFromBody(body: unknown): Omit<QueryInput, 'returnQuery'> {
  if (typeof body !== 'object' || body === null || Array.isArray(body)) throw badRequest('The request body must be a JSON object with a query');
  const { query, params, perspective } = body as Record<string, unknown>;
  if (params !== undefined && (typeof params !== 'object' || params === null || Array.isArray(params))) {
    throw badRequest('params must be an object');
  }
  return { query, params: (params as Record<string, unknown> | undefined) ?? {}, perspective };
}

/**
 * Whether the caller may read drafts: as on Sanity, only with a token (`Authorization: Bearer
 * CONTENT_READ_TOKEN`). No token reads the published documents; a wrong one is refused.
 */
function mayReadDrafts(authorization: string | undefined, readToken: string | undefined): boolean {
  if (authorization === undefined) return false;
  const token = /^Bearer (.+)$/i.exec(authorization)?.[1];
  if (!readToken || !token || !sameSecret(token, readToken)) {
    throw new ContentQueryError({ error: { description: 'Unauthorized - the token is not valid for this dataset', type: 'httpUnauthorized' } }, 401);
  }
  return true;
}

/**
 * The local stand-in for Sanity's query API: the same path, parameters and answer envelope,
 * so @sanity/client and the same GROQ work against it. Only registered when no real Sanity
 * project is configured. Queries other than the site's own run on a worker thread with a time,
 * memory and answer-size limit, after a check of their nesting (docs/decisions/0075-groq-off-the-main-thread.md).
 */
export async function registerContentRoutes(app: FastifyInstance, { config }: Pick<AppDeps, 'config'>): Promise<void> {
  if (config.sanity.projectId) return;
  const datasetFile = resolveContentDatasetPath(config.contentDataset);
  const dataset = openContentDataset(datasetFile, (message) => app.log.warn(message));
  const pool = createQueryPool(config.content.queryTimeoutMs);
  app.addHook('onClose', () => pool.close());

  /** Answers in Sanity's envelope; reading the input may throw a ContentQueryError (400) too. */
  async function answerQuery(req: FastifyRequest, reply: FastifyReply, route: QueryRouteParams, readInput: () => QueryInput) {
    const started = performance.now();
    try {
      if (!API_VERSION.test(route.version)) throw badRequest(`Invalid API version "${route.version}"`);
      if (route.dataset !== config.sanity.dataset) {
        return reply.code(404).send({
          error: { description: `Dataset "${route.dataset}" not found for project ID "${LOCAL_CONTENT_PROJECT_ID}"`, type: 'httpNotFound' },
        });
      }
      const input = readInput();
      if (typeof input.query !== 'string' || input.query.trim() === '') throw badRequest('The query parameter "query" is required');
      const perspective = typeof input.perspective === 'string' ? input.perspective : undefined;
      const documents = documentsForPerspective(await dataset.documents(), perspective, mayReadDrafts(req.headers.authorization, config.content.readToken));
      const sanity = { projectId: LOCAL_CONTENT_PROJECT_ID, dataset: route.dataset };
      const envelope = (result: string) => {
        const ms = Math.round(performance.now() - started);
        const query = input.returnQuery === 'false' ? '' : `"query":${JSON.stringify(input.query)},`;
        return `{${query}"result":${result},"ms":${ms}}`;
      };
      if (SITE_QUERIES.has(input.query)) {
        const result = await runGroq(documents, input.query, input.params, sanity);
        // Absolute picture URLs, as Sanity's CDN gives, so other sites can show them.
        const absolute = withAbsoluteContentImages(result, siteOrigin(config, req));
        return reply.type('application/json; charset=utf-8').send(envelope(JSON.stringify(absolute) ?? 'null'));
      }
      refuseCostlyQuery(parseGroq(input.query, input.params), input.query);
      const result = await pool.run({ query: input.query, params: input.params, documents, sanity });
      return reply.type('application/json; charset=utf-8').send(envelope(JSON.stringify(withAbsoluteContentImages(JSON.parse(result), siteOrigin(config, req)))));
    } catch (error) {
      if (error instanceof ContentQueryError) return reply.code(error.status).send(error.body satisfies QueryErrorBody);
      throw error;
    }
  }

  app.get<{ Params: QueryRouteParams; Querystring: QueryString }>('/content/:version/data/query/:dataset', (req, reply) =>
    answerQuery(req, reply, req.params, () => ({
      query: firstValue(req.query.query),
      params: parametersFromQueryString(req.query),
      perspective: firstValue(req.query.perspective),
      returnQuery: firstValue(req.query.returnQuery),
    })),
  );

  app.post<{ Params: QueryRouteParams; Querystring: QueryString }>('/content/:version/data/query/:dataset', (req, reply) =>
    answerQuery(req, reply, req.params, () => {
      const body = parametersFromBody(req.body);
      return { ...body, perspective: body.perspective ?? firstValue(req.query.perspective), returnQuery: firstValue(req.query.returnQuery) };
    }),
  );

  registerImageRoute(app, dataset);
}

/** Image files are named by their content hash, so they can be cached for good. */
function registerImageRoute(app: FastifyInstance, dataset: ContentDataset) {
  app.get<{ Params: { file: string } }>('/content/images/:file', async (req, reply) => {
    const { file } = req.params;
    const notFound = () => reply.code(404).send({ error: `No such image: ${file}` });
    if (!IMAGE_FILE.test(file)) return notFound();
    const path = join(dataset.imagesDir, file);
    const info = await stat(path).catch(() => undefined);
    if (!info?.isFile()) return notFound();
    reply
      .header('content-type', IMAGE_TYPES[extname(file).toLowerCase()] ?? 'application/octet-stream')
      .header('content-length', info.size)
      .header('cache-control', 'public, max-age=31536000, immutable')
      .header('x-content-type-options', 'nosniff')
      // An SVG opened on its own must not run script.
      .header('content-security-policy', "default-src 'none'; style-src 'unsafe-inline'; sandbox");
    return reply.send(createReadStream(path));
  });
}
