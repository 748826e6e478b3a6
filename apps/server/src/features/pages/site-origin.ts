import type { FastifyRequest } from 'fastify';
import type { Config } from '../../config';

/**
 * The site's origin for absolute URLs (canonical links, Open Graph, the sitemap): PUBLIC_URL's
 * when set, else the one this request was sent to (behind a proxy, with TRUST_PROXY, its
 * forwarded protocol and host).
 */
export function siteOrigin(config: Pick<Config, 'publicUrl'>, req: Pick<FastifyRequest, 'protocol' | 'host'>): string {
  if (config.publicUrl) return new URL(config.publicUrl).origin;
  return `${req.protocol}://${req.host}`;
}
