import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { faceitMatch, faceitWebhookDelivery, type FaceitWebhookTarget } from '../../../test-support/fakes';
import { buildApp } from '../../app';
import { importFaceitChampionship, secondsFromNow, setUpImports, type ImportsTestSetup } from '../imports/testing';
import { JobQueue } from '../jobs/queue';

// Issue 22: 100 deliveries for one failing match kept the server's one job queue busy for
// minutes and held back the scheduled sync (decision 0076).

const SECRET = 'flood-webhook-secret';
const cup = { id: 'flood-cup', name: 'Flood Cup' };
const cupMatch = (matchId: string, status: 'SCHEDULED' | 'FINISHED', score?: [number, number]) =>
  faceitMatch({ championshipId: cup.id, championshipName: cup.name, matchId, team1: 'Flood North', team2: 'Flood South', status, score, scheduledAt: secondsFromNow(1 / 48) });
/** Retries a second apart, two of them: the bound is reached within seconds. */
const REFRESH_RETRY = { retryDelay: 1, retryLimit: 2 };

let setup: ImportsTestSetup;
let queue: JobQueue;
let app: FastifyInstance;
let target: FaceitWebhookTarget;

const matchId = async (externalId: string) => (await setup.database.db.selectFrom('matches').select('id').where('external_id', '=', externalId).executeTakeFirstOrThrow()).id;
/** Every refresh job of the match, oldest first, found by its input (not by how the queue coalesces). */
const refreshJobs = async (externalId: string) =>
  setup.database.db
    .selectFrom('jobs')
    .select(['id', 'state', 'attempt', 'errors'])
    .where('kind', '=', 'update_matches')
    .where(sql<boolean>`input->'match_ids' @> ${JSON.stringify([await matchId(externalId)])}::jsonb`)
    .orderBy('created_at')
    .execute();
const jobState = async (id: string) => (await setup.database.db.selectFrom('jobs').select('state').where('id', '=', id).executeTakeFirstOrThrow()).state;
const faceitCallsFor = (externalId: string) => setup.faceit.requests.filter((request) => request.path === `/matches/${externalId}`).length;
const deliver = async (externalId: string) => {
  const answer = await setup.faceit.deliverWebhook(target, faceitWebhookDelivery('match_status_finished', cupMatch(externalId, 'FINISHED', [2, 0])));
  return { http: answer.status, ...(answer.body as { status: string; match_id: string | null; job_id: string | null }) };
};

beforeAll(async () => {
  // A held Faceit call must outlast the test's look at the queue, not time out under it.
  setup = await setUpImports({ env: { FACEIT_WEBHOOK_SECRET: SECRET, PLATFORM_TIMEOUT_MS: '60000' } });
  await importFaceitChampionship(setup, cup, [cupMatch('1-flood', 'SCHEDULED'), cupMatch('1-flood-retried', 'SCHEDULED')]);
  queue = new JobQueue({ db: setup.database.db, config: setup.config, kind: setup.database.kind }, setup.database, { warn: () => {} }, { refreshRetry: REFRESH_RETRY });
  await queue.start();
  app = await buildApp({ db: setup.database.db, config: setup.config, jobs: queue, logger: false });
  const base = await app.listen({ port: 0, host: '127.0.0.1' });
  target = { url: `${base}/v1/webhooks/faceit`, header: 'X-Webhook-Secret', secret: SECRET };
}, 60_000);
afterAll(async () => {
  await app?.close();
  await queue?.stop();
  await setup?.close();
});
afterEach(() => setup.faceit.clearFaults());

