import { forbidden } from '../../lib/errors';
import type { AppDeps, RequestInfo } from '../../trpc';
import { readBearerToken, SESSION_COOKIE_NAME } from './cookies';
import { isSameOriginRequest, isStateChanging } from './origin';
import { validateSessionToken } from './session-store';

export interface SessionUser {
  id: string;
  email: string;
  role: 'admin' | 'owner';
  /**
   * The owner requires two-factor sign-in and this staff member has not set it up: until
   * they do, only the auth procedures answer them (trpc.ts, requireRole).
   */
  mustSetUpTwoFactor?: boolean;
}

export interface RequestSession {
  /** The stored id (the token's SHA-256). */
  id: string;
  /** As the client sent it: the cookie is sent again with it when `fresh`. */
  token: string;
  /** A browser's cookie, or a script's Bearer token. */
  via: 'cookie' | 'bearer';
  /** The expiry moved forward: the cookie should be sent again. */
  fresh: boolean;
  expiresAt: Date;
  user: SessionUser;
  twoFactorEnabled: boolean;
}

const sessions = new WeakMap<RequestInfo, Promise<RequestSession | null>>();

async function loadSession(deps: AppDeps, request: RequestInfo): Promise<RequestSession | null> {
  const bearer = readBearerToken(request);
  const token = bearer ?? request.cookies[SESSION_COOKIE_NAME];
  if (!token) return null;
  const session = await validateSessionToken(deps.db, token);
  if (!session) return null;
  const { user } = session;
  return {
    id: session.id,
    token,
    via: bearer ? 'bearer' : 'cookie',
    fresh: session.fresh,
    expiresAt: session.expiresAt,
    user: { id: user.id, email: user.email, role: user.role, mustSetUpTwoFactor: user.twoFactorRequired && !user.twoFactorEnabled },
    twoFactorEnabled: user.twoFactorEnabled,
  };
}

/** The request's valid session, looked up once per request. */
export function requestSession(deps: AppDeps, request: RequestInfo): Promise<RequestSession | null> {
  let session = sessions.get(request);
  if (!session) {
    session = loadSession(deps, request);
    sessions.set(request, session);
  }
  return session;
}

/**
 * The signed-in staff member behind a request (cookie or Bearer token), or null. A write
 * carried by the cookie from another site is refused (403), so the cookie cannot be
 * borrowed by a forged cross-site request; Bearer tokens are never sent by browsers on
 * their own, so they need no such check.
 */
export async function resolveRequestUser(deps: AppDeps, request: RequestInfo): Promise<SessionUser | null> {
  const session = await requestSession(deps, request);
  if (!session) return null;
  if (session.via === 'cookie' && isStateChanging(request.method) && !isSameOriginRequest(request, deps.config.publicUrl)) {
    throw forbidden('Cross-origin request refused');
  }
  return session.user;
}
