import type { FastifyInstance } from 'fastify';
import { invalid } from '../../lib/errors';
import type { AppDeps } from '../../trpc';

/** Keys never change content (a new picture gets a new key), so browsers may keep them for good. */
const IMMUTABLE = 'public, max-age=31536000, immutable';
/** Stored SVGs may carry scripts; served like this they cannot run or load anything. */
const MEDIA_CSP = "default-src 'none'; style-src 'unsafe-inline'";
/**
 * What a stored key looks like ('teams/<id>/<timestamp>.png', 'teams/shared/logo-1.svg'):
 * path segments of letters, digits, '.', '_' and '-'. Anything else names no picture and
 * is refused before it reaches the database.
 */
const MEDIA_KEY = /^[A-Za-z0-9_-][A-Za-z0-9._-]*(\/[A-Za-z0-9_-][A-Za-z0-9._-]*)*$/;
const MAX_KEY_LENGTH = 200;

/** GET /media/<key>: pictures stored in the media table. Errors go to the app's error handler. */
export async function registerMediaRoutes(app: FastifyInstance, deps: AppDeps): Promise<void> {
  app.get<{ Params: { '*': string } }>('/media/*', async (req, reply) => {
    const key = req.params['*'];
    if (key.length > MAX_KEY_LENGTH || !MEDIA_KEY.test(key)) throw invalid('Invalid picture key');
    const row = await deps.db.selectFrom('media').select(['content_type', 'bytes']).where('key', '=', key).executeTakeFirst();
    if (!row) return reply.code(404).send({ error: `No such picture: ${key}` });
    return reply
      .header('content-type', row.content_type)
      .header('cache-control', IMMUTABLE)
      .header('content-security-policy', MEDIA_CSP)
      .header('x-content-type-options', 'nosniff')
      // Pictures may be shown by other sites (the site-wide policy allows same-origin only).
      .header('cross-origin-resource-policy', 'cross-origin')
      .send(Buffer.from(row.bytes));
  });
}
