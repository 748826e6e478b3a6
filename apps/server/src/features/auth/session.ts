import { TRPCError } from '@trpc/server';
import type { FastifyRequest } from 'fastify';
import type { AppDeps } from '../../trpc';
import { luciaFor } from './lucia';
import { isSameOriginRequest, isStateChanging } from './origin';

export interface SessionUser {
  id: string;
  email: string;
  role: 'admin' | 'owner';
}

export interface RequestSession {
  id: string;
  /** A browser's cookie, or a script's Bearer token. */
  via: 'cookie' | 'bearer';
  /** Lucia moved the expiry forward: the cookie should be sent again. */
  fresh: boolean;
  expiresAt: Date;
  user: SessionUser;
}

const sessions = new WeakMap<FastifyRequest, Promise<RequestSession | null>>();

async function loadSession(deps: AppDeps, req: FastifyRequest): Promise<RequestSession | null> {
  const lucia = luciaFor(deps.db);
  const bearer = lucia.readBearerToken(req.headers.authorization ?? '');
  const cookie = req.cookies?.[lucia.sessionCookieName];
  const sessionId = bearer ?? cookie;
  if (!sessionId) return null;
  const { session, user } = await lucia.validateSession(sessionId);
  if (!session) return null;
  return {
    id: session.id,
    via: bearer ? 'bearer' : 'cookie',
    fresh: session.fresh,
    expiresAt: session.expiresAt,
    user: { id: user.id, email: user.email, role: user.role },
  };
}

/** The request's valid session, looked up once per request. */
export function requestSession(deps: AppDeps, req: FastifyRequest): Promise<RequestSession | null> {
  let session = sessions.get(req);
  if (!session) {
    session = loadSession(deps, req);
    sessions.set(req, session);
  }
  return session;
}

/**
 * The signed-in staff member behind a request (cookie or Bearer token), or null. A write
 * carried by the cookie from another site is refused (403), so the cookie cannot be
 * borrowed by a forged cross-site request; Bearer tokens are never sent by browsers on
 * their own, so they need no such check.
 */
export async function resolveRequestUser(deps: AppDeps, req: FastifyRequest): Promise<SessionUser | null> {
  const session = await requestSession(deps, req);
  if (!session) return null;
  if (session.via === 'cookie' && isStateChanging(req.method) && !isSameOriginRequest(req, deps.config.publicUrl)) {
    throw new TRPCError({ code: 'FORBIDDEN', message: 'Cross-origin request refused' });
  }
  return session.user;
}
