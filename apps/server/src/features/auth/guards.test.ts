import { randomUUID } from 'node:crypto';
import { TRPCError } from '@trpc/server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { appRouter } from '../../router';
import { testRequest } from '../../../test-support/request-info';
import { accessOf, createCallerFactory } from '../../trpc';
import type { SessionUser } from './session';
import { createStaffTestApp, type StaffTestApp } from './testing';

/**
 * Every admin procedure and every admin /v1 path, found by walking the router and the
 * server's route table (never a hand-kept list), must refuse a visitor (401) and an admin
 * where only the owner may act (403). A procedure added later without a guard fails here.
 */

const procedures = appRouter._def.procedures as unknown as Record<string, { _def: object }>;
const adminProcedurePaths = Object.keys(procedures).filter((path) => path.startsWith('admin.'));

/** Owner-only by the contract (docs/contract.md, staff paths). */
const OWNER_ONLY_PATHS = [
  'POST /v1/clear-database/',
  'POST /v1/player-elo/reset/',
  'POST /v1/team-elo/recalculate/',
  'POST /v1/ratings/evaluate/',
  'POST /v1/merge-teams/',
  'POST /v1/elo-runs/:id/undo/',
  'POST /v1/backups/',
  'GET /v1/staff/',
  'POST /v1/staff/',
  'PUT /v1/staff/:id/',
  'DELETE /v1/staff/:id/',
  'DELETE /v1/events/:id/',
];

interface RouteEntry {
  method: string;
  url: string;
}

/** Reads the route tree of `printRoutes({ commonPrefix: false })` into flat method + URL pairs. */
function parseRouteTree(tree: string): RouteEntry[] {
  const routes: RouteEntry[] = [];
  const stack: string[] = [];
  for (const line of tree.split('\n')) {
    const match = /^((?:│ {3}| {4})*)(?:├── |└── )(.+?)(?: \(([A-Z, ]+)\))?$/.exec(line);
    if (!match) continue;
    const depth = match[1]!.length / 4;
    const url = (depth > 0 ? stack[depth - 1]! : '') + match[2]!;
    stack[depth] = url;
    stack.length = depth + 1;
    for (const method of (match[3] ?? '').split(',').map((m) => m.trim()).filter(Boolean)) routes.push({ method, url });
  }
  return routes;
}

/** Issue 16's event paths: listed so the walk is known to reach them. */
const EVENT_PATHS = ['POST /v1/events/', 'PUT /v1/events/:id/', 'DELETE /v1/events/:id/', 'POST /v1/events/:id/seed/', 'POST /v1/events/:id/matches/:slot/link/'];

/** Issue 11's staff paths: listed so the walk is known to reach them. */
const STAFF_CORRECTION_PATHS = [
  'POST /v1/matches/create/',
  'PUT /v1/matches/:id/',
  'DELETE /v1/matches/:id/',
  'PUT /v1/seasons/:id/',
  'DELETE /v1/seasons/:id/',
  'GET /v1/competitions/',
  'PUT /v1/competitions/:id/',
  'DELETE /v1/competitions/:id/',
  'DELETE /v1/rankings/:id/',
  'GET /v1/audit/',
  'POST /v1/elo-runs/:id/undo/',
  'POST /v1/backups/',
  'GET /v1/staff/',
  'POST /v1/staff/',
  'PUT /v1/staff/:id/',
  'DELETE /v1/staff/:id/',
];

