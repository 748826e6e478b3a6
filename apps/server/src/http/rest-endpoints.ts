import type { AnyRouter } from '@trpc/server';
import type { z } from 'zod';
import { accessOf, type Access, type ProcedureMeta, type RestMeta } from '../trpc';
import { bodyLimitOf } from './body-limits';

/** One /v1 endpoint: a procedure that declares `meta.rest`. */
export interface RestEndpoint {
  /** The procedure's dotted path in the router ('admin.teams.update'). */
  procedure: string;
  rest: RestMeta;
  /** Full paths under /v1 in Fastify's syntax. */
  paths: string[];
  access: Access;
  /** The largest request body it takes, in bytes. */
  bodyLimit: number;
  input: z.ZodType | undefined;
  output: z.ZodType | undefined;
}

interface ProcedureDef {
  meta?: ProcedureMeta;
  inputs: unknown[];
  output?: unknown;
  middlewares: unknown[];
}

/** Every procedure of `router` that is also served under /v1, in the router's order. */
export function restEndpoints(router: AnyRouter): RestEndpoint[] {
  const procedures = router._def.procedures as Record<string, { _def: ProcedureDef }>;
  return Object.entries(procedures).flatMap(([path, procedure]) => {
    const rest = procedure._def.meta?.rest;
    if (!rest) return [];
    return [
      {
        procedure: path,
        rest,
        paths: [rest.path].flat().map((p) => `/v1${p}`),
        access: accessOf(procedure),
        bodyLimit: bodyLimitOf(procedure._def.meta),
        input: procedure._def.inputs[0] as z.ZodType | undefined,
        output: procedure._def.output as z.ZodType | undefined,
      },
    ];
  });
}

/** Path parameter names of a Fastify path: '/v1/teams/:id/' -> ['id']. */
export function pathParams(path: string): string[] {
  return [...path.matchAll(/:(\w+)/g)].map(([, name]) => name!);
}
