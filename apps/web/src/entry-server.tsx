import './lib/csp';
import type { PageData } from '@campus-elo/api-contract';
import { createMemoryHistory } from '@tanstack/react-router';
import { RouterProvider } from '@tanstack/react-router';
import { PassThrough } from 'node:stream';
import { renderToPipeableStream } from 'react-dom/server';
import { AppProviders, createAppRouter } from './app/app-shell';
import { createQueryClient } from './lib/query-client';
import { applySiteSettings, siteSettings, type SiteSettings } from './lib/site-settings';
import { createTrpcClient } from './lib/trpc';

/*
 * The server's render of a public page (apps/server/src/http/web-app.ts imports the build of
 * this module, dist-server/entry-server.js): the same router and providers as the browser
 * (app/app-shell.tsx), the page's data put in React Query first, the route loaded by the
 * router on a memory history, then React's renderer (docs/decisions/0097).
 */

export interface RenderRequest {
  /** Path and query of the page. */
  url: string;
  /** The page's data (apps/server/src/features/pages): React Query entries, and whether its thing was not found. */
  data: PageData;
  /** The response's CSP nonce, or a placeholder the server swaps per response. */
  nonce: string;
  /** "Now" for the render (ms): the page carries it, so the browser's hydrating render uses the same (lib/render-context.tsx). */
  renderedAt: number;
}

export interface RenderedApp {
  /** The app's HTML, to put inside <div id="root">. */
  html: string;
  /** 404 when the router rendered its not-found page. */
  status: number;
}

/** Settings the browser reads from the page's site-settings JSON: the server gives them once, at start. */
export function configure(settings: SiteSettings): void {
  applySiteSettings(settings);
}

export async function renderApp(request: RenderRequest): Promise<RenderedApp> {
  const queryClient = createQueryClient();
  for (const { key, data } of request.data.queries) queryClient.setQueryData(key, data);
  const router = createAppRouter(queryClient, { history: createMemoryHistory({ initialEntries: [request.url] }), notFound: request.data.notFound });
  router.update({ ...router.options, ssr: { nonce: request.nonce } });
  // The route and its component's code, loaded before rendering (the browser does the same before hydrating).
  await router.load();
  const html = await renderToHtml(
    <AppProviders
      queryClient={queryClient}
      trpcClient={createTrpcClient()}
      nonce={() => request.nonce}
      renderContext={{ renderedAt: request.renderedAt, siteTimeZone: siteSettings.timeZone, inBrowser: false }}
    >
      <RouterProvider router={router} />
    </AppProviders>,
    request.nonce,
  );
  const notFound = router.stores.matches.get().some((match) => match.status === 'notFound' || match._notFound === true);
  return { html, status: notFound ? 404 : 200 };
}

/** The whole tree, every Suspense boundary resolved (a crawler's page, and one the HTML cache can keep). */
function renderToHtml(element: React.ReactNode, nonce: string): Promise<string> {
  return new Promise((resolve, reject) => {
    let failed: unknown;
    const stream = renderToPipeableStream(element, {
      nonce,
      // Every boundary written in place: React otherwise moves a large one to the end of the
      // HTML and a script puts it back, which a visitor without scripts never sees.
      progressiveChunkSize: Number.MAX_SAFE_INTEGER,
      onAllReady() {
        if (failed) return reject(failed);
        const sink = new PassThrough();
        const chunks: Buffer[] = [];
        sink.on('data', (chunk: Buffer) => chunks.push(chunk));
        sink.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
        stream.pipe(sink);
      },
      onShellError: reject,
      onError(error) {
        failed ??= error;
      },
    });
  });
}