/** Open on purpose: the public reads, signing in, a browser's follows (no account), and the API's own description. Everything else under /v1 is staff only. */
// Webhooks answer to their platform's shared secret, not a session (features/webhooks tests them).
const OPEN_PATHS = [/^\/v1\/public\//, /^\/v1\/auth\//, /^\/v1\/webhooks\//, /^\/v1\/following\//, /^\/v1\/openapi\.json$/, /^\/v1\/docs(\/|$)/];
const isAdminPath = (url: string) => url.startsWith('/v1/') && !OPEN_PATHS.some((open) => open.test(url));

let t: StaffTestApp;
let adminRoutes: RouteEntry[];
let adminToken: string;

beforeAll(async () => {
  t = await createStaffTestApp();
  adminRoutes = parseRouteTree(t.app.printRoutes({ commonPrefix: false })).filter((r) => r.method !== 'HEAD' && isAdminPath(r.url));
  adminToken = await t.tokenFor(t.admin);
});
afterAll(() => t.close());

const createCaller = createCallerFactory(appRouter);
function callProcedure(path: string, user: SessionUser | null): Promise<unknown> {
  const caller = createCaller({
    db: t.database.db,
    config: t.config,
    request: testRequest(),
    user,
  });
  const fn = path.split('.').reduce<unknown>((node, key) => (node as Record<string, unknown>)[key], caller) as (input: unknown) => Promise<unknown>;
  // An input no schema takes, so a procedure that gets past its guard stops at validation.
  return fn('not a valid input');
}

async function trpcCode(path: string, user: SessionUser | null): Promise<string | 'OK'> {
  try {
    await callProcedure(path, user);
    return 'OK';
  } catch (error) {
    return error instanceof TRPCError ? error.code : `THREW ${String(error)}`;
  }
}

describe('admin procedures (walked from appRouter)', () => {
  it('finds the procedures of every admin feature', () => {
    expect(adminProcedurePaths).toEqual(expect.arrayContaining(['admin.teams.update', 'admin.players.update', 'admin.viewer.matches', 'admin.seasons.create']));
  });

  it('guards the one staff procedure under auth: changing your password', async () => {
    expect(accessOf(procedures['auth.changePassword']!)).toBe('staff');
    expect(await trpcCode('auth.changePassword', null)).toBe('UNAUTHORIZED');
  });

  it('builds every admin procedure on staffProcedure or ownerProcedure', () => {
    const unguarded = adminProcedurePaths.filter((path) => accessOf(procedures[path]!) === 'public');
    expect(unguarded).toEqual([]);
  });

  it('refuses every admin procedure to a visitor with UNAUTHORIZED', async () => {
    const codes = Object.fromEntries(await Promise.all(adminProcedurePaths.map(async (path) => [path, await trpcCode(path, null)] as const)));
    expect(codes).toEqual(Object.fromEntries(adminProcedurePaths.map((path) => [path, 'UNAUTHORIZED'])));
  });

  it('refuses owner-only procedures to an admin with FORBIDDEN, and lets an admin past the others', async () => {
    const admin: SessionUser = { id: t.admin.id, email: t.admin.email, role: 'admin' };
    const problems: string[] = [];
    for (const path of adminProcedurePaths) {
      const ownerOnly = accessOf(procedures[path]!) === 'owner';
      const code = await trpcCode(path, admin);
      if (ownerOnly && code !== 'FORBIDDEN') problems.push(`${path}: owner-only but an admin got ${code}`);
      if (!ownerOnly && (code === 'FORBIDDEN' || code === 'UNAUTHORIZED')) problems.push(`${path}: staff procedure but an admin got ${code}`);
    }
    expect(problems).toEqual([]);
  });
});

describe('admin /v1 paths (walked from the route table)', () => {
  const concrete = (url: string) => url.replace(/:[^/]+/g, () => randomUUID());

  it('finds the admin paths of the contract', () => {
    const seen = adminRoutes.map((r) => `${r.method} ${r.url}`);
    expect(seen).toEqual(
      expect.arrayContaining(['GET /v1/teams/', 'PUT /v1/teams/:id/', 'PUT /v1/players/:id/', 'GET /v1/seasons/', 'POST /v1/seasons/create/', ...STAFF_CORRECTION_PATHS, ...EVENT_PATHS]),
    );
    expect(seen.some((s) => s.startsWith('GET /v1/public/'))).toBe(false);
  });

  it('answers 401 with an {error} body to a visitor on every admin path', async () => {
    const problems: string[] = [];
    for (const route of adminRoutes) {
      const response = await t.app.inject({ method: route.method as 'GET', url: concrete(route.url), payload: route.method === 'GET' ? undefined : {} });
      if (response.statusCode !== 401 || typeof (response.json() as { error?: unknown }).error !== 'string') {
        problems.push(`${route.method} ${route.url}: ${response.statusCode} ${response.body.slice(0, 120)}`);
      }
    }
    expect(problems).toEqual([]);
  });

  it('answers 403 to an admin on the owner-only paths, and never 401 or 500 on the others', async () => {
    const problems: string[] = [];
    for (const route of adminRoutes) {
      const key = `${route.method} ${route.url}`;
      const response = await t.app.inject({
        method: route.method as 'GET',
        url: concrete(route.url),
        headers: { authorization: `Bearer ${adminToken}` },
        payload: route.method === 'GET' ? undefined : { probe: 'not a valid input' },
      });
      if (OWNER_ONLY_PATHS.includes(key) && response.statusCode !== 403) problems.push(`${key}: owner-only but an admin got ${response.statusCode}`);
      if (response.statusCode === 401 || response.statusCode >= 500 && response.statusCode !== 502) {
        problems.push(`${key}: an admin got ${response.statusCode} ${response.body.slice(0, 120)}`);
      }
    }
    expect(problems).toEqual([]);
  });
});

describe('parseRouteTree', () => {
  it('joins nested segments to their parents', () => {
    const tree = ['├── /v1/teams/ (GET, HEAD)', '│   └── :id/ (GET, HEAD, PUT)', '└── /v1/backups/ (GET)', '    └── :id/ (GET)', '        └── restore/ (POST)'].join('\n');
    expect(parseRouteTree(tree)).toEqual([
      { method: 'GET', url: '/v1/teams/' },
      { method: 'HEAD', url: '/v1/teams/' },
      { method: 'GET', url: '/v1/teams/:id/' },
      { method: 'HEAD', url: '/v1/teams/:id/' },
      { method: 'PUT', url: '/v1/teams/:id/' },
      { method: 'GET', url: '/v1/backups/' },
      { method: 'GET', url: '/v1/backups/:id/' },
      { method: 'POST', url: '/v1/backups/:id/restore/' },
    ]);
  });
});
