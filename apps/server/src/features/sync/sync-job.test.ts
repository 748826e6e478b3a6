import { createDatabase, type DatabaseHandle, selectMatchesWithElo } from '@campus-elo/db';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { faceitMatch } from '../../../test-support/fakes';
import { buildApp } from '../../app';
import { loadConfig } from '../../config';
import { adminHeaders, importFaceitChampionship, secondsFromNow, setUpImports, type ImportsTestSetup } from '../imports/testing';
import { JobQueue } from '../jobs/queue';
import { schedulePlatformSync } from './platform-sync';

let setup: ImportsTestSetup;
let queue: JobQueue;
let app: FastifyInstance;
let admin: Record<string, string>;
const quiet = { info: () => {}, warn: () => {} };

const base = { championshipId: 'sync-job-cup', championshipName: 'Sync Job Cup', team1: 'Job North', team2: 'Job South', scheduledAt: secondsFromNow(1 / 48) } as const;
const jobMatch = (status: 'SCHEDULED' | 'FINISHED', score?: [number, number]) => faceitMatch({ ...base, matchId: '1-sync-job', status, score });

/** One replica's server parts on `handle`: its job queue (with a worker) and its sync timer, every second. */
async function startReplica(handle: Pick<DatabaseHandle, 'db' | 'kind' | 'pglite'>) {
  const config = loadConfig({
    FACEIT_API_BASE: setup.faceit.url,
    FACEIT_API_KEY: setup.faceit.apiKey,
    LEAGUESPOT_API_BASE: setup.leaguespot.url,
    PLATFORM_TIMEOUT_MS: '10000',
    LOG_LEVEL: 'silent',
    SYNC_INTERVAL_SECONDS: '1',
  });
  const jobs = new JobQueue({ db: handle.db, config, kind: handle.kind }, handle, quiet);
  await jobs.start();
  const schedule = schedulePlatformSync({ db: handle.db, config, kind: handle.kind, jobs }, quiet);
  return {
    jobs,
    async stop() {
      await schedule.stop();
      await jobs.stop();
    },
  };
}

const matchRow = () => selectMatchesWithElo(setup.database.db).selectAll().where('external_id', '=', '1-sync-job').executeTakeFirstOrThrow();
const eloOf = async (teamId: string) => (await setup.database.db.selectFrom('teams').select('elo').where('id', '=', teamId).executeTakeFirstOrThrow()).elo;
const syncJobs = () => setup.database.db.selectFrom('jobs').select(['id', 'state', 'result']).where('kind', '=', 'sync').orderBy('created_at').execute();

beforeAll(async () => {
  setup = await setUpImports();
  await importFaceitChampionship(setup, { id: base.championshipId, name: base.championshipName }, [jobMatch('SCHEDULED')]);
  queue = new JobQueue({ db: setup.database.db, config: setup.config, kind: setup.database.kind }, setup.database, quiet);
  await queue.start({ worker: false });
  app = await buildApp({ db: setup.database.db, config: setup.config, jobs: queue, logger: false });
  admin = await adminHeaders(setup, app);
}, 60_000);
afterAll(async () => {
  await app?.close();
  await queue?.stop();
  await setup?.close();
});

