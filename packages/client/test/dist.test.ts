import { execFile } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { beforeAll, describe, expect, it } from 'vitest';

const packageDir = fileURLToPath(new URL('..', import.meta.url));
const builtFiles = ['dist/index.js', 'dist/index.d.ts'];

/** Module names a built file imports: static, type-only, bare (at a line's start, so a string type such as `"import" | …` is not one) and dynamic `import(…)` forms. */
function importedModules(text: string): string[] {
  const patterns = [/\bfrom\s*['"]([^'"]+)['"]/g, /\bimport\s*\(\s*['"]([^'"]+)['"]\s*\)/g, /^\s*import\s*['"]([^'"]+)['"]/gm];
  return [...new Set(patterns.flatMap((pattern) => [...text.matchAll(pattern)].map((match) => match[1]!)))];
}

describe('the built client', () => {
  beforeAll(() => {
    for (const file of builtFiles) {
      if (!existsSync(resolve(packageDir, file))) throw new Error(`No ${file}: run \`pnpm build\` first (pnpm test does)`);
    }
  });

  it.each(builtFiles)('%s imports only the tRPC packages, no server code or server type', (file) => {
    const text = readFileSync(resolve(packageDir, file), 'utf8');
    expect(importedModules(text).sort()).toEqual(file.endsWith('.d.ts') ? ['@trpc/client', '@trpc/server'] : ['@trpc/client']);
    expect(text).not.toMatch(/@campus-elo\/|fastify|kysely|\bzod\b/i);
  });

  it('types the example and typed calls against dist: wrong procedures and inputs are errors', async () => {
    const tsc = createRequire(import.meta.url).resolve('typescript/bin/tsc');
    // Fails on any error, and on any @ts-expect-error in test/typed-calls.ts that expects none.
    const { stdout } = await promisify(execFile)(process.execPath, [tsc, '-p', 'tsconfig.dist.json', '--listFiles'], { cwd: packageDir });
    const checked = stdout.split('\n').map((line) => line.trim());
    expect(checked).toContain(resolve(packageDir, 'dist/index.d.ts'));
    expect(checked).toContain(resolve(packageDir, 'examples/top-10.ts'));
    expect(checked.filter((file) => file.startsWith(resolve(packageDir, 'src')))).toEqual([]);
  });
});
