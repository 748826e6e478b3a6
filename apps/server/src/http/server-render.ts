import { existsSync } from 'node:fs';
import { resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { PageData } from '@campus-elo/api-contract';

/*
 * The web app's server render (apps/web/src/entry-server.tsx, built to apps/web/dist-server/):
 * public pages go out with their content in the first HTML, and the browser hydrates it
 * (docs/decisions/0097-server-rendered-pages.md). Without that build (a bare dist), pages go
 * out as before, rendered by the browser alone.
 */

export interface RenderedApp {
  /** "Now" for the render, which the page carries for the browser's hydrating render. */
  renderedAt: number;
  html: string;
  status: number;
}

export interface ServerRenderer {
  renderApp(request: { url: string; data: PageData; nonce: string; renderedAt: number }): Promise<Omit<RenderedApp, 'renderedAt'>>;
}

interface EntryServer extends ServerRenderer {
  configure(settings: unknown): void;
}

/** The render module beside the web build (WEB_DIST/../dist-server), given the site's settings; undefined without one. */
export async function loadServerRenderer(webDist: string, settings: unknown): Promise<ServerRenderer | undefined> {
  const entry = resolve(webDist, '../dist-server/entry-server.js');
  if (!existsSync(entry)) return undefined;
  const module = (await import(pathToFileURL(entry).href)) as EntryServer;
  module.configure(settings);
  return { renderApp: (request) => module.renderApp(request) };
}

/** Renders a page's app as of `renderedAt` (ms), the moment its data was read at. */
export async function renderAppAt(renderer: ServerRenderer, request: { url: string; data: PageData; nonce: string }, renderedAt: number): Promise<RenderedApp> {
  return { ...(await renderer.renderApp({ ...request, renderedAt })), renderedAt };
}
