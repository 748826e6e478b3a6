import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../../trpc';

/** Keys never change content (a new picture gets a new key), so browsers may keep them for good. */
const IMMUTABLE = 'public, max-age=31536000, immutable';
/** Stored SVGs may carry scripts; served like this they cannot run or load anything. */
const MEDIA_CSP = "default-src 'none'; style-src 'unsafe-inline'";

/** GET /media/<key>: pictures stored in the media table. */
export async function registerMediaRoutes(app: FastifyInstance, deps: AppDeps): Promise<void> {
  app.get<{ Params: { '*': string } }>('/media/*', async (req, reply) => {
    const key = req.params['*'];
    const row = key
      ? await deps.db.selectFrom('media').select(['content_type', 'bytes']).where('key', '=', key).executeTakeFirst()
      : undefined;
    if (!row) return reply.code(404).send({ error: `No such picture: ${key}` });
    return reply
      .header('content-type', row.content_type)
      .header('cache-control', IMMUTABLE)
      .header('content-security-policy', MEDIA_CSP)
      .header('x-content-type-options', 'nosniff')
      .send(Buffer.from(row.bytes));
  });
}
