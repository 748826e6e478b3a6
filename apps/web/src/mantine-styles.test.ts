// @vitest-environment node
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

/**
 * The app imports Mantine's CSS per component (see mantine-styles.ts) to keep the first load
 * small. This test fails when a component used anywhere in src, or a component it is built
 * from, has a stylesheet that mantine-styles.ts does not import.
 */
const here = dirname(fileURLToPath(import.meta.url));
const mantineRoot = dirname(createRequire(import.meta.url).resolve('@mantine/core/styles.css'));
const componentsRoot = join(mantineRoot, 'esm/components');
const stylesRoot = join(mantineRoot, 'styles');

function sourceFiles(folder: string): string[] {
  return readdirSync(folder, { withFileTypes: true }).flatMap((entry) => {
    const path = join(folder, entry.name);
    if (entry.isDirectory()) return sourceFiles(path);
    return /\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) ? [path] : [];
  });
}

/** The staff screens' source (sign-in, admin): their stylesheets are mantine-staff-styles.ts. */
const STAFF_SOURCE = /^(features\/(activity|admin-matches|admin-shell|auth|clear-database|control-panel|edit|graphic|imports|merge|pictures|seasons|staff|viewer|jobs|events\/admin)\/|routes\/admin\/|routes\/signin\.tsx)/;
const isStaffSource = (file: string) => STAFF_SOURCE.test(relative(here, file));

/** Names imported as values from '@mantine/core' in these files. */
function usedMantineNames(files: string[]): Set<string> {
  const names = new Set<string>();
  for (const file of files) {
    for (const [, list] of readFileSync(file, 'utf8').matchAll(/import\s*\{([^}]*)\}\s*from\s*'@mantine\/core'/g)) {
      for (const part of list!.split(',')) {
        const name = part.trim().split(/\s+as\s+/)[0]!;
        if (name && !name.startsWith('type ')) names.add(name);
      }
    }
  }
  return names;
}

/** Every Mantine module reachable from `entry` through relative imports. */
function reachableModules(entries: string[]): Set<string> {
  const seen = new Set<string>();
  const queue = [...entries];
  while (queue.length > 0) {
    const file = queue.pop()!;
    if (seen.has(file)) continue;
    seen.add(file);
    for (const [, target] of readFileSync(file, 'utf8').matchAll(/from\s*"(\.[^"]+\.mjs)"/g)) queue.push(resolve(dirname(file), target!));
  }
  return seen;
}

function requiredStylesheets(files: string[]): string[] {
  const entries = [...usedMantineNames(files)].map((name) => join(componentsRoot, name, `${name}.mjs`)).filter((path) => existsSync(path));
  const required = new Set(['baseline', 'default-css-variables', 'global']);
  for (const module of reachableModules(entries)) {
    const inside = relative(componentsRoot, module);
    if (inside.startsWith('..')) continue;
    for (const segment of dirname(inside).split('/')) if (existsSync(join(stylesRoot, `${segment}.css`))) required.add(segment);
  }
  return [...required];
}

function importedStylesheets(module = 'mantine-styles.ts'): string[] {
  const source = readFileSync(join(here, module), 'utf8');
  return [...source.matchAll(/import '@mantine\/core\/styles\/([^']+)\.css';/g)].map(([, name]) => name!);
}

describe('Mantine stylesheets', () => {
  it('imports the stylesheet of every Mantine component the public pages use', () => {
    const imported = new Set(importedStylesheets());
    const publicFiles = sourceFiles(here).filter((file) => !isStaffSource(file));
    expect(requiredStylesheets(publicFiles).filter((name) => !imported.has(name)).sort()).toEqual([]);
  });

  it('imports the rest the staff screens use in mantine-staff-styles.ts, loaded by their entry components only', () => {
    const publicImports = new Set(importedStylesheets());
    const staffImports = importedStylesheets('mantine-staff-styles.ts');
    const staffFiles = sourceFiles(here).filter(isStaffSource);
    expect(requiredStylesheets(staffFiles).filter((name) => !publicImports.has(name) && !staffImports.includes(name)).sort()).toEqual([]);
    expect(staffImports.filter((name) => publicImports.has(name))).toEqual([]);
    const importers = sourceFiles(here).filter((file) => readFileSync(file, 'utf8').includes("import '../../mantine-staff-styles';"));
    expect(importers.map((file) => relative(here, file)).sort()).toEqual(['features/auth/AdminGuard.tsx', 'features/auth/SignInPage.tsx']);
  });

  it('imports the global styles first', () => {
    expect(importedStylesheets().slice(0, 3)).toEqual(['baseline', 'default-css-variables', 'global']);
  });

  it("imports a component's styles after those of the component it is built on", () => {
    // Equal specificity: the later file wins, so Text after Anchor would undo Anchor's underline.
    const order = importedStylesheets();
    expect(order.indexOf('Text')).toBeLessThan(order.indexOf('Anchor'));
  });
});
