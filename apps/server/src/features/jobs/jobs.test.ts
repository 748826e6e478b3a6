import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { buildApp } from '../../app';
import { createStaffTestApp, type StaffTestApp } from '../auth/testing';
import { JobQueue } from './queue';

let t: StaffTestApp;
let queue: JobQueue;
let enqueueOnly: JobQueue;
let app: FastifyInstance;
let appWithoutWorker: FastifyInstance;
let admin: Record<string, string>;
let owner: Record<string, string>;
const quiet = { warn: () => {} };

beforeAll(async () => {
  t = await createStaffTestApp();
  queue = new JobQueue({ db: t.database.db, config: t.config, kind: t.database.kind }, t.database, quiet);
  await queue.start();
  app = await buildApp({ db: t.database.db, config: t.config, jobs: queue, logger: false });
  enqueueOnly = new JobQueue({ db: t.database.db, config: t.config, kind: t.database.kind }, t.database, quiet);
  admin = { authorization: `Bearer ${await t.tokenFor(t.admin)}` };
  owner = { authorization: `Bearer ${await t.tokenFor(t.owner)}` };
}, 60_000);
afterAll(async () => {
  await appWithoutWorker?.close();
  await app?.close();
  await queue?.stop();
  await enqueueOnly?.stop();
  await t?.close();
});

const post = (url: string, headers: Record<string, string>, payload: unknown = {}) => app.inject({ method: 'POST', url, headers, payload: payload as object });
const get = (url: string, headers: Record<string, string>) => app.inject({ method: 'GET', url, headers });
const async = { prefer: 'respond-async' };

async function finished(id: string) {
  await vi.waitFor(
    async () => {
      const job = (await get(`/v1/jobs/${id}/`, admin)).json();
      expect(['done', 'failed']).toContain(job.state);
    },
    { timeout: 20_000, interval: 100 },
  );
  return (await get(`/v1/jobs/${id}/`, admin)).json();
}

describe('long tools as background jobs', () => {
  it("answers 202 {job_id} to 'Prefer: respond-async' and keeps the tool's answer as the job's result", async () => {
    const accepted = await post('/v1/team-elo/calculate/', { ...admin, ...async });
    expect(accepted.statusCode).toBe(202);
    expect(accepted.headers['preference-applied']).toBe('respond-async');
    const { job_id } = accepted.json();
    const job = await finished(job_id);
    expect(job).toMatchObject({
      id: job_id,
      kind: 'calculate_team_elo',
      state: 'done',
      // Calculate Team Elo is one transaction: it counts three steps.
      progress: { done: 3, total: 3, errors: 0 },
      errors: [],
      cancel_requested_at: null,
      created_by: { id: t.admin.id, email: t.admin.email },
    });
    expect(job.result).toMatchObject({ updated_teams: expect.any(Number) });
    expect(job.finished_at).toEqual(expect.any(String));
    // Without the header the same path answers at once, as before.
    const sync = await post('/v1/team-elo/calculate/', admin);
    expect(sync.statusCode).toBe(200);
    expect(sync.json()).toMatchObject({ updated_teams: expect.any(Number) });
  });

  it('checks the guard and the input before queueing', async () => {
    const before = (await get('/v1/jobs/', admin)).json().count;
    expect((await post('/v1/team-elo/recalculate/', { ...admin, ...async })).statusCode).toBe(403);
    expect((await post('/v1/matches/update/', { ...admin, ...async }, { match_ids: ['not-a-uuid'] })).statusCode).toBe(400);
    expect((await post('/v1/team-elo/calculate/', async)).statusCode).toBe(401);
    expect((await get('/v1/jobs/', admin)).json().count).toBe(before);
    expect((await post('/v1/team-elo/recalculate/', { ...owner, ...async })).statusCode).toBe(202);
  });

  it('records a failed job with the reason', async () => {
    const missing = '00000000-0000-4000-8000-000000000999';
    const { job_id } = (await post('/v1/matches/update/', { ...admin, ...async }, { match_ids: [missing] })).json();
    const job = await finished(job_id);
    expect(job).toMatchObject({ state: 'failed', errors: [{ item: null, reason: `Match not found: ${missing}` }], result: null });
  });

  it('starts a tool through admin.jobs.start, taking a body as large as an import preview', async () => {
    // Unknown keys are dropped by the tool's schema; the padding only makes the body large.
    const input = { only_default_elo: true, padding: 'x'.repeat(200 * 1024) };
    const started = await app.inject({ method: 'POST', url: '/trpc/admin.jobs.start', headers: admin, payload: { kind: 'calculate_team_elo', input } });
    expect(started.statusCode).toBe(200);
    const { job_id } = started.json().result.data;
    expect(await finished(job_id)).toMatchObject({ kind: 'calculate_team_elo', state: 'done', created_by: { id: t.admin.id } });
  });

  it('lists jobs newest first, paged', async () => {
    const list = (await get('/v1/jobs/?page_size=2', admin)).json();
    expect(list.results).toHaveLength(2);
    expect(list.count).toBeGreaterThanOrEqual(3);
    const times = list.results.map((job: { created_at: string }) => Date.parse(job.created_at));
    expect(times[0]).toBeGreaterThanOrEqual(times[1]);
    expect((await get('/v1/jobs/', {})).statusCode).toBe(401);
    expect((await get('/v1/jobs/00000000-0000-4000-8000-000000000998/', admin)).statusCode).toBe(404);
  });

  it("cancels a queued job, refuses to cancel one that ended, and leaves an owner-only tool's job to an owner", async () => {
    // A process that only enqueues: nothing here runs the job before it is cancelled.
    await queue.stop();
    await enqueueOnly.start({ worker: false });
    appWithoutWorker = await buildApp({ db: t.database.db, config: t.config, jobs: enqueueOnly, logger: false });
    const accepted = await appWithoutWorker.inject({ method: 'POST', url: '/v1/team-elo/calculate/', headers: { ...admin, ...async }, payload: {} });
    const { job_id } = accepted.json();
    const cancelled = await appWithoutWorker.inject({ method: 'POST', url: `/v1/jobs/${job_id}/cancel/`, headers: admin });
    expect(cancelled.statusCode).toBe(200);
    expect(cancelled.json()).toMatchObject({ id: job_id, state: 'cancelled' });

    // An owner-only tool's job is the owner's to stop: an admin's cancel is refused and changes nothing.
    const ownerJob = (await appWithoutWorker.inject({ method: 'POST', url: '/v1/team-elo/recalculate/', headers: { ...owner, ...async }, payload: {} })).json();
    const byAdmin = await appWithoutWorker.inject({ method: 'POST', url: `/v1/jobs/${ownerJob.job_id}/cancel/`, headers: admin });
    expect(byAdmin.statusCode).toBe(403);
    expect((await get(`/v1/jobs/${ownerJob.job_id}/`, admin)).json()).toMatchObject({ state: 'queued', cancel_requested_at: null });
    const byOwner = await appWithoutWorker.inject({ method: 'POST', url: `/v1/jobs/${ownerJob.job_id}/cancel/`, headers: owner });
    expect(byOwner.json()).toMatchObject({ state: 'cancelled' });

    const done = (await get('/v1/jobs/?page_size=100', admin)).json().results.find((job: { state: string }) => job.state === 'done');
    const refused = await appWithoutWorker.inject({ method: 'POST', url: `/v1/jobs/${done.id}/cancel/`, headers: admin });
    expect(refused.statusCode).toBe(409);
  });
});
