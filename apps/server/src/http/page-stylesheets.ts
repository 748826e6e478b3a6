import { createHash } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import type { FastifyInstance } from 'fastify';

/** Where the combined stylesheets are served: beside the build's assets, never a file of its own. */
const PREFIX = '/assets/pages/';

/**
 * One stylesheet per server-rendered page, made of its route's stylesheets in order, so the
 * first paint waits for two stylesheets (the entry bundle's and this) instead of up to fifteen
 * (docs/decisions/0097). Made once at start from the build's files; named by a hash of the
 * content, so it is cached like the build's assets (a year, immutable) and compressed by
 * @fastify/compress like any answer.
 *
 * Returns `combine(files)`: the combined file's path, or undefined when a file is missing
 * (the page then links the files themselves).
 */
export function registerPageStylesheets(app: FastifyInstance, webDist: string): (files: readonly string[]) => string | undefined {
  const bodies = new Map<string, string>();
  app.get<{ Params: { file: string } }>(`${PREFIX}:file`, (req, reply) => {
    const body = bodies.get(req.params.file);
    if (body === undefined) return reply.code(404).send({ error: `No such path: GET ${req.url}` });
    return reply.header('cache-control', 'public, max-age=31536000, immutable').type('text/css; charset=utf-8').send(body);
  });
  return (files) => {
    const paths = files.map((file) => resolve(webDist, file));
    if (paths.length === 0 || !paths.every((path) => existsSync(path))) return undefined;
    // Vite writes absolute URLs (base '/') into its CSS, so its rules read the same from here.
    const body = paths.map((path) => readFileSync(path, 'utf8')).join('\n');
    const file = `${createHash('sha256').update(body).digest('base64url').slice(0, 16)}.css`;
    bodies.set(file, body);
    return `${PREFIX}${file}`;
  };
}
