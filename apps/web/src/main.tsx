import { cspNonce } from './lib/csp';
import './mantine-styles';
import { MantineProvider } from '@mantine/core';
import { QueryClientProvider } from '@tanstack/react-query';
import { RouterProvider, createRouter } from '@tanstack/react-router';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { registerServiceWorkerIfFollowing } from './features/follow/service-worker-registration';
import { dropFirstPageHeadWhenLeft } from './lib/page-head';
import { seedPageData } from './lib/page-data';
import { createQueryClient } from './lib/query-client';
import { createTrpcClient, trpc } from './lib/trpc';
import { routeTree } from './routeTree.gen';
import { colorSchemeManager, cssVariablesResolver, theme } from './theme';

const queryClient = createQueryClient();
seedPageData(queryClient);
const trpcClient = createTrpcClient();
const router = createRouter({ routeTree, context: { queryClient }, defaultPreload: 'intent', scrollRestoration: true });
dropFirstPageHeadWhenLeft((listener) => router.subscribe('onResolved', listener), window.location.pathname);

declare module '@tanstack/react-router' {
  interface Register {
    router: typeof router;
  }
}

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <trpc.Provider client={trpcClient} queryClient={queryClient}>
      <QueryClientProvider client={queryClient}>
        <MantineProvider
          theme={theme}
          cssVariablesResolver={cssVariablesResolver}
          colorSchemeManager={colorSchemeManager}
          defaultColorScheme="auto"
          // Every theme variable written at the first render, not only those that differ from
          // Mantine's defaults: the first load then needs no default-css-variables.css (about
          // 4 KB gzip, decision 0068); index.html covers the background until then.
          deduplicateCssVariables={false}
          getStyleNonce={cspNonce}
        >
          <RouterProvider router={router} />
        </MantineProvider>
      </QueryClientProvider>
    </trpc.Provider>
  </StrictMode>,
);

// A browser that follows a team keeps its service worker current, once the page has loaded (features/follow).
window.addEventListener('load', registerServiceWorkerIfFollowing, { once: true });
