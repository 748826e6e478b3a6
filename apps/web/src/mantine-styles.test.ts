// @vitest-environment node
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

/**
 * The app imports Mantine's CSS per component to keep the first load small: mantine-styles.ts
 * holds what the layout and the home page use, and every other screen imports the stylesheets
 * of the components it adds itself, so they load with its chunk (docs/decisions/0068). These
 * tests fail when a component used anywhere in src, or a component it is built from, has a
 * stylesheet that nothing loaded with it imports.
 */
const here = dirname(fileURLToPath(import.meta.url));
const mantineRoot = dirname(createRequire(import.meta.url).resolve('@mantine/core/styles.css'));
const componentsRoot = join(mantineRoot, 'esm/components');
const stylesRoot = join(mantineRoot, 'styles');
// Mantine's default-css-variables.css is not among them: main.tsx has MantineProvider write every variable.
const GLOBAL_STYLESHEETS = ['baseline', 'global'];

const source = (file: string) => readFileSync(file, 'utf8');

/** Names imported as values from '@mantine/core' in this file. */
function usedMantineNames(file: string): string[] {
  return [...source(file).matchAll(/import\s*\{([^}]*)\}\s*from\s*'@mantine\/core'/g)].flatMap(([, list]) =>
    list!
      .split(',')
      .map((part) => part.trim().split(/\s+as\s+/)[0]!)
      .filter((name) => name && !name.startsWith('type ')),
  );
}

/** Every Mantine module reachable from `entries` through relative imports. */
function reachableMantineModules(entries: string[]): Set<string> {
  const seen = new Set<string>();
  const queue = [...entries];
  while (queue.length > 0) {
    const file = queue.pop()!;
    if (seen.has(file)) continue;
    seen.add(file);
    for (const [, target] of source(file).matchAll(/from\s*"(\.[^"]+\.mjs)"/g)) queue.push(resolve(dirname(file), target!));
  }
  return seen;
}

/** The stylesheets the Mantine components this file uses need (the global ones aside). */
function requiredStylesheets(file: string): string[] {
  const entries = usedMantineNames(file)
    .map((name) => join(componentsRoot, name, `${name}.mjs`))
    .filter((path) => existsSync(path));
  const required = new Set<string>();
  for (const module of reachableMantineModules(entries)) {
    const inside = relative(componentsRoot, module);
    if (inside.startsWith('..')) continue;
    for (const segment of dirname(inside).split('/')) if (existsSync(join(stylesRoot, `${segment}.css`))) required.add(segment);
  }
  return [...required];
}

/** The Mantine stylesheets this file imports itself, in order. */
const importedStylesheets = (file: string) => [...source(file).matchAll(/import '@mantine\/core\/styles\/([^']+)\.css';/g)].map(([, name]) => name!);

function resolveModule(from: string, specifier: string): string | undefined {
  const base = resolve(dirname(from), specifier);
  return [base, `${base}.ts`, `${base}.tsx`, join(base, 'index.ts'), join(base, 'index.tsx')].find((path) => existsSync(path) && /\.tsx?$/.test(path));
}

