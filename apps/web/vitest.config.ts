import { availableParallelism } from 'node:os';
import react from '@vitejs/plugin-react';
import { defineProject } from 'vitest/config';

// Component tests run in happy-dom; end-to-end tests (e2e/) drive the built app in Chromium
// and declare the node environment themselves.
export default defineProject({
  plugins: [react()],
  test: {
    name: 'web',
    environment: 'happy-dom',
    include: ['src/**/*.test.{ts,tsx}', 'build/**/*.test.ts', 'e2e/**/*.e2e.test.ts'],
    setupFiles: ['./test/setup.ts'],
    // Prints the Chromium and axe-core versions the browser tests meet, once per run.
    globalSetup: ['./e2e/browser-versions.ts'],
    testTimeout: 30_000,
    hookTimeout: 180_000,
    // Vitest's own default, not the root's floor of two: the browser tests each run a server
    // and a Chromium, and on two cores they stay one at a time (after the other projects).
    maxWorkers: Math.max(1, availableParallelism() - 1),
  },
});
