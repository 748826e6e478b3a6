import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../../trpc';
import { sendRestError } from '../../http/rest-errors';
import { resolveRequestUser } from '../auth/session';
import { fetchRemoteImage, ImageProxyError, type FetchImageOptions } from './fetch-image';

/**
 * GET /v1/image-proxy?url=...: staff only. Lets the graphic generator draw a pasted image URL
 * on its canvas without tainting it (the image then comes from our own origin).
 */
export async function registerImageProxyRoutes(app: FastifyInstance, deps: AppDeps, options: FetchImageOptions = {}): Promise<void> {
  app.get('/image-proxy', async (req, reply) => {
    try {
      const user = await resolveRequestUser(deps, req);
      if (!user) return reply.code(401).send({ error: 'Sign in required' });
      const { url } = req.query as { url?: unknown };
      if (typeof url !== 'string' || url.trim() === '') return reply.code(400).send({ error: 'Invalid url: give the image URL as ?url=' });
      const image = await fetchRemoteImage(url.trim(), options);
      return reply
        .type(image.contentType)
        .header('cache-control', 'private, max-age=3600')
        .header('x-content-type-options', 'nosniff')
        .header('content-security-policy', "default-src 'none'")
        .send(image.body);
    } catch (error) {
      if (error instanceof ImageProxyError) return reply.code(error.status).send({ error: error.message });
      return sendRestError(reply, error);
    }
  });
}
