import type { FastifyInstance } from 'fastify';
import { buildOpenApiDocument, type RegisteredRoute } from './document';
import { apiOperations } from './operations';

const DOCUMENTED_METHODS = new Set(['GET', 'POST', 'PUT', 'DELETE', 'PATCH']);

/**
 * GET /openapi.json inside the /v1 prefix. Register it first: it watches every route added to
 * /v1 after it, so the document lists paths nobody described yet as well. Built on first request.
 */
export function registerOpenApiRoute(app: FastifyInstance, info: { title: string; version: string }): void {
  const routes: RegisteredRoute[] = [];
  app.addHook('onRoute', (route) => {
    for (const method of [route.method].flat()) {
      if (DOCUMENTED_METHODS.has(method)) routes.push({ method, url: route.url });
    }
  });
  let document: ReturnType<typeof buildOpenApiDocument> | undefined;
  app.get('/openapi.json', async () => (document ??= buildOpenApiDocument(apiOperations, routes, info)));
}
