import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';

// One run, one summary: every package is a project of the root config.
export default defineConfig({
  test: {
    projects: ['packages/*', 'apps/server', 'apps/web'],
    reporters: ['default', './scripts/summary-reporter.ts'],
    // At least two test files at a time. Vitest's default is one fewer than the cores, so one
    // on CI's two cores, where a database-backed file spends most of its time waiting on
    // PostgreSQL, HTTP and timers: two workers ran 26 server files in 61 s against 105 s
    // (docs/decisions/0103). The web project keeps the default (apps/web/vitest.config.ts).
    maxWorkers: Math.max(2, availableParallelism() - 1),
    // A PostgreSQL container for the run when Docker answers and DATABASE_URL is unset; then,
    // on PostgreSQL, one migrated template database that each test database is copied from.
    // Vitest runs these in order (and their teardowns in reverse).
    globalSetup: ['./packages/db/test-support/postgres-container.ts', './packages/db/test-support/template-database.ts'],
  },
});
