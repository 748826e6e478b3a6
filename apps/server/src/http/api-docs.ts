import fastifySwagger from '@fastify/swagger';
import fastifySwaggerUi from '@fastify/swagger-ui';
import type { FastifyInstance } from 'fastify';
import { buildOpenApiDocument, type ExtraOperation } from './openapi';
import type { RestEndpoint } from './rest-endpoints';

const EXTRAS: ExtraOperation[] = [
  { method: 'GET', path: '/v1/openapi.json', summary: 'This document', tag: 'Public', access: 'public', contentType: 'application/json' },
  { method: 'GET', path: '/v1/docs', summary: 'This document as a browsable page', tag: 'Public', access: 'public', contentType: 'text/html' },
];

/**
 * GET /v1/openapi.json and a browsable page of it at /v1/docs (Swagger UI, served by the
 * maintained Fastify plugin in static mode over our own document). Register inside /v1.
 */
export async function registerApiDocs(v1: FastifyInstance, endpoints: readonly RestEndpoint[], info: { title: string; version: string }): Promise<void> {
  const document = buildOpenApiDocument(endpoints, EXTRAS, info);
  v1.get('/openapi.json', async () => document);
  await v1.register(async (docs) => {
    await docs.register(fastifySwagger, { mode: 'static', specification: { document: document as never } });
    await docs.register(fastifySwaggerUi, {
      routePrefix: '/docs',
      // The page links its scripts by absolute path, which must include /v1.
      indexPrefix: '/v1',
      uiConfig: { docExpansion: 'list', deepLinking: true },
      // Swagger UI renders <style> elements without a nonce, so this page alone allows inline
      // styles (a nonce beside 'unsafe-inline' would void it); its scripts stay under the site's policy.
      transformStaticCSP: (header) => header.replace(/style-src [^;]*/, "style-src 'self' 'unsafe-inline'"),
    });
  });
}
