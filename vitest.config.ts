import { defineConfig } from 'vitest/config';

// One run, one summary: every package is a project of the root config.
export default defineConfig({
  test: {
    projects: ['packages/*', 'apps/server', 'apps/web'],
    reporters: ['default', './scripts/summary-reporter.ts'],
    // A PostgreSQL container for the run when Docker answers and DATABASE_URL is unset; then,
    // on PostgreSQL, one migrated template database that each test database is copied from.
    // Vitest runs these in order (and their teardowns in reverse).
    globalSetup: ['./packages/db/test-support/postgres-container.ts', './packages/db/test-support/template-database.ts'],
  },
});
