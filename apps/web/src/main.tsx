import { cspNonce } from './lib/csp';
import './mantine-styles';
import { RouterProvider } from '@tanstack/react-router';
import { startTransition } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { AppProviders, createAppRouter } from './app/app-shell';
import { registerServiceWorkerIfFollowing } from './features/follow/service-worker-registration';
import { dropFirstPageHeadWhenLeft } from './lib/page-head';
import { seedPageData } from './lib/page-data';
import { createQueryClient } from './lib/query-client';
import { siteSettings } from './lib/site-settings';
import { createTrpcClient } from './lib/trpc';

/**
 * The next task: the app starts in steps, each a short task, so the browser can paint and
 * answer input between them (a phone spends a quarter of a second on this bundle's modules
 * alone; docs/decisions/0097).
 */
const nextTask = () => new Promise<void>((resolve) => setTimeout(resolve, 0));

async function start() {
  await nextTask();
  const queryClient = createQueryClient();
  const pageData = seedPageData(queryClient);
  const router = createAppRouter(queryClient, { notFound: pageData?.notFound === true });
  dropFirstPageHeadWhenLeft((listener) => router.subscribe('onResolved', listener), window.location.pathname);

  const root = document.getElementById('root')!;
  // The server rendered this page (entry-server.tsx) and wrote the moment it did on the root.
  const serverRendered = root.dataset.renderedAt !== undefined;
  // The moment and zone the server rendered with: the hydrating render must use the same (lib/render-context.tsx).
  const renderContext = { renderedAt: Number(root.dataset.renderedAt) || Date.now(), siteTimeZone: siteSettings.timeZone, inBrowser: !serverRendered };
  const app = (
    <AppProviders queryClient={queryClient} trpcClient={createTrpcClient()} nonce={cspNonce} renderContext={renderContext}>
      <RouterProvider router={router} />
    </AppProviders>
  );
  if (!serverRendered) {
    // The dev server (vite) serves the bare index.html.
    createRoot(root).render(app);
    return;
  }
  // The first render must match the server's HTML: the route matched and its component's code
  // loaded first, as on the server, and the router told it renders a server's page (router.ssr:
  // no suspense boundary of its own around the matches, which the server's render has not).
  // TanStack Router's RouterClient does the same and more (its dehydrated state: these routes
  // have no loaders) for about 2 KB gzip the first load has no room for (docs/decisions/0097).
  // React mends a mismatch by rendering afresh; the console says so, and the browser tests fail on it.
  await router.load();
  await nextTask();
  router.ssr = { manifest: undefined };
  // As a transition, React hydrates in slices of a few milliseconds and lets the browser paint
  // and answer input between them; otherwise the providers, bar and footer hydrate in one task.
  startTransition(() => {
    hydrateRoot(root, app, { onRecoverableError: (error) => console.error('Hydration failed:', error) });
  });
}

void start();

// A browser that follows a team keeps its service worker current, once the page has loaded
// (features/follow). A server-rendered page loads this script after its first paint, often
// after the page's load event.
if (document.readyState === 'complete') registerServiceWorkerIfFollowing();
else window.addEventListener('load', registerServiceWorkerIfFollowing, { once: true });
