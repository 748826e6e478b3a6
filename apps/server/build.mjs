// Bundles the server (and the CLI) into dist/ with our workspace packages inlined and
// third-party packages left to node_modules (each is also a dependency of this package).
import { copyFile } from 'node:fs/promises';
import { build } from 'esbuild';

await build({
  entryPoints: ['src/main.ts', 'src/cli.ts'],
  outdir: 'dist',
  bundle: true,
  platform: 'node',
  target: 'node20',
  format: 'esm',
  sourcemap: true,
  plugins: [
    {
      name: 'external-third-party',
      setup(b) {
        b.onResolve({ filter: /^[^./]/ }, (args) =>
          args.path.startsWith('@campus-elo/') ? undefined : { path: args.path, external: true },
        );
      },
    },
  ],
  logLevel: 'warning',
});

// The GROQ worker thread's module is loaded by file name (features/content/query-pool.ts), not
// bundled: it imports only groq-js, which dist/ finds in node_modules like every other package.
await copyFile('src/features/content/groq-worker.mjs', 'dist/groq-worker.mjs');
