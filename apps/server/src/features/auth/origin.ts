import type { RequestInfo } from '../../trpc';

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

export function isStateChanging(method: string): boolean {
  return !SAFE_METHODS.has(method.toUpperCase());
}

function originOf(url: string | undefined): string | undefined {
  if (!url) return undefined;
  try {
    return new URL(url).origin;
  } catch {
    return undefined;
  }
}

/**
 * True when the request says it comes from this site: its Origin (or, without one, its
 * Referer) equals PUBLIC_URL's origin or the origin the request was sent to. An Origin of
 * `null` (a sandboxed frame, a data: URL, a cross-site redirect) is foreign: the browser has
 * said the sender is not a site it can name, so the Referer is read only when no Origin came.
 */
export function isSameOriginRequest(request: Pick<RequestInfo, 'headers' | 'protocol' | 'host'>, publicUrl: string | undefined): boolean {
  const header = (name: string) => [request.headers[name]].flat()[0];
  const origin = header('origin');
  const claimed = origin !== undefined ? originOf(origin) : originOf(header('referer'));
  if (!claimed) return false;
  const own = [originOf(publicUrl), originOf(`${request.protocol}://${request.host}`)];
  return own.includes(claimed);
}
