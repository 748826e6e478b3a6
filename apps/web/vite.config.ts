import { tanstackRouter } from '@tanstack/router-plugin/vite';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { buildProgress } from './build/progress';
import { precompress } from './build/precompress';

const apiTarget = process.env.API_URL ?? 'http://localhost:3000';

export default defineConfig(({ isSsrBuild }) => ({
  plugins: [tanstackRouter({ target: 'react', autoCodeSplitting: true }), react(), ...(isSsrBuild ? [] : [precompress(), buildProgress()])],
  // The server's render (src/entry-server.tsx, built to dist-server/): one module with its
  // dependencies in it, React's production build chosen at build time (an import from
  // node_modules would pick React's development build in a server started without
  // NODE_ENV=production, several times slower); the public files are the browser build's alone.
  ...(isSsrBuild ? { publicDir: false, ssr: { noExternal: true }, define: { 'process.env.NODE_ENV': JSON.stringify('production') } } : {}),
  server: {
    port: 5173,
    proxy: Object.fromEntries(['/trpc', '/v1', '/media', '/content', '/healthz'].map((p) => [p, apiTarget])),
  },
  // The server swaps in each response's CSP nonce (apps/server/src/http/web-app.ts).
  html: { cspNonce: '__CSP_NONCE__' },
  build: {
    outDir: 'dist',
    sourcemap: false,
    chunkSizeWarningLimit: 600,
    manifest: true,
    // Which client files hold each source module: finds a route's component where a shared chunk took it in (apps/server/src/http/route-preloads.ts).
    ssrManifest: !isSsrBuild,
    // Every browser the build targets preloads modules itself.
    modulePreload: { polyfill: false },
    // Chunks under 16 KB merged into others where Rollup can do so without changing what runs:
    // the server speaks HTTP/1.1, where each of a page's thirty-odd small chunks costs a round
    // trip on one of six connections (home page: 26 files to 13, first paint earlier).
    rollupOptions: {
      output: { experimentalMinChunkSize: 16384 },
      // @trpc/client declares no "sideEffects", and its WebSocket client's module sets a static
      // field through a helper call that Rollup must keep: the first load carried that client
      // (about 1 KB gzip) though only httpBatchLink is used. Its exports are kept when imported.
      treeshake: { moduleSideEffects: (id) => !/[\\/]@trpc[\\/]client[\\/]dist[\\/]wsLink-[^\\/]*\.mjs$/.test(id) },
      onwarn(warning, warn) {
        // zod 4 places /*#__PURE__*/ where Rollup cannot use it; Rollup drops the comment and
        // the output is correct. Nothing a reader of the build can act on (issue 29).
        if (warning.code === 'INVALID_ANNOTATION' && warning.id?.includes('/node_modules/.pnpm/zod@')) return;
        warn(warning);
      },
    },
    // Terser writes about 3 % less than esbuild's minifier (4 KB gzip of the first bundle) for a
    // few seconds more of build (docs/decisions/0068).
    minify: isSsrBuild ? false : 'terser',
    terserOptions: { compress: { passes: 2 } },
  },
}));
