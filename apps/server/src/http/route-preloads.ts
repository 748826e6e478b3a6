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

type Manifest = Record<string, ManifestChunk>;

/**
 * The code-split component of a route file as TanStack Router's Vite plugin names it in the
 * manifest (autoCodeSplitting).
 */
const splitComponent = (routeFile: string) => `${routeFile}?tsr-split=component`;

export function readManifest(webDist: string): Manifest | undefined {
  const path = join(webDist, '.vite', 'manifest.json');
  if (!existsSync(path)) return undefined;
  try {
    return JSON.parse(readFileSync(path, 'utf8')) as Manifest;
  } catch {
    return undefined;
  }
}

/**
 * The scripts and stylesheets a page's route component needs, beyond the entry bundle the
 * page loads anyway: the browser fetches them while the entry bundle downloads instead of
 * after it has run (one round trip less before the page's content). Modulepreload and style
 * preload links, each with the nonce placeholder (CSP applies to preloads too).
 */
export function routePreloadLinks(manifest: Manifest | undefined, routeFiles: readonly string[], noncePlaceholder: string): string {
  if (!manifest) return '';
  const scripts: string[] = [];
  const styles: string[] = [];
  const seen = new Set<string>();
  const visit = (key: string) => {
    const chunk = manifest[key];
    if (!chunk || chunk.isEntry || seen.has(key)) return;
    seen.add(key);
    scripts.push(chunk.file);
    for (const css of chunk.css ?? []) if (!styles.includes(css)) styles.push(css);
    for (const imported of chunk.imports ?? []) visit(imported);
  };
  for (const file of routeFiles) visit(splitComponent(file));
  const link = (attributes: string, file: string) => `<link ${attributes} href="/${escapeHtml(file)}" nonce="${noncePlaceholder}" />`;
  return [...styles.map((file) => link('rel="preload" as="style" crossorigin', file)), ...scripts.map((file) => link('rel="modulepreload" crossorigin', file))].join('\n    ');
}