describe('the scheduled sync as a job', () => {
  it('queues the due run as a sync job, which brings a match finishing on Faceit into the database, moving Elo once', async () => {
    const before = await matchRow();
    const [elo1, elo2] = [await eloOf(before.team1_id), await eloOf(before.team2_id)];
    setup.faceit.setMatch(jobMatch('FINISHED', [2, 1]));

    const replica = await startReplica(setup.database);
    try {
      await vi.waitFor(async () => expect(await matchRow()).toMatchObject({ status: 'completed', score_team1: 2, score_team2: 1 }), { timeout: 20_000, interval: 100 });
      await vi.waitFor(async () => expect((await syncJobs()).some((job) => job.state === 'done')).toBe(true), { timeout: 10_000, interval: 100 });
    } finally {
      await replica.stop();
    }

    // Staff see the run in the Jobs list: started by nobody (the schedule), with each platform's part.
    const list = await app.inject({ method: 'GET', url: '/v1/jobs/?page_size=100', headers: admin });
    expect(list.statusCode).toBe(200);
    const runs = (list.json() as { results: { kind: string; result: { platforms?: { updated?: number }[] } | null }[] }).results.filter((job) => job.kind === 'sync');
    const updating = runs.find((job) => job.result?.platforms?.[0]?.updated === 1);
    expect(updating).toMatchObject({
      kind: 'sync',
      state: 'done',
      created_by: null,
      // One item per platform, the skipped one included.
      progress: { done: 2, total: 2, errors: 0 },
      errors: [],
      result: { ran: true, platforms: [{ platform: 'faceit', checked: 1, updated: 1, errors: 0, rate_limited: false }, { platform: 'leaguespot', skipped: 'no_api_key' }], not_before: null },
    });

    const completed = await matchRow();
    expect(completed).toMatchObject({ winner_id: completed.team1_id, elo_applied: true });
    expect(await eloOf(completed.team1_id)).toBe(elo1 + completed.team1_elo_change!);
    expect(await eloOf(completed.team2_id)).toBe(elo2 + completed.team2_elo_change!);
  });

  it('runs in place, with no job to list, while no platform has a key', async () => {
    const { db } = setup.database;
    await db.updateTable('platform_sync').set({ last_started_at: null, last_finished_at: null }).execute();
    // A sync job the last test's timer left queued would hold the run back (no worker runs here).
    await db.updateTable('jobs').set({ state: 'cancelled' }).where('kind', '=', 'sync').where('state', '=', 'queued').execute();
    const jobsBefore = (await syncJobs()).length;
    const config = loadConfig({ LOG_LEVEL: 'silent', SYNC_INTERVAL_SECONDS: '1' });
    const schedule = schedulePlatformSync({ db, config, kind: setup.database.kind, jobs: queue }, quiet);
    try {
      await vi.waitFor(async () => expect((await db.selectFrom('platform_sync').select('last_finished_at').executeTakeFirstOrThrow()).last_finished_at).not.toBeNull(), {
        timeout: 10_000,
        interval: 100,
      });
    } finally {
      await schedule.stop();
    }
    expect((await db.selectFrom('platform_sync').select('last_result').executeTakeFirstOrThrow()).last_result).toEqual([
      { platform: 'faceit', skipped: 'no_api_key' },
      { platform: 'leaguespot', skipped: 'no_api_key' },
    ]);
    expect((await syncJobs()).length).toBe(jobsBefore);
  });

  it('refuses to start a sync job for a caller: the schedule alone queues it', async () => {
    const started = await app.inject({ method: 'POST', url: '/trpc/admin.jobs.start', headers: admin, payload: { kind: 'sync', input: {} } });
    expect(started.statusCode).toBe(400);
  });
});

describe.skipIf(!process.env.DATABASE_URL)('the sync on two replicas (PostgreSQL)', () => {
  it('never runs it on both at once, however often their timers queue it', async () => {
    const { db } = setup.database;
    await importFaceitChampionship(setup, { id: 'sync-replicas', name: 'Sync Replicas' }, [faceitMatch({ ...base, championshipId: 'sync-replicas', matchId: '1-sync-replicas', status: 'SCHEDULED' })]);
    await db.deleteFrom('jobs').where('kind', '=', 'sync').execute();
    await db.updateTable('platform_sync').set({ last_started_at: null, not_before: null }).execute();
    // Each run waits on Faceit long enough for the other replica's timer and worker to try one beside it.
    setup.faceit.fault({ path: '/matches/1-sync-replicas', delayMs: 2_500 });
    const callsBefore = setup.faceit.requests.length;

    const second = createDatabase({ databaseUrl: setup.database.url!, poolSize: 5 });
    const replicas = [await startReplica(setup.database), await startReplica(second)];
    try {
      await vi.waitFor(
        async () => {
          const results = (await syncJobs()).map((job) => job.result as { ran: boolean; reason?: string } | null);
          expect(results.filter((result) => result?.ran).length).toBeGreaterThanOrEqual(2);
          expect(results.some((result) => result?.reason === 'running_elsewhere')).toBe(true);
        },
        { timeout: 40_000, interval: 250 },
      );
    } finally {
      await Promise.all(replicas.map((replica) => replica.stop()));
      await second.close();
      setup.faceit.clearFaults();
    }

    // Faceit saw the runs one after another: no call began before the one before it was answered.
    const calls = setup.faceit.requests.slice(callsBefore).filter((request) => request.path === '/matches/1-sync-replicas');
    expect(calls.length).toBeGreaterThanOrEqual(2);
    for (const [index, call] of calls.entries()) {
      if (index > 0) expect(call.receivedAt).toBeGreaterThanOrEqual(calls[index - 1]!.answeredAt!);
    }
  }, 60_000);
});
