import { MantineProvider } from '@mantine/core';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { RouterProvider, createMemoryHistory, createRootRoute, createRouter } from '@tanstack/react-router';
import { httpLink } from '@trpc/client';
import { render } from '@testing-library/react';
import type { ReactNode } from 'react';
import { trpc } from '../../lib/trpc';
import { colorSchemeManager, cssVariablesResolver, theme } from '../../theme';
import { RenderContextProvider } from '../../lib/render-context';

/**
 * Answers one procedure ('public.teams') given its input. Throw to make the call fail as the
 * server's explained errors do (the thrown message is what the server said); throw
 * Error('Internal server error') for a bug on the server.
 */
export type FakeProcedure = (input: any) => unknown;

/** Throw it from a fake to answer as the server does for an id that names nothing (404, NOT_FOUND). */
export class FakeNotFound extends Error {}

/** Throw it from a fake to answer with another of the server's explained errors: a 409 CONFLICT, a 400 with field issues, a 403. */
export class FakeServerError extends Error {
  constructor(
    message: string,
    readonly code: 'CONFLICT' | 'BAD_REQUEST' | 'FORBIDDEN',
    readonly issues: { path: (string | number)[]; message: string }[] = [],
  ) {
    super(message);
  }
}
const FAKE_STATUS = { CONFLICT: 409, BAD_REQUEST: 400, FORBIDDEN: 403 } as const;

/** A promise that never settles: the call stays loading. */
export const never = () => new Promise<never>(() => {});

function fakeFetch(api: Record<string, FakeProcedure>) {
  return async (url: string | URL | Request, init?: RequestInit): Promise<Response> => {
    const parsed = new URL(String(url), 'http://test.local');
    const path = decodeURIComponent(parsed.pathname.replace(/^\/trpc\//, ''));
    // A query carries its input in the URL, a mutation in the body.
    const rawInput = typeof init?.body === 'string' ? init.body : parsed.searchParams.get('input');
    const input: unknown = rawInput ? JSON.parse(rawInput) : undefined;
    const procedure = api[path];
    try {
      if (!procedure) throw new Error(`No fake for ${path}`);
      const data = await procedure(input);
      return Response.json({ result: { data } });
    } catch (error) {
      const message = error instanceof Error ? error.message : 'failed';
      if (error instanceof FakeNotFound) {
        return Response.json({ error: { message, code: -32004, data: { code: 'NOT_FOUND', httpStatus: 404, path, issues: [] } } }, { status: 404 });
      }
      if (error instanceof FakeServerError) {
        const status = FAKE_STATUS[error.code];
        return Response.json({ error: { message, code: -32000, data: { code: error.code, httpStatus: status, path, issues: error.issues } } }, { status });
      }
      if (message === 'Internal server error') {
        return Response.json({ error: { message, code: -32603, data: { code: 'INTERNAL_SERVER_ERROR', httpStatus: 500, path, issues: [] } } }, { status: 500 });
      }
      return Response.json({ error: { message, code: -32600, data: { code: 'BAD_REQUEST', httpStatus: 400, path, issues: [] } } }, { status: 400 });
    }
  };
}

/**
 * Renders `ui` the way the app does (Mantine, React Query, tRPC, a router) with the API
 * answered by `api`. Every path shows `ui`, so links can be followed without leaving it.
 */
export function renderWithProviders(
  ui: ReactNode,
  { api = {}, path = '/', seed = [] }: { api?: Record<string, FakeProcedure>; path?: string; seed?: ReadonlyArray<{ key: readonly unknown[]; data: unknown }> } = {},
) {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false, staleTime: Infinity } } });
  // What the server writes into a page's HTML (lib/page-data.ts), there before the first render.
  for (const { key, data } of seed) queryClient.setQueryData(key, data);
  const trpcClient = trpc.createClient({ links: [httpLink({ url: '/trpc', fetch: fakeFetch(api) })] });
  const rootRoute = createRootRoute({ component: () => ui });
  const router = createRouter({ routeTree: rootRoute, history: createMemoryHistory({ initialEntries: [path] }) });
  return {
    queryClient,
    ...render(
      <trpc.Provider client={trpcClient} queryClient={queryClient}>
        <QueryClientProvider client={queryClient}>
          <MantineProvider theme={theme} cssVariablesResolver={cssVariablesResolver} colorSchemeManager={colorSchemeManager}>
            {/* Rendered in the browser alone, as a page the app navigated to: the visitor's zone and clock. */}
            <RenderContextProvider value={{ renderedAt: Date.now(), siteTimeZone: 'America/New_York', inBrowser: true }}>
              <RouterProvider router={router} />
            </RenderContextProvider>
          </MantineProvider>
        </QueryClientProvider>
      </trpc.Provider>,
    ),
  };
}

/** A paged answer holding `results`. */
export function paged<T>(results: T[], pageSize = 20) {
  return { count: results.length, total_pages: results.length ? 1 : 0, current_page: 1, page_size: pageSize, results };
}

export function fakeMatch(overrides: Record<string, unknown> = {}) {
  return {
    id: 'match-1',
    date: '2025-10-04T18:00:00.000Z',
    status: 'scheduled',
    team1: { id: 'team-a', name: 'Owls', picture: null, elo: 1500 },
    team2: { id: 'team-b', name: 'Foxes', picture: '/media/foxes.png', elo: 1400 },
    score_team1: null,
    score_team2: null,
    winner: null,
    competition: { id: 'necc', name: 'NECC' },
    season: { id: 'fall', name: 'Fall 2025' },
    season_id: 'fall',
    url: 'https://www.faceit.com/{lang}/cs2/room/1-abc',
    platform: 'faceit',
    ...overrides,
  };
}

/**
 * happy-dom lays nothing out and its IntersectionObserver never reports: this one reports
 * every observed element as on screen at once, so what mounts when scrolled near
 * (WhenNearViewport) mounts. Returns the restore.
 */
export function everythingOnScreen(): () => void {
  const original = globalThis.IntersectionObserver;
  class OnScreen {
    constructor(private readonly callback: IntersectionObserverCallback) {}
    observe(target: Element) {
      this.callback([{ target, isIntersecting: true } as IntersectionObserverEntry], this as unknown as IntersectionObserver);
    }
    unobserve() {}
    disconnect() {}
    takeRecords() {
      return [];
    }
  }
  globalThis.IntersectionObserver = OnScreen as unknown as typeof IntersectionObserver;
  return () => {
    globalThis.IntersectionObserver = original;
  };
}
