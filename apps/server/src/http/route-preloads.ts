import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { escapeHtml } from '../features/pages/head';

/** One chunk of Vite's build manifest (dist/.vite/manifest.json, build.manifest). */
interface ManifestChunk {
  file: string;
  isEntry?: boolean;
  imports?: string[];
  css?: string[];
}

/**
 * What the web build tells of its chunks: Vite's build manifest, and its SSR manifest
 * (build.ssrManifest: each source module's client files), which finds a route's component
 * where the build merged it into a shared chunk (a chunk with no key of its own).
 */
export interface Manifest {
  chunks: Record<string, ManifestChunk>;
  modules: Record<string, string[]>;
}

/**
 * The code-split component of a route file as TanStack Router's Vite plugin names it in the
 * manifest (autoCodeSplitting).
 */
const splitComponent = (routeFile: string) => `${routeFile}?tsr-split=component`;

function readJson<T>(path: string): T | undefined {
  if (!existsSync(path)) return undefined;
  try {
    return JSON.parse(readFileSync(path, 'utf8')) as T;
  } catch {
    return undefined;
  }
}

export function readManifest(webDist: string): Manifest | undefined {
  const chunks = readJson<Manifest['chunks']>(join(webDist, '.vite', 'manifest.json'));
  if (!chunks) return undefined;
  return { chunks, modules: readJson<Manifest['modules']>(join(webDist, '.vite', 'ssr-manifest.json')) ?? {} };
}

/** The chunks a route's component needs beyond the entry bundle, as dist-relative paths, in the order Vite's loader would add them. */
export interface RouteAssets {
  scripts: string[];
  stylesheets: string[];
}

export function routeAssets(manifest: Manifest | undefined, routeFiles: readonly string[]): RouteAssets {
  const scripts: string[] = [];
  const stylesheets: string[] = [];
  if (!manifest) return { scripts, stylesheets };
  const seen = new Set<string>();
  const keyOfFile = new Map(Object.entries(manifest.chunks).map(([key, chunk]) => [chunk.file, key]));
  const visit = (key: string) => {
    const chunk = manifest.chunks[key];
    if (!chunk || chunk.isEntry || seen.has(key)) return;
    seen.add(key);
    scripts.push(chunk.file);
    // A chunk's imports' styles before its own, as Vite's loader orders them: its rules win.
    for (const imported of chunk.imports ?? []) visit(imported);
    for (const css of chunk.css ?? []) if (!stylesheets.includes(css)) stylesheets.push(css);
  };
  for (const file of routeFiles) {
    const key = splitComponent(file);
    if (manifest.chunks[key]) visit(key);
    // Merged into a shared chunk: the SSR manifest names the files that hold it.
    for (const path of manifest.modules[key] ?? []) {
      const asset = path.replace(/^\//, '');
      if (asset.endsWith('.css')) {
        if (!stylesheets.includes(asset)) stylesheets.push(asset);
      } else if (keyOfFile.has(asset)) visit(keyOfFile.get(asset)!);
    }
  }
  return { scripts, stylesheets };
}

/** A <link> to a built file, with the nonce placeholder (CSP applies to preloads too). */
export const assetLink = (attributes: string, path: string, noncePlaceholder: string) => `<link ${attributes} href="${escapeHtml(path)}" nonce="${noncePlaceholder}" />`;

/** A route's links: for the top of <head>, and stylesheets for its end (after the entry bundle's, as Vite's loader would add them). */
export interface RouteLinks {
  preloads: string;
  stylesheets: string;
}

/**
 * The links of a page's route component: its scripts and styles fetched while the entry
 * bundle downloads instead of after it has run (one round trip less before the page's content).
 *
 * - Rendered by the browser alone: modulepreload links, and preload links for its styles.
 * - Rendered by the server: modulepreload links, and one stylesheet made of the route's
 *   stylesheets (`combined`, page-stylesheets.ts; the files themselves when it could not be
 *   made): its HTML needs them at the first paint, and
 *   over HTTP/1.1 each file costs a round trip on one of six connections (the team page has
 *   fifteen). Each file is also named by a disabled link, which the browser does not fetch:
 *   Vite's loader, finding a stylesheet linked already, then adds none of its own.
 */
export function routeLinks(assets: RouteAssets, noncePlaceholder: string, styles: { serverRendered: false } | { serverRendered: true; combined: string | undefined }): RouteLinks {
  const link = (attributes: string, file: string) => assetLink(attributes, `/${file}`, noncePlaceholder);
  const modulePreloads = assets.scripts.map((file) => link('rel="modulepreload" crossorigin', file));
  if (!styles.serverRendered) {
    return { preloads: [...assets.stylesheets.map((file) => link('rel="preload" as="style" crossorigin', file)), ...modulePreloads].join('\n    '), stylesheets: '' };
  }
  const stylesheets =
    styles.combined === undefined || assets.stylesheets.length === 0
      ? assets.stylesheets.map((file) => link('rel="stylesheet" crossorigin', file))
      : [assetLink('rel="stylesheet" crossorigin', styles.combined, noncePlaceholder), ...assets.stylesheets.map((file) => link('rel="stylesheet" crossorigin disabled', file))];
  return { preloads: modulePreloads.join('\n    '), stylesheets: stylesheets.join('\n    ') };
}
