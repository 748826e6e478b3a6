import { initTRPC, TRPCError } from '@trpc/server';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Kysely } from 'kysely';
import type { Database } from '@campus-elo/db';
import type { Config } from './config';
import { resolveRequestUser, type SessionUser } from './features/auth/session';

export interface AppDeps {
  db: Kysely<Database>;
  config: Config;
}

export interface Context extends AppDeps {
  req: FastifyRequest;
  reply: FastifyReply;
  user: SessionUser | null;
}

export async function createContext(deps: AppDeps, req: FastifyRequest, reply: FastifyReply): Promise<Context> {
  const user = await resolveRequestUser(deps, req);
  return { ...deps, req, reply, user };
}

const t = initTRPC.context<Context>().create({
  errorFormatter({ shape, error }) {
    // Never leak internals: unexpected errors reach clients as a plain message.
    if (error.code === 'INTERNAL_SERVER_ERROR') {
      return { ...shape, message: 'Internal server error', data: { ...shape.data, stack: undefined } };
    }
    return { ...shape, data: { ...shape.data, stack: undefined } };
  },
});

export const router = t.router;
export const createCallerFactory = t.createCallerFactory;
export const publicProcedure = t.procedure;

const requireRole = (roles: readonly SessionUser['role'][]) =>
  t.middleware(({ ctx, next }) => {
    if (!ctx.user) throw new TRPCError({ code: 'UNAUTHORIZED', message: 'Sign in required' });
    if (!roles.includes(ctx.user.role)) {
      throw new TRPCError({ code: 'FORBIDDEN', message: 'This action needs a different role' });
    }
    return next({ ctx: { ...ctx, user: ctx.user } });
  });

/** Any staff member: admin or owner. */
export const staffProcedure = t.procedure.use(requireRole(['admin', 'owner']));
/** Destructive tools: owner only. */
export const ownerProcedure = t.procedure.use(requireRole(['owner']));
