import { randomUUID } from 'node:crypto';
import type { JobKind } from '@campus-elo/api-contract';
import type { DatabaseHandle } from '@campus-elo/db';
import { CompiledQuery } from 'kysely';
import PgBoss from 'pg-boss';
import { DomainError } from '../../lib/errors';
import { claimJob, JobRun, type JobLogger } from './job-run';
import { JOB_KINDS, type JobDeps } from './kinds';
import { releaseStaleJobs } from './reclaim';

/**
 * Staff's tools, and the server's own jobs (the scheduled sync, FACEIT webhook refreshes) on
 * a queue of their own: each queue runs one job at a time per process, so a tool taking
 * minutes never holds back a live score (docs/decisions/0067-sync-and-webhooks-through-the-job-queue.md).
 */
const QUEUES = { staff: 'staff-tools', server: 'server-jobs' } as const;
type QueueName = (typeof QUEUES)[keyof typeof QUEUES];
/** Which queue a job is on: its starter's, the server's when no one started it. */
const queueFor = (createdBy: string | null): QueueName => (createdBy === null ? QUEUES.server : QUEUES.staff);
/** A failure that is not the input's fault (a platform down, the database away) is tried again, later each time. */
const RETRY = { retryLimit: 2, retryDelay: 10, retryBackoff: true } as const;
/**
 * A backstop only: a dead process's job is found by its stale heartbeat (reclaim.ts); this
 * catches one whose release was itself cut short.
 */
const EXPIRE_IN_SECONDS = 30 * 60;
/** Failures no retry can fix. */
const PERMANENT_FAILURES = new Set(['invalid', 'not_found', 'conflict', 'unprocessable', 'forbidden', 'too_large']);
/** Heartbeats per stale period: a worker is taken for dead only after missing several. */
const HEARTBEATS_PER_STALE_PERIOD = 6;
/** pg-boss states in which a job will be fetched again. */
const PENDING_BOSS_STATES = new Set(['created', 'retry']);

interface QueuedData {
  kind: JobKind;
  input: unknown;
  userId: string | null;
}

/**
 * pg-boss runs the SQL through our own database handle (its `db.executeSql` option), so the
 * queue works the same on PostgreSQL and on the embedded engine. Only pg-boss's own scripts
 * (several statements, no parameters) need PGlite's `exec`; PostgreSQL takes them as they are.
 */
function bossDatabase(handle: Pick<DatabaseHandle, 'db' | 'kind' | 'pglite'>) {
  return {
    async executeSql(text: string, values: unknown[] = []) {
      const pglite = handle.pglite;
      if (handle.kind === 'pglite' && pglite && values.length === 0) {
        const results = await handle.db.connection().execute(() => pglite.exec(text));
        return { rows: results.at(-1)?.rows ?? [] };
      }
      const result = await handle.db.executeQuery(CompiledQuery.raw(text, values));
      return { rows: result.rows };
    },
  };
}

/**
 * The background job queue: staff tools enqueued with 'Prefer: respond-async' run here, on
 * whichever replica fetches them first (pg-boss locks each job with SKIP LOCKED). The jobs
 * table holds what staff see, written as the tool reports (job-run.ts); pg-boss holds the
 * queue and the retries. A running job's heartbeat lets any worker hand a dead process's
 * job back to pg-boss (reclaim.ts), and carries a cancel to the worker running it.
 */
export class JobQueue {
  private readonly boss: PgBoss;
  /** The runs under way in this process. */
  private readonly runs = new Map<string, { run: JobRun; queue: QueueName }>();
  private reclaimTimer: NodeJS.Timeout | undefined;
  private reclaiming: Promise<void> | undefined;

  constructor(
    private readonly deps: JobDeps,
    handle: Pick<DatabaseHandle, 'db' | 'kind' | 'pglite'>,
    private readonly log: JobLogger,
  ) {
    // pg-boss's own typing wants its full IDatabase; executeSql is all it calls.
    this.boss = new PgBoss({ db: bossDatabase(handle) as unknown as PgBoss.ConstructorOptions['db'] });
    // Errors of its timers (the database away) must never end the process.
    this.boss.on('error', (error) => this.log.warn({ err: error }, 'job queue error'));
  }

  /** `worker: false`: this process only enqueues (and cancels); others run the jobs. */
  async start(options: { worker?: boolean } = {}): Promise<void> {
    await this.boss.start();
    for (const queue of Object.values(QUEUES)) if (!(await this.boss.getQueue(queue))) await this.boss.createQueue(queue);
    if (options.worker === false) return;
    // A job whose process died before this one started is handed back at once, later ones within half the stale period.
    await this.reclaimStale();
    this.reclaimTimer = setInterval(() => void this.reclaimStale(), this.deps.config.jobStaleAfterMs / 2);
    for (const queue of Object.values(QUEUES)) {
      await this.boss.work<QueuedData>(queue, { includeMetadata: true, batchSize: 1, pollingIntervalSeconds: 1 }, ([job]) => (job ? this.run(job) : Promise.resolve()));
    }
  }

  async stop(): Promise<void> {
    clearInterval(this.reclaimTimer);
    await this.reclaiming;
    await this.boss.stop({ graceful: true, wait: true, timeout: 10_000 });
    // Runs still going after the grace period were failed back into pg-boss's queue by its
    // shutdown; their rows follow, so the next worker's claim takes them.
    await Promise.all([...this.runs.values()].map(({ run, queue }) => this.release(run, queue)));
  }

