import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../../trpc';

export async function registerContentRoutes(_app: FastifyInstance, _deps: AppDeps): Promise<void> {}
