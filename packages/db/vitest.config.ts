import { defineProject } from 'vitest/config';

export default defineProject({
  // Each file migrates its own databases; on a busy machine that outlasts vitest's defaults.
  test: { name: 'db', include: ['src/**/*.test.ts', 'test/**/*.test.ts'], testTimeout: 30_000, hookTimeout: 60_000 },
});
