import { createTestDatabase, type TestDatabase } from '@campus-elo/db';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../config';
import { JobQueue } from './queue';

// Replicas starting together on a new database: each creates pg-boss's schema and the queues
// it finds missing, and one process's CREATE could deadlock with another's and end it.

let database: TestDatabase;

beforeAll(async () => {
  database = await createTestDatabase();
}, 60_000);
afterAll(() => database?.close());

const config = loadConfig({ LOG_LEVEL: 'silent' });

describe('job queues starting at once', () => {
  it('all start on a database without pg-boss, round after round, and leave each queue once', async () => {
    for (let round = 0; round < 4; round += 1) {
      await sql`DROP SCHEMA IF EXISTS pgboss CASCADE`.execute(database.db);
      const queues = Array.from({ length: 3 }, () => new JobQueue({ db: database.db, config, kind: database.kind }, database, { warn: () => {} }));
      const started = await Promise.allSettled(queues.map((queue) => queue.start({ worker: false })));
      await Promise.all(queues.map((queue) => queue.stop()));
      expect(started.filter((result) => result.status === 'rejected').map((result) => String((result as PromiseRejectedResult).reason))).toEqual([]);
      const names = await sql<{ name: string }>`SELECT name FROM pgboss.queue ORDER BY name`.execute(database.db);
      expect(names.rows.length).toBeGreaterThan(0);
      expect(new Set(names.rows.map((row) => row.name)).size).toBe(names.rows.length);
    }
  }, 120_000);
});
