import type { Database } from '@campus-elo/db';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Kysely } from 'kysely';
import { luciaFor } from './lucia';

function isHttps(req: FastifyRequest, publicUrl: string | undefined): boolean {
  return req.protocol === 'https' || (publicUrl?.startsWith('https:') ?? false);
}

/** The session cookie: httpOnly, SameSite=Lax, Secure whenever the site is served over https. */
export function setSessionCookie(db: Kysely<Database>, req: FastifyRequest, reply: FastifyReply, sessionId: string, publicUrl: string | undefined): void {
  const cookie = luciaFor(db).createSessionCookie(sessionId);
  reply.setCookie(cookie.name, cookie.value, { ...cookie.attributes, secure: isHttps(req, publicUrl) });
}

export function clearSessionCookie(db: Kysely<Database>, req: FastifyRequest, reply: FastifyReply, publicUrl: string | undefined): void {
  const cookie = luciaFor(db).createBlankSessionCookie();
  reply.setCookie(cookie.name, cookie.value, { ...cookie.attributes, secure: isHttps(req, publicUrl) });
}
