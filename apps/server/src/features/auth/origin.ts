import type { FastifyRequest } from 'fastify';

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

export function isStateChanging(method: string): boolean {
  return !SAFE_METHODS.has(method.toUpperCase());
}

function originOf(url: string | undefined): string | undefined {
  if (!url || url === 'null') return undefined;
  try {
    return new URL(url).origin;
  } catch {
    return undefined;
  }
}

/**
 * True when the request says it comes from this site: its Origin (or, without one, its
 * Referer) equals PUBLIC_URL's origin or the origin the request was sent to.
 */
export function isSameOriginRequest(req: FastifyRequest, publicUrl: string | undefined): boolean {
  const claimed = originOf(req.headers.origin) ?? originOf(req.headers.referer);
  if (!claimed) return false;
  const own = [originOf(publicUrl), originOf(`${req.protocol}://${req.host}`)];
  return own.includes(claimed);
}
