import { MantineProvider } from '@mantine/core';
import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { createRouter, type RouterHistory } from '@tanstack/react-router';
import { StrictMode, type ReactNode } from 'react';
import { RenderContextProvider, type RenderContextValue } from '../lib/render-context';
import { trpc, type TrpcClient } from '../lib/trpc';
import { routeTree } from '../routeTree.gen';
import { colorSchemeManager, cssVariablesResolver, theme } from '../theme';

/*
 * What the browser (main.tsx) and the server's render (entry-server.tsx) share: the router and
 * the providers around it. Both build the same tree from the same data, so the browser's first
 * render matches the server's HTML (docs/decisions/0097).
 */

/**
 * The app's router; `notFound`: the server answered this first location 404 (the page data's
 * notFound), so its route shows the not-found page (lib/page-not-found.ts).
 */
export function createAppRouter(queryClient: QueryClient, options: { history?: RouterHistory; notFound?: boolean } = {}) {
  const router = createRouter({ routeTree, context: { queryClient }, defaultPreload: 'intent', scrollRestoration: true, history: options.history });
  // The path as the router parsed it (decoded), which the routes' beforeLoad compares.
  if (options.notFound) router.update({ ...router.options, context: { queryClient, notFoundPath: router.latestLocation.pathname } });
  return router;
}

export type AppRouter = ReturnType<typeof createAppRouter>;

declare module '@tanstack/react-router' {
  interface Register {
    router: AppRouter;
  }
}

export function AppProviders(props: { queryClient: QueryClient; trpcClient: TrpcClient; nonce: () => string; renderContext: RenderContextValue; children: ReactNode }) {
  return (
    <StrictMode>
      <trpc.Provider client={props.trpcClient} queryClient={props.queryClient}>
        <QueryClientProvider client={props.queryClient}>
          <MantineProvider
            theme={theme}
            cssVariablesResolver={cssVariablesResolver}
            colorSchemeManager={colorSchemeManager}
            defaultColorScheme="auto"
            // Every theme variable written at the first render, not only those that differ from
            // Mantine's defaults: the first load then needs no default-css-variables.css (about
            // 4 KB gzip, decision 0068); index.html covers the background until then.
            deduplicateCssVariables={false}
            getStyleNonce={props.nonce}
          >
            <RenderContextProvider value={props.renderContext}>
              {props.children}
            </RenderContextProvider>
          </MantineProvider>
        </QueryClientProvider>
      </trpc.Provider>
    </StrictMode>
  );
}
