import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../../trpc';

export async function registerMediaRoutes(_app: FastifyInstance, _deps: AppDeps): Promise<void> {}
