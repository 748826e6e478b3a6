import { TWO_FACTOR_SETUP_REQUIRED_MESSAGE, type JobKind } from '@campus-elo/api-contract';
import { initTRPC } from '@trpc/server';
import type { Kysely } from 'kysely';
import type { Database } from '@campus-elo/db';
import type { Config } from './config';
import type { JobQueue } from './features/jobs/queue';
import { resolveRequestUser, type SessionUser } from './features/auth/session';
import { INTERNAL_ERROR_MESSAGE, toTrpcError } from './http/errors';
import { DomainError } from './lib/errors';

export interface AppDeps {
  db: Kysely<Database>;
  /** The public reads' handle (DatabaseHandle.readDb: prepared statements); `db` when absent. */
  readDb?: Kysely<Database>;
  config: Config;
  /** The background job queue (main.ts starts it); absent, 'Prefer: respond-async' answers 503. */
  jobs?: JobQueue;
}

export interface CookieOptions {
  httpOnly?: boolean;
  secure?: boolean;
  sameSite?: 'lax' | 'strict' | 'none';
  path?: string;
  domain?: string;
  maxAge?: number;
  expires?: Date;
}

/**
 * What a procedure may know of the HTTP request behind it, and the two things it may do to
 * the answer. Fastify's request and reply stay in http/; tests pass a plain object.
 */
export interface RequestInfo {
  method: string;
  headers: Readonly<Record<string, string | string[] | undefined>>;
  /** The client's address (X-Forwarded-For only when TRUST_PROXY is on). */
  ip: string;
  protocol: 'http' | 'https';
  /** Host[:port] the request was sent to. */
  host: string;
  cookies: Readonly<Record<string, string | undefined>>;
  setCookie(name: string, value: string, options: CookieOptions): void;
  setHeader(name: string, value: string): void;
}

export interface Context extends AppDeps {
  request: RequestInfo;
  user: SessionUser | null;
}

export async function createContext(deps: AppDeps, request: RequestInfo): Promise<Context> {
  const user = await resolveRequestUser(deps, request);
  return { ...deps, request, user };
}

/**
 * How a procedure is also served as REST under /v1 (http/rest-routes.ts) and described in
 * the OpenAPI document (http/openapi.ts): the one declaration of an endpoint.
 */
export interface RestMeta {
  method: 'GET' | 'POST' | 'PUT' | 'DELETE';
  /** Under /v1, in Fastify's syntax (`/teams/:id/`); more than one path answers alike. */
  path: string | readonly string[];
  summary: string;
  tag: string;
  description?: string;
  /** What each query parameter means; the input schema gives its type. */
  params?: Readonly<Record<string, string>>;
  /** The success status when it is not 200. */
  status?: number;
  /** Statuses beside the ones every endpoint of its kind has (400, and 401/403 when guarded). */
  errors?: Readonly<Record<number, string>>;
  /** 'file': the procedure answers a FileReply, sent as its bytes rather than as JSON. */
  reply?: 'json' | 'file';
  /** With 'Prefer: respond-async', the call is queued as this kind of job and answers 202 {job_id}. */
  job?: JobKind;
}

export interface ProcedureMeta {
  rest?: RestMeta;
  /**
   * Takes a request body of up to 12 MB (a picture, an import's preview) on both doors;
   * every other procedure takes 100 KB (http/body-limits.ts).
   */
  largeBody?: true;
}

const t = initTRPC
  .context<Context>()
  .meta<ProcedureMeta>()
  .create({
    errorFormatter({ shape, error }) {
      // Never leak internals: an unexpected error reaches clients as a plain message.
      if (error.code === 'INTERNAL_SERVER_ERROR') return { ...shape, message: INTERNAL_ERROR_MESSAGE, data: { ...shape.data, stack: undefined, issues: [] } };
      const issues = error.cause instanceof DomainError ? error.cause.issues : [];
      return { ...shape, data: { ...shape.data, stack: undefined, issues } };
    },
  });

export const router = t.router;
export const createCallerFactory = t.createCallerFactory;

/** Every procedure's errors go through the one mapping (http/errors.ts). */
const mapErrors = t.middleware(async ({ next }) => {
  const result = await next();
  if (!result.ok) throw toTrpcError(result.error);
  return result;
});

export const publicProcedure = t.procedure.use(mapErrors);

/**
 * The reads under `public.*`: the same for everyone, and the hottest path, so their
 * statements go through readDb, prepared once per connection (docs/decisions/0070-prepared-public-reads.md).
 */
export const publicReadProcedure = publicProcedure.use(({ ctx, next }) => next({ ctx: ctx.readDb ? { ...ctx, db: ctx.readDb } : ctx }));

const requireRole = (roles: readonly SessionUser['role'][]) =>
  t.middleware(({ ctx, next }) => {
    if (!ctx.user) throw new DomainError('unauthenticated', 'Sign in required');
    if (ctx.user.mustSetUpTwoFactor) throw new DomainError('forbidden', TWO_FACTOR_SETUP_REQUIRED_MESSAGE);
    if (!roles.includes(ctx.user.role)) throw new DomainError('forbidden', 'This action needs a different role');
    return next({ ctx: { ...ctx, user: ctx.user } });
  });

// The role guard comes first: it needs no database, and the guard tests find it there.
/** Any staff member: admin or owner. */
export const staffProcedure = publicProcedure.use(requireRole(['admin', 'owner']));
/** Destructive tools: owner only. */
export const ownerProcedure = publicProcedure.use(requireRole(['owner']));

export type Access = 'public' | 'staff' | 'owner';

const middlewaresOf = (procedure: { _def: object }) => (procedure._def as { middlewares: unknown[] }).middlewares;
const staffGuard = middlewaresOf(staffProcedure).at(-1);
const ownerGuard = middlewaresOf(ownerProcedure).at(-1);

/** Who may call a procedure, read from the guard it was built on. */
export function accessOf(procedure: { _def: object }): Access {
  const middlewares = middlewaresOf(procedure);
  if (middlewares.includes(ownerGuard)) return 'owner';
  if (middlewares.includes(staffGuard)) return 'staff';
  return 'public';
}
