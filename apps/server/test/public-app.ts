import { createTestDatabase, type TestDatabase } from '@campus-elo/db';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../src/app';
import { loadConfig } from '../src/config';
import { insertLeague } from './league-fixture';

export interface PublicApp {
  app: FastifyInstance;
  database: TestDatabase;
  /** GET a path and answer its status and parsed JSON body. */
  get(url: string): Promise<{ status: number; body: any }>;
  close(): Promise<void>;
}

/**
 * A fresh database holding the hand-made league, and the real app over it, wired as main.ts
 * wires it: the public reads go through readDb (prepared statements, on PostgreSQL).
 */
export async function startPublicApp(env: Record<string, string> = {}): Promise<PublicApp> {
  const database = await createTestDatabase();
  await insertLeague(database.db);
  const app = await buildApp({ db: database.db, readDb: database.readDb, config: loadConfig({ LOG_LEVEL: 'silent', ...env }), logger: false });
  return {
    app,
    database,
    async get(url) {
      const response = await app.inject({ method: 'GET', url });
      return { status: response.statusCode, body: response.body ? JSON.parse(response.body) : undefined };
    },
    async close() {
      await app.close();
      await database.close();
    },
  };
}

/** Names of a list answer's results, in order. */
export const names = (body: { results: { name: string }[] }) => body.results.map((r) => r.name);
