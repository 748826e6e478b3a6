import { createReadStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import { extname, join } from 'node:path';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { withAbsoluteContentImages } from '../../http/absolute-urls';
import { siteOrigin } from '../pages/site-origin';
import type { AppDeps } from '../../trpc';
import { openContentDataset, resolveContentDatasetPath, type ContentDataset } from './dataset';
import { ContentQueryError, documentsForPerspective, runGroq, type QueryErrorBody } from './groq';
import { LOCAL_CONTENT_PROJECT_ID } from '@campus-elo/api-contract';

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
 * The local stand-in for Sanity's query API: the same path, parameters and answer envelope,
 * so @sanity/client and the same GROQ work against it. Only registered when no real Sanity
 * project is configured.
 */
export async function registerContentRoutes(app: FastifyInstance, { config }: Pick<AppDeps, 'config'>): Promise<void> {
  if (config.sanity.projectId) return;
  const datasetFile = resolveContentDatasetPath(config.contentDataset);
  const dataset = openContentDataset(datasetFile, (message) => app.log.warn(message));

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
      const documents = documentsForPerspective(await dataset.documents(), perspective);
      // Absolute picture URLs, as Sanity's CDN gives, so other sites can show them.
      const result = withAbsoluteContentImages(
        await runGroq(documents, input.query, input.params, { projectId: LOCAL_CONTENT_PROJECT_ID, dataset: route.dataset }),
        siteOrigin(config, req),
      );
      const ms = Math.round(performance.now() - started);
      return reply.send(input.returnQuery === 'false' ? { result, ms } : { query: input.query, result, ms });
    } catch (error) {
      if (error instanceof ContentQueryError) return reply.code(400).send(error.body satisfies QueryErrorBody);
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
