import type { RequestInfo } from '../../trpc';

/** The cookie's name stays what it was under Lucia, so the contract does not change. */
export const SESSION_COOKIE_NAME = 'auth_session';

function isHttps(request: RequestInfo, publicUrl: string | undefined): boolean {
  return request.protocol === 'https' || (publicUrl?.startsWith('https:') ?? false);
}

/** The session cookie: httpOnly, SameSite=Lax, Secure whenever the site is served over https. */
export function setSessionCookie(request: RequestInfo, token: string, expiresAt: Date, publicUrl: string | undefined): void {
  request.setCookie(SESSION_COOKIE_NAME, token, { httpOnly: true, sameSite: 'lax', path: '/', secure: isHttps(request, publicUrl), expires: expiresAt });
}

export function clearSessionCookie(request: RequestInfo, publicUrl: string | undefined): void {
  request.setCookie(SESSION_COOKIE_NAME, '', { httpOnly: true, sameSite: 'lax', path: '/', secure: isHttps(request, publicUrl), maxAge: 0 });
}

/** The token of `Authorization: Bearer <token>`, or undefined. */
export function readBearerToken(request: RequestInfo): string | undefined {
  const authorization = [request.headers.authorization].flat()[0];
  return authorization ? /^Bearer +(\S+)$/i.exec(authorization)?.[1] : undefined;
}
