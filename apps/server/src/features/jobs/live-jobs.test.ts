import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { startFakeFaceit, type FakeFaceit } from '../../../test-support/fakes';
import { importSlowMatches, type StaffCall } from '../../../test-support/slow-update-matches';
import { buildApp } from '../../app';
import { createStaffTestApp, type StaffTestApp } from '../auth/testing';
import { JobQueue } from './queue';

/** Update Matches as a job against a Faceit that answers slowly: progress, failed items and cancel as it runs. */

const COUNT = 16;
const quiet = { warn: () => {} };

let faceit: FakeFaceit;
let t: StaffTestApp;
let queue: JobQueue;
let app: Awaited<ReturnType<typeof buildApp>>;
let headers: Record<string, string>;
let failingNames: string[];

const call: StaffCall = async (method, path, body) => {
  const response = await app.inject({ method, url: path, headers, payload: body as object | undefined });
  return { status: response.statusCode, body: response.body ? response.json() : undefined };
};
const getJob = async (id: string) => (await call('GET', `/v1/jobs/${id}/`)).body;

async function startUpdate(): Promise<string> {
  const response = await app.inject({ method: 'POST', url: '/v1/matches/update/', headers: { ...headers, prefer: 'respond-async' }, payload: { platform: 'faceit' } });
  expect(response.statusCode).toBe(202);
  return response.json().job_id;
}

/** Every state the job showed, read every 50 ms until it ended. */
async function follow(id: string, until: (job: any) => boolean = (job) => !['queued', 'running'].includes(job.state)) {
  const seen: any[] = [];
  await vi.waitFor(
    async () => {
      const job = await getJob(id);
      seen.push(job);
      expect(until(job)).toBe(true);
    },
    { timeout: 20_000, interval: 50 },
  );
  return seen;
}

beforeAll(async () => {
  faceit = await startFakeFaceit();
  t = await createStaffTestApp({ FACEIT_API_BASE: faceit.url, FACEIT_API_KEY: faceit.apiKey });
  queue = new JobQueue({ db: t.database.db, config: t.config, kind: t.database.kind }, t.database, quiet);
  await queue.start();
  app = await buildApp({ db: t.database.db, config: t.config, jobs: queue, logger: false });
  headers = { authorization: `Bearer ${await t.tokenFor(t.admin)}` };
}, 60_000);
afterAll(async () => {
  await app?.close();
  await queue?.stop();
  await t?.close();
  await faceit?.close();
});
afterEach(() => faceit.clearFaults());

describe('a running job', () => {
  it('moves its progress item by item and lists failed items before it ends', async () => {
    ({ failingNames } = await importSlowMatches(call, faceit, { name: 'Progress Cup', count: COUNT, delayMs: 250, failing: 2 }));
    const id = await startUpdate();
    const seen = await follow(id);
    const running = seen.filter((job) => job.state === 'running');

    // Seen part-way: some matches done, not all, and the early failures already listed.
    expect(running.some((job) => job.progress.done > 0 && job.progress.done < COUNT)).toBe(true);
    const failedEarly = running.find((job) => job.errors.length > 0 && job.progress.done < COUNT);
    expect(failedEarly?.errors[0]).toEqual({ item: failingNames[0], reason: expect.stringContaining('404') });
    const done = seen.map((job) => job.progress.done);
    expect(done).toEqual([...done].sort((a, b) => a - b));

    const final = seen.at(-1);
    expect(final).toMatchObject({ state: 'done', progress: { done: COUNT, total: COUNT, errors: 2 }, cancel_requested_at: null });
    expect(final.errors.map((error: { item: string }) => error.item)).toEqual(failingNames);
    expect(final.result).toMatchObject({ updated_count: COUNT - 2, error_count: 2, total_processed: COUNT });
  });

  it('is cancelled through REST: it stops after the matches under way and keeps what they brought', async () => {
    await importSlowMatches(call, faceit, { name: 'Cancel Cup', count: COUNT, delayMs: 400 });
    const before = faceit.requests.length;
    const id = await startUpdate();
    await follow(id, (job) => job.progress.done >= 1);

    const cancelled = await call('POST', `/v1/jobs/${id}/cancel/`);
    expect(cancelled.status).toBe(200);
    expect(cancelled.body).toMatchObject({ id, state: 'running', cancel_requested_at: expect.any(String) });
    const final = (await follow(id)).at(-1);

    expect(final.state).toBe('cancelled');
    const { done, total } = final.progress;
    // Its matches, and the two the first job could not fetch (still scheduled).
    expect(total).toBe(COUNT + 2);
    expect(done).toBeLessThan(total);
    // Every match asked for was counted, and none was asked for after the cancel took hold.
    expect(faceit.requests.length - before).toBe(done);
    expect(final.result).toMatchObject({ total_processed: done, updated_count: done });
    expect(final.errors.at(-1)).toEqual({ item: null, reason: `Cancelled after ${done} of ${total} items: what those brought was saved; the other ${total - done} were not started.` });

    // Cancelling again changes nothing; the job has ended.
    expect((await call('POST', `/v1/jobs/${id}/cancel/`)).body).toMatchObject({ state: 'cancelled' });
  });

  it("runs the server's own jobs (sync, webhook refreshes) beside a staff tool, not after it", async () => {
    await importSlowMatches(call, faceit, { name: 'Beside Cup', count: COUNT, delayMs: 1_500 });
    const staffJob = await startUpdate();
    await follow(staffJob, (job) => job.state === 'running');
    // What a FACEIT webhook or the sync's timer queues: no user.
    const serverJob = await queue.enqueue('calculate_team_elo', {}, null);
    const server = (await follow(serverJob)).at(-1);
    expect(server).toMatchObject({ state: 'done', created_by: null });
    await call('POST', `/v1/jobs/${staffJob}/cancel/`);
    const staff = (await follow(staffJob)).at(-1);
    // Waiting behind the staff tool, it would have ended after it.
    expect(Date.parse(server.finished_at)).toBeLessThan(Date.parse(staff.finished_at));
  });

  it('answers 409 with a plain message to a cancel of a finished job', async () => {
    const job = (await call('GET', '/v1/jobs/?page_size=100')).body.results.find((j: { state: string }) => j.state === 'done');
    const refused = await call('POST', `/v1/jobs/${job.id}/cancel/`);
    expect(refused).toEqual({ status: 409, body: { error: 'The job has already ended (done); there is nothing to cancel' } });
    expect((await getJob(job.id)).state).toBe('done');
  });
});