describe('a flood of FACEIT webhooks for one failing match', () => {
  it('queues one refresh, plus one for the deliveries that came while it ran; the sync runs meanwhile; retries stop at the bound; later deliveries are deferred', async () => {
    // Faceit fails on the match; its first call is held until the test lets it answer.
    let answerHeldCall!: () => void;
    setup.faceit.fault({ path: '/matches/1-flood', status: 500, times: 1, until: new Promise<void>((resolve) => (answerHeldCall = resolve)) });
    setup.faceit.fault({ path: '/matches/1-flood', status: 500 });
    const callsBefore = faceitCallsFor('1-flood');

    const first = await deliver('1-flood');
    expect(first).toMatchObject({ http: 200, status: 'queued', job_id: expect.any(String) });
    const running = first.job_id!;
    await vi.waitFor(async () => expect(await jobState(running)).toBe('running'), { timeout: 10_000, interval: 50 });

    // 99 more deliveries, each with its own event id, while the first refresh waits on Faceit.
    const answers = [];
    for (let delivery = 0; delivery < 99; delivery += 1) answers.push(await deliver('1-flood'));
    expect(answers.every((answer) => answer.http === 200 && answer.status === 'queued')).toBe(true);
    const waitingIds = new Set(answers.map((answer) => answer.job_id));
    expect(waitingIds.size).toBe(1);
    const [waiting] = [...waitingIds] as string[];
    expect(waiting).not.toBe(running);
    expect((await refreshJobs('1-flood')).map((job) => ({ id: job.id, state: job.state }))).toEqual([
      { id: running, state: 'running' },
      { id: waiting, state: 'queued' },
    ]);

    // The scheduled sync, queued after the flood, runs to its end while the refresh still holds Faceit.
    const sync = await queue.enqueue('sync', {}, null);
    await vi.waitFor(async () => expect(await jobState(sync)).toBe('done'), { timeout: 20_000, interval: 100 });
    expect(await jobState(running)).toBe('running');

    // Faceit answers (500). The running refresh does not retry: the waiting one runs instead,
    // and it fails after its two retries.
    answerHeldCall();
    await vi.waitFor(async () => expect((await refreshJobs('1-flood')).map((job) => job.state)).toEqual(['failed', 'failed']), { timeout: 30_000, interval: 200 });
    const [superseded, retried] = await refreshJobs('1-flood');
    expect(superseded).toMatchObject({ attempt: 1, errors: expect.arrayContaining([expect.objectContaining({ reason: expect.stringContaining('runs instead of a retry') })]) });
    expect(retried).toMatchObject({ id: waiting, attempt: REFRESH_RETRY.retryLimit + 1 });
    // pg-boss holds no further try of either.
    const boss = await sql<{ state: string }>`SELECT state FROM pgboss.job WHERE id IN (${sql.join([running, waiting])}) AND state IN ('created', 'retry', 'active')`.execute(setup.database.db);
    expect(boss.rows).toEqual([]);
    // The held call, the sync's, and the waiting refresh's three tries.
    expect(faceitCallsFor('1-flood') - callsBefore).toBe(1 + 1 + REFRESH_RETRY.retryLimit + 1);

    // Its last two refreshes failed: a further delivery queues nothing; the sync refreshes the match meanwhile.
    expect(await deliver('1-flood')).toEqual({ http: 200, status: 'deferred', match_id: await matchId('1-flood'), job_id: null });
    expect((await refreshJobs('1-flood')).length).toBe(2);
  }, 90_000);

  it('answers a delivery for a match whose refresh waits for a retry with that job, which then brings the result', async () => {
    setup.faceit.setMatch(cupMatch('1-flood-retried', 'FINISHED', [2, 0]));
    setup.faceit.fault({ path: '/matches/1-flood-retried', status: 500, times: 1 });
    const callsBefore = faceitCallsFor('1-flood-retried');

    const first = await deliver('1-flood-retried');
    const job = first.job_id!;
    // Its first try failed; it waits a second or two for the next.
    await vi.waitFor(async () => expect((await refreshJobs('1-flood-retried')).map(({ state, attempt }) => ({ state, attempt }))).toEqual([{ state: 'queued', attempt: 1 }]), { timeout: 10_000, interval: 20 });
    expect(await deliver('1-flood-retried')).toMatchObject({ http: 200, status: 'queued', job_id: job });

    await vi.waitFor(async () => expect(await jobState(job)).toBe('done'), { timeout: 15_000, interval: 100 });
    expect(await refreshJobs('1-flood-retried')).toHaveLength(1);
    expect(faceitCallsFor('1-flood-retried') - callsBefore).toBe(2);
    expect(await setup.database.db.selectFrom('matches').select(['status', 'score_team1', 'score_team2']).where('external_id', '=', '1-flood-retried').executeTakeFirstOrThrow()).toEqual({
      status: 'completed',
      score_team1: 2,
      score_team2: 0,
    });
  }, 40_000);
});
