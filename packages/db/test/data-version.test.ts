import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DATA_CHANGED_CHANNEL, DATA_VERSION_TRIGGER, TABLES_WITHOUT_DATA_VERSION } from '../src/data-version';
import { LISTENER_APPLICATION_NAME } from '../src/notifications';
import { migrateToLatest } from '../src/migrate';
import { createTestDatabase, type TestDatabase } from '../src/testing';

/** Public tables and the write events their data version trigger fires on (none: no trigger). */
async function triggerEvents(database: TestDatabase): Promise<Map<string, string[]>> {
  const tables = await sql<{ table_name: string }>`
    SELECT table_name FROM information_schema.tables WHERE table_schema = 'public' AND table_type = 'BASE TABLE' ORDER BY 1
  `.execute(database.db);
  const triggers = await sql<{ table: string; event: string }>`
    SELECT event_object_table AS table, event_manipulation AS event
    FROM information_schema.triggers
    WHERE trigger_schema = 'public' AND trigger_name = ${DATA_VERSION_TRIGGER} AND action_orientation = 'STATEMENT' AND action_timing = 'AFTER'
    ORDER BY 1, 2
  `.execute(database.db);
  const events = new Map(tables.rows.map((row) => [row.table_name, [] as string[]]));
  for (const { table, event } of triggers.rows) events.get(table)?.push(event);
  return events;
}

/** Collects the channel's notifications; `next()` answers the next one, waiting for it. */
async function listenTo(database: TestDatabase) {
  const received: string[] = [];
  const errors: unknown[] = [];
  let wake: (() => void) | undefined;
  let listenings = 0;
  const stop = await database.listen(DATA_CHANGED_CHANNEL, {
    onNotification: (payload) => {
      received.push(payload);
      wake?.();
    },
    onListening: () => {
      listenings += 1;
      wake?.();
    },
    onError: (error) => errors.push(error),
  });
  const until = async (done: () => boolean) => {
    while (!done()) await new Promise<void>((resolve) => (wake = resolve));
  };
  await until(() => listenings > 0);
  return {
    received,
    errors,
    stop,
    /** Waits until the subscription is in place for the n-th time. */
    listening: (n: number) => until(() => listenings >= n),
    async next(): Promise<string> {
      await until(() => received.length > 0);
      return received.shift()!;
    },
  };
}

describe.each(['auto', 'pglite'] as const)('the data version (%s)', (engine) => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await createTestDatabase({ engine });
  });
  afterAll(async () => {
    await database?.close();
  });

  it('is kept by a trigger on every public table but the excluded ones', async () => {
    const events = await triggerEvents(database);
    for (const excluded of TABLES_WITHOUT_DATA_VERSION) {
      expect(events.has(excluded), `${excluded} is listed as excluded but is no table`).toBe(true);
    }
    const wrong = [...events].filter(([table, on]) =>
      TABLES_WITHOUT_DATA_VERSION.includes(table) ? on.length > 0 : on.join(',') !== 'DELETE,INSERT,UPDATE',
    );
    expect(wrong, 'a public table without the data_version trigger: add it to TABLES_WITHOUT_DATA_VERSION only if no public read can see its rows').toEqual([]);
  });

  it('reaches a table created after migration 0060 on the next migration run', async () => {
    await sql`CREATE TABLE later_feature (id int PRIMARY KEY)`.execute(database.db);
    try {
      expect((await triggerEvents(database)).get('later_feature')).toEqual([]);
      await migrateToLatest(database.db);
      expect((await triggerEvents(database)).get('later_feature')).toEqual(['DELETE', 'INSERT', 'UPDATE']);
    } finally {
      await sql`DROP TABLE later_feature`.execute(database.db);
    }
  });

  it('notifies once per committed write transaction with its new version, never for a rollback or an excluded table', async () => {
    const listener = await listenTo(database);
    try {
      await database.db
        .transaction()
        .execute(async (trx) => {
          await trx.insertInto('seasons').values({ name: 'Rolled back', start_date: '2026-01-01', end_date: '2026-06-30' }).execute();
          throw new Error('roll back');
        })
        .catch(() => {});
      await database.db.insertInto('login_attempts').values({ email: 'someone@example.com', ip: '127.0.0.1' }).execute();

      const version = await database.db.transaction().execute(async (trx) => {
        await trx.insertInto('seasons').values({ name: 'Spring 2026', start_date: '2026-01-01', end_date: '2026-06-30' }).execute();
        await trx.insertInto('teams').values({ name: 'Owls' }).execute();
        await trx.updateTable('teams').set({ elo: 1010 }).execute();
        const { rows } = await sql<{ version: string }>`SELECT current_setting('campus_elo.data_version') AS version`.execute(trx);
        return rows[0]!.version;
      });
      // Notices arrive in commit order: the first one is this transaction's, and it is alone.
      expect(await listener.next()).toBe(version);

      await database.db.deleteFrom('teams').execute();
      expect(Number(await listener.next())).toBeGreaterThan(Number(version));
      expect(listener.received).toEqual([]);
    } finally {
      await listener.stop();
    }
  });

  it.runIf(engine === 'auto' && process.env.DATABASE_URL)('reopens a listening connection the server cut, and hears writes again', async () => {
    const listener = await listenTo(database);
    try {
      const { rows } = await sql<{ cut: boolean }>`
        SELECT pg_terminate_backend(pid) AS cut FROM pg_stat_activity
        WHERE datname = current_database() AND application_name = ${LISTENER_APPLICATION_NAME}
      `.execute(database.db);
      // (A listener stopped by the test before may still be leaving.)
      expect(rows.some((row) => row.cut)).toBe(true);
      await listener.listening(2);
      expect(listener.errors.length).toBeGreaterThan(0);
      await database.db.insertInto('teams').values({ name: 'After The Cut' }).execute();
      expect(Number(await listener.next())).toBeGreaterThan(0);
    } finally {
      await listener.stop();
    }
  });
});
