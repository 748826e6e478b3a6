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

/** A route's links: for the top of <head>, and stylesheets for its end (after the entry bundle's, as Vite's loader would add them). */
export interface RouteLinks {
  preloads: string;
  stylesheets: string;
}

/**
 * The scripts and stylesheets a page's route component needs, beyond the entry bundle the
 * page loads anyway: the browser fetches them while the entry bundle downloads instead of
 * after it has run (one round trip less before the page's content). Modulepreload links, and
 * for the styles: stylesheets when the server renders the page (its HTML needs them at the
 * first paint, and a visitor without scripts at all; Vite's loader then adds none of its own),
 * preload links when the browser renders it alone. Each with the nonce placeholder (CSP
 * applies to preloads too).
 */
export function routeLinks(manifest: Manifest | undefined, routeFiles: readonly string[], noncePlaceholder: string, styles: 'stylesheet' | 'preload'): RouteLinks {
  if (!manifest) return { preloads: '', stylesheets: '' };
  const scripts: string[] = [];
  const stylesheets: string[] = [];
  const seen = new Set<string>();
  const keyOfFile = new Map(Object.entries(manifest.chunks).map(([key, chunk]) => [chunk.file, key]));
  const visit = (key: string) => {
    const chunk = manifest.chunks[key];
    if (!chunk || chunk.isEntry || seen.has(key)) return;
    seen.add(key);
    scripts.push(chunk.file);
    for (const css of chunk.css ?? []) if (!stylesheets.includes(css)) stylesheets.push(css);
    for (const imported of chunk.imports ?? []) visit(imported);
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
  const link = (attributes: string, file: string) => `<link ${attributes} href="/${escapeHtml(file)}" nonce="${noncePlaceholder}" />`;
  const modulePreloads = scripts.map((file) => link('rel="modulepreload" crossorigin', file));
  if (styles === 'stylesheet') return { preloads: modulePreloads.join('\n    '), stylesheets: stylesheets.map((file) => link('rel="stylesheet" crossorigin', file)).join('\n    ') };
  return { preloads: [...stylesheets.map((file) => link('rel="preload" as="style" crossorigin', file)), ...modulePreloads].join('\n    '), stylesheets: '' };
}
