import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../trpc';

/** The six /v1/public paths of ARCHITECTURE.md. */
export async function registerPublicRest(_app: FastifyInstance, _deps: AppDeps): Promise<void> {}
