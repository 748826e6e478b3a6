import { z } from 'zod';
import type { Access } from '../trpc';
import { bodyTooLarge } from './body-limits';
import { pathParams, type RestEndpoint } from './rest-endpoints';

/**
 * The OpenAPI 3.1 document of /v1, built from the same walk of the router that registers the
 * routes (http/rest-endpoints.ts): schemas from api-contract, access from each procedure's
 * guard, words from its `meta.rest`.
 */

type JsonSchema = { type?: string | string[]; properties?: Record<string, JsonSchema>; required?: string[]; [key: string]: unknown };

/** A /v1 path served by hand rather than by a procedure (the document itself, its page). */
export interface ExtraOperation {
  method: 'GET';
  path: string;
  summary: string;
  tag: string;
  access: Access;
  contentType?: string;
}

function jsonSchema(schema: z.ZodType, io: 'input' | 'output'): JsonSchema {
  const { $schema: _dialect, ...rest } = z.toJSONSchema(schema, { io, unrepresentable: 'any' }) as JsonSchema;
  return rest;
}

/** The input's fields other than the path parameters (which arrive in the path). */
function withoutPathParams(schema: JsonSchema, params: readonly string[]): JsonSchema {
  if (!schema.properties || params.length === 0) return schema;
  const properties = Object.fromEntries(Object.entries(schema.properties).filter(([name]) => !params.includes(name)));
  const required = (schema.required ?? []).filter((name) => !params.includes(name));
  return { ...schema, properties, ...(required.length ? { required } : { required: undefined }) };
}

const jsonContent = (schema: JsonSchema) => ({ 'application/json': { schema } });

const errorBody: JsonSchema = {
  type: 'object',
  properties: {
    error: { type: 'string' },
    issues: {
      type: 'array',
      description: 'For a 400: each field that is wrong and why.',
      items: { type: 'object', properties: { path: { type: 'array', items: { type: ['string', 'number'] } }, message: { type: 'string' } } },
    },
  },
  required: ['error'],
};

const errorResponse = (description: string) => ({ description, content: jsonContent({ $ref: '#/components/schemas/Error' }) });

/** '/v1/teams/:id/' -> '/v1/teams/{id}/' */
export function openApiPath(fastifyPath: string): string {
  return fastifyPath.replace(/:(\w+)/g, '{$1}');
}

function parameters(endpoint: RestEndpoint, path: string) {
  const params = pathParams(path);
  const inPath = params.map((name) => ({ name, in: 'path', required: true, schema: { type: 'string' } }));
  const { method, params: descriptions = {} } = endpoint.rest;
  if (!endpoint.input || (method !== 'GET' && method !== 'DELETE')) return inPath;
  const query = withoutPathParams(jsonSchema(endpoint.input, 'input'), params);
  const required = new Set(query.required ?? []);
  const inQuery = Object.entries(query.properties ?? {}).map(([name, schema]) => ({
    name,
    in: 'query',
    required: required.has(name),
    ...(descriptions[name] ? { description: descriptions[name] } : {}),
    schema,
    // Lists travel comma-joined: status=scheduled,in_progress
    ...(schema.type === 'array' ? { style: 'form', explode: false } : {}),
  }));
  return [...inPath, ...inQuery];
}

function requestBody(endpoint: RestEndpoint, path: string) {
  const { method } = endpoint.rest;
  if (!endpoint.input || method === 'GET' || method === 'DELETE') return {};
  const body = withoutPathParams(jsonSchema(endpoint.input, 'input'), pathParams(path));
  if (body.type === 'object' && Object.keys(body.properties ?? {}).length === 0) return {};
  return { requestBody: { required: true, content: jsonContent(body) } };
}

function successResponse(endpoint: RestEndpoint) {
  if (endpoint.rest.reply === 'file') return { description: 'The file', content: { 'application/octet-stream': { schema: { type: 'string', format: 'binary' } } } };
  return endpoint.output ? { description: 'OK', content: jsonContent(jsonSchema(endpoint.output, 'output')) } : { description: 'OK' };
}

const guardedResponses = (access: Access) =>
  access === 'public' ? {} : { 401: errorResponse('Not signed in'), 403: errorResponse(access === 'owner' ? 'Owners only' : 'Not allowed') };

function describeEndpoint(endpoint: RestEndpoint, path: string) {
  const { rest, access } = endpoint;
  const accessNote = access === 'owner' ? 'Owner only.' : access === 'staff' ? 'Staff (admin or owner).' : undefined;
  const description = [rest.description, accessNote].filter(Boolean).join(' ');
  const invalid =
    endpoint.input || pathParams(path).length > 0
      ? {
          400: errorResponse(
            'Invalid input: `{"error": "Invalid <param> format"}` for a malformed id, else `{"error": "Invalid <param>: <why>", "issues": [...]}`.',
          ),
        }
      : {};
  const extra = Object.fromEntries(Object.entries(rest.errors ?? {}).map(([status, text]) => [status, errorResponse(text)]));
  const body = requestBody(endpoint, path);
  const tooLarge = 'requestBody' in body ? { 413: errorResponse(bodyTooLarge(endpoint.bodyLimit).message) } : {};
  return {
    operationId: endpoint.procedure,
    summary: rest.summary,
    ...(description ? { description } : {}),
    tags: [rest.tag],
    security: access === 'public' ? [] : [{ bearerAuth: [] }, { sessionCookie: [] }],
    parameters: parameters(endpoint, path),
    ...body,
    responses: {
      [rest.status ?? 200]: successResponse(endpoint),
      ...invalid,
      ...guardedResponses(access),
      ...tooLarge,
      503: errorResponse('The database is unavailable for a moment; see Retry-After'),
      ...extra,
    },
  };
}

function describeExtra(operation: ExtraOperation) {
  return {
    summary: operation.summary,
    tags: [operation.tag],
    security: [],
    responses: { 200: { description: 'OK', ...(operation.contentType ? { content: { [operation.contentType]: {} } } : {}) } },
  };
}

export function buildOpenApiDocument(endpoints: readonly RestEndpoint[], extras: readonly ExtraOperation[], info: { title: string; version: string }) {
  const paths: Record<string, Record<string, unknown>> = {};
  for (const endpoint of endpoints) {
    for (const path of endpoint.paths) {
      const key = openApiPath(path);
      paths[key] = { ...paths[key], [endpoint.rest.method.toLowerCase()]: describeEndpoint(endpoint, path) };
    }
  }
  for (const extra of extras) paths[extra.path] = { ...paths[extra.path], [extra.method.toLowerCase()]: describeExtra(extra) };
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
