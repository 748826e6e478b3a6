import { setTimeout as sleep } from 'node:timers/promises';
import { sql, type Kysely } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDatabase, type DatabaseHandle } from '../src/connection';
import { isDatabaseUnavailable } from '../src/database-unavailable';
import type { Database } from '../src/schema';
import { createTestDatabase, type TestDatabase } from '../src/testing';

/**
 * Connections cut by the server while the app holds them (what a PostgreSQL restart does to
 * every connection): no crash, the failing query reports "unavailable", the dead connection
 * is not handed out again.
 */
const onPostgres = Boolean(process.env.DATABASE_URL);
if (!onPostgres) console.log('lost-connection.test.ts skipped: it needs a PostgreSQL server (DATABASE_URL)');

describe.skipIf(!onPostgres)('a connection cut by the server', () => {
  let database: TestDatabase;
  /** The pool under test: small, so a connection that was not discarded would be reused. */
  let handle: DatabaseHandle;

  beforeAll(async () => {
    database = await createTestDatabase();
    handle = createDatabase({ databaseUrl: database.url, poolSize: 2 });
  });
  afterAll(async () => {
    await handle?.close();
    await database?.close();
  });

  const backendPid = async (db: Kysely<Database>) =>
    (await sql<{ pid: number }>`SELECT pg_backend_pid() AS pid`.execute(db)).rows[0]!.pid;

  /** Ends a backend as a fast shutdown does (57P01) and waits until it is gone. */
  async function terminate(pid: number) {
    await sql`SELECT pg_terminate_backend(${pid})`.execute(database.db);
    for (let i = 0; i < 100; i++) {
      const { rows } = await sql<{ n: number }>`SELECT count(*) AS n FROM pg_stat_activity WHERE pid = ${pid}`.execute(database.db);
      if (rows[0]!.n === 0) break;
      await sleep(20);
    }
    // Lets the client read the server's goodbye while the app still holds the connection.
    await sleep(50);
  }

  it('survives a checked-out connection cut between two queries, and opens a fresh one', async () => {
    let killedPid = 0;
    const failure = await handle.db
      .connection()
      .execute(async (connection) => {
        killedPid = await backendPid(connection);
        await terminate(killedPid);
        await sql`SELECT 1`.execute(connection);
      })
      .then(
        () => undefined,
        (error: unknown) => error,
      );
    expect(isDatabaseUnavailable(failure)).toBe(true);
    const pids = await Promise.all([backendPid(handle.db), backendPid(handle.db)]);
    expect(pids).not.toContain(killedPid);
  });

  it('rolls back a transaction whose connection is cut, and the next one commits', async () => {
    const failure = await handle.db
      .transaction()
      .execute(async (trx) => {
        await trx.insertInto('seasons').values({ name: 'Lost', start_date: '2026-01-01', end_date: '2026-06-30' }).execute();
        await terminate(await backendPid(trx));
        await trx.insertInto('seasons').values({ name: 'Lost too', start_date: '2026-07-01', end_date: '2026-12-31' }).execute();
      })
      .then(
        () => undefined,
        (error: unknown) => error,
      );
    expect(isDatabaseUnavailable(failure)).toBe(true);
    await handle.db.transaction().execute((trx) =>
      trx.insertInto('seasons').values({ name: 'Kept', start_date: '2027-01-01', end_date: '2027-06-30' }).execute(),
    );
    const names = await database.db.selectFrom('seasons').select('name').orderBy('name').execute();
    expect(names.map((s) => s.name)).toEqual(['Kept']);
  });

  it('fails a query running when its connection is cut, then serves the next', async () => {
    const running = sql`SELECT pg_sleep(10)`.execute(handle.db).then(
      () => undefined,
      (error: unknown) => error,
    );
    let sleeper: number | undefined;
    for (let i = 0; i < 100 && sleeper === undefined; i++) {
      const { rows } = await sql<{ pid: number }>`
        SELECT pid FROM pg_stat_activity WHERE query = 'SELECT pg_sleep(10)' AND datname = current_database()
      `.execute(database.db);
      sleeper = rows[0]?.pid;
      if (sleeper === undefined) await sleep(20);
    }
    expect(sleeper).toBeDefined();
    await terminate(sleeper!);
    expect(isDatabaseUnavailable(await running)).toBe(true);
    expect((await sql<{ one: number }>`SELECT 1 AS one`.execute(handle.db)).rows).toEqual([{ one: 1 }]);
  });
});
