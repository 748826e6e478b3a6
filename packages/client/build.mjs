// Builds dist/: index.js (esbuild) and one self-contained index.d.ts (rollup-plugin-dts), then
// checks that both import only @trpc packages, so no server code or server type ships.
import { rm } from 'node:fs/promises';
import { build } from 'esbuild';
import { rollup } from 'rollup';
import { dts } from 'rollup-plugin-dts';

const ALLOWED_IMPORTS = ['@trpc/client', '@trpc/server'];

await rm('dist', { recursive: true, force: true });

const js = await build({
  entryPoints: ['src/index.ts'],
  outfile: 'dist/index.js',
  bundle: true,
  packages: 'external',
  platform: 'neutral',
  target: 'es2022',
  format: 'esm',
  metafile: true,
  logLevel: 'warning',
});
const jsImports = Object.values(js.metafile.outputs).flatMap((output) => output.imports.map((i) => i.path));

const bundle = await rollup({ input: 'src/index.ts', plugins: [dts({ tsconfig: 'tsconfig.json' })] });
const { output } = await bundle.write({ file: 'dist/index.d.ts', format: 'es' });
await bundle.close();
const dtsImports = output.flatMap((chunk) => (chunk.type === 'chunk' ? [...chunk.imports, ...chunk.dynamicImports] : []));

const foreign = [...jsImports, ...dtsImports].filter((path) => !ALLOWED_IMPORTS.includes(path));
if (foreign.length > 0) {
  throw new Error(`dist imports ${[...new Set(foreign)].join(', ')}: the client may import only ${ALLOWED_IMPORTS.join(', ')}`);
}
