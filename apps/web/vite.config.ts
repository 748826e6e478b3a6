import { tanstackRouter } from '@tanstack/router-plugin/vite';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { precompress } from './build/precompress';

const apiTarget = process.env.API_URL ?? 'http://localhost:3000';

export default defineConfig({
  plugins: [tanstackRouter({ target: 'react', autoCodeSplitting: true }), react(), precompress()],
  server: {
    port: 5173,
    proxy: Object.fromEntries(['/trpc', '/v1', '/media', '/content', '/healthz'].map((p) => [p, apiTarget])),
  },
  // The server swaps in each response's CSP nonce (apps/server/src/http/web-app.ts).
  html: { cspNonce: '__CSP_NONCE__' },
  build: { outDir: 'dist', sourcemap: false, chunkSizeWarningLimit: 600, manifest: true },
});
