import { z } from 'zod';
import type { ApiOperation } from './operations';

/** A route the server registered under /v1, as Fastify saw it. */
export interface RegisteredRoute {
  method: string;
  url: string;
}

type JsonSchema = { type?: string | string[]; properties?: Record<string, JsonSchema>; required?: string[]; [key: string]: unknown };

function jsonSchema(schema: z.ZodType, io: 'input' | 'output'): JsonSchema {
  const { $schema: _dialect, ...rest } = z.toJSONSchema(schema, { io, unrepresentable: 'any' }) as JsonSchema;
  return rest;
}

const jsonContent = (schema: JsonSchema) => ({ 'application/json': { schema } });

const errorBody: JsonSchema = {
  type: 'object',
  properties: { error: { type: 'string' }, issues: { type: 'array', items: {}, description: 'The validation issues, for a 400.' } },
  required: ['error'],
};

const errorResponse = (description: string) => ({ description, content: jsonContent({ $ref: '#/components/schemas/Error' }) });

/** '/v1/teams/:id/' -> '/v1/teams/{id}/' */
export function openApiPath(fastifyPath: string): string {
  return fastifyPath.replace(/:(\w+)/g, '{$1}');
}

function parameters(operation: ApiOperation) {
  const inPath = [...operation.path.matchAll(/:(\w+)/g)].map(([, name]) => ({
    name,
    in: 'path',
    required: true,
    schema: { type: 'string' },
  }));
  if (!operation.query) return inPath;
  const query = jsonSchema(operation.query(), 'input');
  const required = new Set(query.required ?? []);
  const inQuery = Object.entries(query.properties ?? {}).map(([name, schema]) => ({
    name,
    in: 'query',
    required: required.has(name),
    ...(operation.queryDescriptions?.[name] ? { description: operation.queryDescriptions[name] } : {}),
    schema,
    // Lists travel comma-joined: status=scheduled,in_progress
    ...(schema.type === 'array' ? { style: 'form', explode: false } : {}),
  }));
  return [...inPath, ...inQuery];
}

function responses(operation: ApiOperation) {
  const success = operation.response
    ? { description: 'OK', content: jsonContent(jsonSchema(operation.response(), 'output')) }
    : { description: 'OK' };
  const invalid =
    operation.query || operation.body || operation.path.includes(':')
      ? {
          400: errorResponse(
            'Invalid input: `{"error": "Invalid <param> format"}` for a malformed id, else `{"error": "Invalid <param>: <why>", "issues": [...]}`.',
          ),
        }
      : {};
  const guarded =
    operation.access === 'public'
      ? {}
      : { 401: errorResponse('Not signed in'), 403: errorResponse(operation.access === 'owner' ? 'Owners only' : 'Not allowed') };
  const extra = Object.fromEntries(Object.entries(operation.errors ?? {}).map(([status, text]) => [status, errorResponse(text)]));
  return { [operation.successStatus ?? 200]: success, ...invalid, ...guarded, ...extra };
}

function describe(operation: ApiOperation) {
  const accessNote = operation.access === 'owner' ? 'Owner only.' : operation.access === 'staff' ? 'Staff (admin or owner).' : undefined;
  const description = [operation.description, accessNote].filter(Boolean).join(' ');
  return {
    summary: operation.summary,
    ...(description ? { description } : {}),
    tags: [operation.tag],
    security: operation.access === 'public' ? [] : [{ bearerAuth: [] }, { sessionCookie: [] }],
    parameters: parameters(operation),
    ...(operation.body ? { requestBody: { required: true, content: jsonContent(jsonSchema(operation.body(), 'input')) } } : {}),
    responses: responses(operation),
  };
}

/** A registered route nobody has described yet still appears, so the document lists every /v1 path. */
function undescribed(route: RegisteredRoute): ApiOperation {
  return { method: route.method as ApiOperation['method'], path: route.url, summary: `${route.method} ${route.url}`, tag: 'Other', access: 'staff' };
}

/** The OpenAPI 3.1 document: the described operations plus every other registered /v1 route. */
export function buildOpenApiDocument(operations: readonly ApiOperation[], routes: readonly RegisteredRoute[], info: { title: string; version: string }) {
  const key = (method: string, path: string) => `${method} ${path}`;
  const described = new Set(operations.map((op) => key(op.method, op.path)));
  const all = [...operations, ...routes.filter((route) => !described.has(key(route.method, route.url))).map(undescribed)];
  const paths: Record<string, Record<string, unknown>> = {};
  for (const operation of all) {
    const path = openApiPath(operation.path);
    paths[path] = { ...paths[path], [operation.method.toLowerCase()]: describe(operation) };
  }
  return {
    openapi: '3.1.0',
    info: {
      title: info.title,
      version: info.version,
      description:
        'Public reads under /v1/public need no sign-in. Staff paths take `Authorization: Bearer <token>` from POST /v1/auth/token, or the browser session cookie.',
    },
    paths,
    components: {
      schemas: { Error: errorBody },
      securitySchemes: {
        bearerAuth: { type: 'http', scheme: 'bearer', description: 'A token from POST /v1/auth/token.' },
        sessionCookie: { type: 'apiKey', in: 'cookie', name: 'auth_session', description: "The browser's session (tRPC auth.signIn)." },
      },
    },
  };
}
