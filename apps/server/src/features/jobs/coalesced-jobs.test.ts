import { randomUUID } from 'node:crypto';
import { createTestDatabase, type TestDatabase } from '@campus-elo/db';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../config';
import { claimJob } from './job-run';
import { JobQueue } from './queue';
import { releaseStaleJobs } from './reclaim';

// Jobs sharing a coalesce key (a webhook's refreshes of one match, decision 0076), on a
// process that only enqueues: nothing runs them, so each state is set by the test.

let database: TestDatabase;
let queue: JobQueue;

const refresh = (key: string) => queue.enqueue('update_matches', { match_ids: [randomUUID()], auto_detect: false, only_changed: true }, null, { coalesceKey: key });
const row = (id: string) => database.db.selectFrom('jobs').select(['state', 'errors', 'finished_at']).where('id', '=', id).executeTakeFirstOrThrow();
const goneQuiet = (ids: string[]) => database.db.updateTable('jobs').set({ heartbeat_at: sql<Date>`now() - interval '1 hour'` }).where('id', 'in', ids).execute();

beforeAll(async () => {
  database = await createTestDatabase();
  queue = new JobQueue({ db: database.db, config: loadConfig({ LOG_LEVEL: 'silent' }), kind: database.kind }, database, { warn: () => {} });
  await queue.start({ worker: false });
}, 60_000);
afterAll(async () => {
  await queue?.stop();
  await database?.close();
});

describe('coalesced jobs', () => {
  it('queue one job per key while it waits, and one more once it runs', async () => {
    const waiting = await refresh('key-a');
    expect(await refresh('key-a')).toBe(waiting);
    expect(await refresh('key-b')).not.toBe(waiting);
    const unkeyed = () => queue.enqueue('calculate_team_elo', {}, null);
    expect(await unkeyed()).not.toBe(await unkeyed());

    expect(await claimJob(database.db, waiting)).toBe(1);
    const next = await refresh('key-a');
    expect(next).not.toBe(waiting);
    expect(await refresh('key-a')).toBe(next);
  });

  it('hand a stopped worker’s run back to the queue, unless a newer job of its key waits or ran beside it: then it fails and that one runs', async () => {
    const [superseded, alone, older] = [await refresh('key-c'), await refresh('key-d'), await refresh('key-f')];
    for (const id of [superseded, alone, older]) await claimJob(database.db, id);
    const waiting = await refresh('key-c');
    // Two runs of one key whose workers both stopped: only the newer may wait again.
    const newer = await refresh('key-f');
    await claimJob(database.db, newer);
    await goneQuiet([superseded, alone, older, newer]);

    const released = await releaseStaleJobs(database.db, 60_000, []);
    const job = (id: string, state: string) => ({ id, state, kind: 'update_matches', created_by: null });
    expect(released).toEqual(expect.arrayContaining([job(superseded, 'failed'), job(alone, 'queued'), job(older, 'failed'), job(newer, 'queued')]));
    for (const id of [superseded, older]) {
      expect(await row(id)).toMatchObject({ state: 'failed', errors: [{ item: null, reason: expect.stringContaining('runs instead of a retry') }], finished_at: expect.any(Date) });
    }
    for (const id of [alone, newer, waiting]) expect(await row(id)).toMatchObject({ state: 'queued', finished_at: null });
  });

  it('fail a job of a key that waited over an hour (its queue entry was lost), and queue a new one', async () => {
    const lost = await refresh('key-e');
    await database.db.updateTable('jobs').set({ created_at: sql<Date>`now() - interval '2 hours'` }).where('id', '=', lost).execute();
    const fresh = await refresh('key-e');
    expect(fresh).not.toBe(lost);
    expect(await row(lost)).toMatchObject({ state: 'failed', errors: [{ item: null, reason: expect.stringContaining('never left the queue') }] });
    expect(await refresh('key-e')).toBe(fresh);
  });
});
