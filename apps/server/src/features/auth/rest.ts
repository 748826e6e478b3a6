import type { SignInInput } from '@campus-elo/api-contract';
import type { FastifyInstance } from 'fastify';
import { restRoute } from '../../http/rest';
import type { AppDeps } from '../../trpc';

export async function registerAuthRest(app: FastifyInstance, deps: AppDeps): Promise<void> {
  for (const url of ['/auth/token', '/auth/token/']) {
    restRoute(app, deps, 'POST', url, (caller, req) => caller.auth.createToken((req.body ?? {}) as SignInInput));
  }
}
