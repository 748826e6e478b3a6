import { cspNonce } from './lib/csp';
import './mantine-styles';
import { RouterProvider } from '@tanstack/react-router';
import { RouterClient } from '@tanstack/react-router/ssr/client';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { AppProviders, createAppRouter } from './app/app-shell';
import { registerServiceWorkerIfFollowing } from './features/follow/service-worker-registration';
import { dropFirstPageHeadWhenLeft } from './lib/page-head';
import { seedPageData } from './lib/page-data';
import { createQueryClient } from './lib/query-client';
import { createTrpcClient } from './lib/trpc';

const queryClient = createQueryClient();
const pageData = seedPageData(queryClient);
const router = createAppRouter(queryClient, { notFound: pageData?.notFound === true });
dropFirstPageHeadWhenLeft((listener) => router.subscribe('onResolved', listener), window.location.pathname);

const root = document.getElementById('root')!;
const serverRendered = '$_TSR' in window;
const app = (
  <AppProviders queryClient={queryClient} trpcClient={createTrpcClient()} nonce={cspNonce}>
    {serverRendered ? <RouterClient router={router} /> : <RouterProvider router={router} />}
  </AppProviders>
);
if (serverRendered) {
  // The server rendered this page (entry-server.tsx): the first render must match its HTML. React
  // mends a mismatch by rendering afresh; the console says so, and the browser tests fail on it.
  hydrateRoot(root, app, { onRecoverableError: (error) => console.error('Hydration failed:', error) });
} else {
  // The dev server (vite) serves the bare index.html.
  createRoot(root).render(app);
}

// A browser that follows a team keeps its service worker current, once the page has loaded (features/follow).
window.addEventListener('load', registerServiceWorkerIfFollowing, { once: true });