  /**
   * Queues a tool run for `user` (null: the server itself) with an input its schema already
   * accepted; answers the job id. `retry` overrides the usual first retry delay and number of retries.
   */
  async enqueue(kind: JobKind, input: unknown, user: { id: string } | null, retry: Pick<PgBoss.SendOptions, 'retryDelay' | 'retryLimit'> = {}): Promise<string> {
    const id = randomUUID();
    const stored = { ...(input as Record<string, unknown>) };
    for (const field of JOB_KINDS[kind].secretFields ?? []) if (field in stored) stored[field] = '(not stored)';
    await this.deps.db
      .insertInto('jobs')
      .values({ id, kind, input: JSON.stringify(stored), created_by: user?.id ?? null, progress: JSON.stringify({ done: 0, total: 1, errors: 0 }) })
      .execute();
    try {
      await this.boss.send(queueFor(user?.id ?? null), { kind, input, userId: user?.id ?? null } satisfies QueuedData, { id, ...RETRY, ...retry, expireInSeconds: EXPIRE_IN_SECONDS });
    } catch (error) {
      await this.deps.db.deleteFrom('jobs').where('id', '=', id).execute();
      throw error;
    }
    return id;
  }

  /** Drops a job cancelled while queued (queries.ts, cancelJob) from pg-boss's queue too. */
  async forget(id: string, createdBy: string | null): Promise<void> {
    await this.boss.cancel(queueFor(createdBy), id);
  }

  private async run(job: PgBoss.JobWithMetadata<QueuedData>): Promise<void> {
    const attempt = await claimJob(this.deps.db, job.id);
    // Not queued: cancelled, ended, or run by another worker.
    if (attempt === undefined) return;
    const run = new JobRun(this.deps.db, job.id, attempt, this.deps.config.jobStaleAfterMs / HEARTBEATS_PER_STALE_PERIOD, this.log);
    this.runs.set(job.id, { run, queue: job.name as QueueName });
    try {
      await this.runTool(job, run);
    } finally {
      await run.finish();
      this.runs.delete(job.id);
    }
  }

  private async runTool(job: PgBoss.JobWithMetadata<QueuedData>, run: JobRun): Promise<void> {
    let outcome: { result: unknown } | { error: unknown };
    try {
      const definition = JOB_KINDS[job.data.kind];
      const input = definition.input.parse(job.data.input);
      outcome = { result: await definition.run(this.deps, input, job.data.userId ? { id: job.data.userId } : null, run.progress) };
    } catch (error) {
      outcome = { error };
    }
    await run.finish();
    const stopped = run.stopReason;
    // Another worker runs the job now; its run writes the row.
    if (stopped === 'taken_over') return;
    if ('result' in outcome) {
      // A cancel that came after the last item came too late: the tool ran to its end.
      const cancelled = stopped === 'cancelled' && run.done < run.total;
      const note = `Cancelled after ${run.done} of ${run.total} items: what those brought was saved; the other ${run.total - run.done} were not started.`;
      await run.end({ state: cancelled ? 'cancelled' : 'done', result: outcome.result, errors: cancelled ? [...run.failed, { item: null, reason: note }] : run.failed });
      return;
    }
    if (stopped === 'cancelled') {
      // Every tool writes in one transaction, so one that stopped by throwing wrote nothing.
      await run.end({ state: 'cancelled', errors: [...run.failed, { item: null, reason: 'Cancelled while running; nothing was saved.' }] });
      return;
    }
    const { error } = outcome;
    const reason = error instanceof Error ? error.message : String(error);
    const permanent = error instanceof DomainError && PERMANENT_FAILURES.has(error.kind);
    const final = permanent || job.retryCount >= job.retryLimit;
    await run.end({ state: final ? 'failed' : 'queued', errors: [...run.failed, { item: null, reason }] });
    // Thrown, pg-boss retries it with backoff.
    if (!final) throw error;
  }

  /** Hands running jobs whose worker is gone back to pg-boss; never throws, one scan at a time. */
  private reclaimStale(): Promise<void> {
    this.reclaiming ??= (async () => {
      try {
        for (const job of await releaseStaleJobs(this.deps.db, this.deps.config.jobStaleAfterMs, [...this.runs.keys()])) {
          this.log.warn({ jobId: job.id, state: job.state }, 'job of a stopped worker released');
          if (job.state === 'cancelled') {
            await this.boss.cancel(queueFor(job.created_by), job.id);
          } else {
            // pg-boss's own retry runs it again.
            await this.boss.fail(queueFor(job.created_by), job.id, { message: 'The worker running it stopped' });
            await this.failIfNotRequeued(job.id, queueFor(job.created_by));
          }
        }
      } catch (error) {
        this.log.warn({ err: error }, 'stale jobs not reclaimed');
      } finally {
        this.reclaiming = undefined;
      }
    })();
    return this.reclaiming;
  }

  /** A run cut short by this process stopping: its row goes back to 'queued' for the next worker. */
  private async release(run: JobRun, queue: QueueName): Promise<void> {
    run.stop('taken_over');
    await run.finish();
    if (await run.end({ state: 'queued', errors: run.failed })) await this.failIfNotRequeued(run.id, queue);
  }

  /** A released job pg-boss will not run again (no tries left) is failed, not left queued. */
  private async failIfNotRequeued(id: string, queue: QueueName): Promise<void> {
    const queued = await this.boss.getJobById(queue, id);
    if (queued && PENDING_BOSS_STATES.has(queued.state)) return;
    await this.deps.db
      .updateTable('jobs')
      .set({ state: 'failed', errors: JSON.stringify([{ item: null, reason: 'The server running it stopped, and it has no tries left' }]), finished_at: new Date() })
      .where('id', '=', id)
      .where('state', '=', 'queued')
      .execute();
  }
}