/** This file's relative imports of source modules: static ones (loaded with it) and dynamic ones (loaded later, each a chunk of its own). */
function relativeImports(file: string): { statics: string[]; dynamics: string[] } {
  const text = source(file);
  const resolved = (pattern: RegExp) => [...text.matchAll(pattern)].map(([, specifier]) => resolveModule(file, specifier!)).filter((path): path is string => !!path);
  return {
    statics: resolved(/^(?:import|export)\s(?:[^'"]*?\sfrom\s)?'(\.[^']+)';/gm),
    dynamics: resolved(/import\('(\.[^']+)'\)/g),
  };
}

const ROUTE_TREE = join(here, 'routeTree.gen.ts');
const ROUTES = join(here, 'routes');

/**
 * The files loaded together from `root` (static imports, not past the route tree, whose route
 * components are chunks of their own), and the dynamically imported modules met on the way.
 */
function loadedWith(root: string): { files: string[]; dynamics: string[] } {
  const files = new Set<string>();
  const dynamics = new Set<string>();
  const queue = [root];
  while (queue.length > 0) {
    const file = queue.pop()!;
    if (files.has(file) || file === ROUTE_TREE) continue;
    files.add(file);
    const imports = relativeImports(file);
    queue.push(...imports.statics);
    for (const target of imports.dynamics) dynamics.add(target);
  }
  return { files: [...files], dynamics: [...dynamics] };
}

/** Route files: each component a chunk, shown inside its parent's (admin/route.tsx for the admin pages, else __root.tsx). */
function routeFiles(folder = ROUTES): string[] {
  return readdirSync(folder, { withFileTypes: true }).flatMap((entry) => (entry.isDirectory() ? routeFiles(join(folder, entry.name)) : [join(folder, entry.name)]));
}
function parentRoute(file: string): string | undefined {
  const layout = join(dirname(file), 'route.tsx');
  return file !== layout && existsSync(layout) ? layout : undefined;
}

const relativeName = (file: string) => relative(here, file);

/**
 * For every chunk (the first load, each route component, each dynamically imported module): the
 * stylesheets its files need that neither they nor what is already loaded when it runs import.
 */
function missingStylesheets(): Record<string, string[]> {
  const missing: Record<string, string[]> = {};
  const checked = new Set<string>();
  const check = (root: string, loadedBefore: Set<string>) => {
    checked.add(root);
    const { files, dynamics } = loadedWith(root);
    const available = new Set([...loadedBefore, ...files.flatMap(importedStylesheets)]);
    for (const file of files) {
      const lacking = requiredStylesheets(file).filter((name) => !available.has(name));
      if (lacking.length > 0) missing[relativeName(file)] = lacking.sort();
    }
    for (const target of dynamics) if (!checked.has(target)) check(target, available);
    return available;
  };
  // The root route (the layout) is in the first bundle with main.tsx.
  const firstLoad = check(join(ROUTES, '__root.tsx'), check(join(here, 'main.tsx'), new Set()));
  const contexts = new Map<string, Set<string>>();
  const contextOf = (route: string): Set<string> => {
    const known = contexts.get(route);
    if (known) return known;
    const parent = parentRoute(route);
    const context = check(route, parent ? contextOf(parent) : firstLoad);
    contexts.set(route, context);
    return context;
  };
  for (const route of routeFiles()) if (!route.endsWith('__root.tsx')) contextOf(route);
  return missing;
}

const FIRST_LOAD = join(here, 'mantine-styles.ts');

describe('Mantine stylesheets', () => {
  it('loads the stylesheet of every Mantine component with the code that shows it', () => {
    expect(missingStylesheets()).toEqual({});
  });

  it('keeps in the first load only what the layout and the home page (with the widgets it loads later) use', () => {
    const homeRoute = loadedWith(join(ROUTES, 'index.tsx'));
    const home = [
      ...[join(here, 'main.tsx'), join(ROUTES, '__root.tsx')].flatMap((root) => loadedWith(root).files),
      ...homeRoute.files,
      ...homeRoute.dynamics.flatMap((widget) => loadedWith(widget).files),
    ];
    const used = new Set([...GLOBAL_STYLESHEETS, ...home.flatMap(requiredStylesheets)]);
    expect(importedStylesheets(FIRST_LOAD).filter((name) => !used.has(name))).toEqual([]);
  });

  it('imports the global styles first', () => {
    expect(importedStylesheets(FIRST_LOAD).slice(0, GLOBAL_STYLESHEETS.length)).toEqual(GLOBAL_STYLESHEETS);
  });

  it("imports a component's styles after those of the component it is built on", () => {
    // Equal specificity: the later file wins, so Text after Anchor would undo Anchor's underline.
    const order = importedStylesheets(FIRST_LOAD);
    expect(order.indexOf('Text')).toBeLessThan(order.indexOf('Anchor'));
  });
});
