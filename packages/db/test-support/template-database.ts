import { createTemplateDatabase, TEMPLATE_DATABASE_VARIABLE } from '../src/testing';

/**
 * Vitest global setup (root vitest.config.ts), after postgres-container.ts: with a PostgreSQL
 * server in DATABASE_URL, migrates one template database for the run, and createTestDatabase
 * copies it (CREATE DATABASE … TEMPLATE) instead of migrating each test file's database.
 * The template is dropped when the run ends. Without DATABASE_URL (PGlite) nothing changes.
 */
export default async function setup(): Promise<(() => Promise<void>) | undefined> {
  const serverUrl = process.env.DATABASE_URL;
  if (!serverUrl) return undefined;
  const template = await createTemplateDatabase(serverUrl);
  // The test workers inherit this process's environment, as they do DATABASE_URL.
  process.env[TEMPLATE_DATABASE_VARIABLE] = template.url;
  return async () => {
    delete process.env[TEMPLATE_DATABASE_VARIABLE];
    await template.drop();
  };
}
