import type { FastifyRequest } from 'fastify';
import type { AppDeps } from '../../trpc';

export interface SessionUser {
  id: string;
  email: string;
  role: 'admin' | 'owner';
}

/** The signed-in staff member behind a request (cookie or Bearer token), or null. */
export async function resolveRequestUser(_deps: AppDeps, _req: FastifyRequest): Promise<SessionUser | null> {
  return null;
}
