import { randomUUID } from 'node:crypto';
import type { JobKind } from '@campus-elo/api-contract';
import type { DatabaseHandle } from '@campus-elo/db';
import { CompiledQuery, sql } from 'kysely';
import PgBoss from 'pg-boss';
import { DomainError } from '../../lib/errors';
import { claimJob, JobRun, type FailedItem, type JobLogger } from './job-run';
import { JOB_KINDS, type JobDeps } from './kinds';
import { releaseStaleJobs, SUPERSEDED_REASON } from './reclaim';

/**
 * Three lanes, each a pg-boss queue of its own with its own workers, so none waits behind
 * another's jobs: staff's tools (a Recalculate All takes minutes), the scheduled sync, and
 * FACEIT webhook refreshes (a flood of them for one failing match must not delay the sync).
 * `workers`: how many of the lane's jobs one process runs at once. The sync keeps the name
 * the server's one queue had, so a run queued before an upgrade still runs
 * (docs/decisions/0076-webhook-refreshes-coalesced-in-their-own-lane.md).
 */
const LANES = {
  staff: { queue: 'staff-tools', workers: 1 },
  sync: { queue: 'server-jobs', workers: 1 },
  // One at a time: a match's waiting refresh never starts beside its running one in this process.
  refresh: { queue: 'webhook-refreshes', workers: 1 },
} as const;
type QueueName = (typeof LANES)[keyof typeof LANES]['queue'];
/**
 * The server's own recurring work that staff need not see (no jobs row): each a pg-boss queue
 * of policy 'stately', so across all replicas at most one turn waits and one runs; any
 * replica's worker takes it (docs/decisions/0099-web-push-follows.md).
 */
const SERVER_TASKS = { push: 'push-notifications' } as const;
export type ServerTask = keyof typeof SERVER_TASKS;
/** A job's lane: its starter's tools; of the server's own jobs (no starter), the sync or a webhook's refresh. */
const queueFor = (kind: JobKind, createdBy: string | null): QueueName => LANES[createdBy !== null ? 'staff' : kind === 'sync' ? 'sync' : 'refresh'].queue;

/** How often, and how soon, a failed run is tried again (later each time: pg-boss's backoff doubles the delay). */
export type RetryPolicy = Required<Pick<PgBoss.SendOptions, 'retryDelay' | 'retryLimit'>>;
/** A failure that is not the input's fault (a platform down, the database away) is tried again, later each time. */
const RETRY: RetryPolicy = { retryLimit: 2, retryDelay: 10 };
/**
 * A webhook's refresh: the first retry within seconds, since the match is live, then
 * doubling, for about two minutes in all (2 + 4 + … + 64 s), so a FACEIT outage of a minute
 * still ends with the result; then the job fails and the scheduled sync carries on.
 */
const REFRESH_RETRY: RetryPolicy = { retryLimit: 6, retryDelay: 2 };
/**
 * A backstop only: a dead process's job is found by its stale heartbeat (reclaim.ts); this
 * catches one whose release was itself cut short.
 */
const EXPIRE_IN_SECONDS = 30 * 60;
/** Failures no retry can fix. */
const PERMANENT_FAILURES = new Set(['invalid', 'not_found', 'conflict', 'unprocessable', 'forbidden', 'too_large']);
/**
 * A coalesced job waiting this long lost its queue entry (its process died between the
 * jobs row and pg-boss's): it is failed, so its key takes new jobs again. Far above a
 * refresh's two minutes of retries.
 */
const LOST_WAITING_JOB_MINUTES = 60;
/** Enqueue tries while the job a key waits on keeps starting just as it is read. */
const COALESCE_TRIES = 3;

/** Heartbeats per stale period: a worker is taken for dead only after missing several. */
const HEARTBEATS_PER_STALE_PERIOD = 6;
/** pg-boss states in which a job will be fetched again. */
const PENDING_BOSS_STATES = new Set(['created', 'retry']);
/** A second queued job of one coalesce key: the database's unique index refused it. */
const isCoalesceConflict = (error: unknown): boolean => typeof error === 'object' && error !== null && (error as { code?: unknown }).code === '23505';

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
      // pg-boss sends some writes as one text with BEGIN ... COMMIT (createQueue): when one fails
      // (a deadlock), the session is left in the aborted transaction and must not go back to the
      // pool so, where every later statement on it would fail.
      return handle.db.connection().execute(async (connection) => {
        try {
          return { rows: (await connection.executeQuery(CompiledQuery.raw(text, values))).rows };
        } catch (error) {
          await connection.executeQuery(CompiledQuery.raw('ROLLBACK')).catch(() => undefined);
          throw error;
        }
      });
    },
  };
}

/** The session lock that lets one process at a time set pg-boss up (JobQueue.start). */
const START_LOCK = sql`hashtext('campus-elo.job-queue-start')`;

/**
 * The background job queue: staff tools enqueued with 'Prefer: respond-async', the scheduled
 * sync and webhook refreshes run here, each in its lane, on whichever replica fetches them
 * first (pg-boss locks each job with SKIP LOCKED). The jobs
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
  private working = false;
  private readonly refreshRetry: RetryPolicy;

  /** `refreshRetry`: a webhook refresh's retries, when not the usual (tests wait seconds, not minutes). */
  constructor(
    private readonly deps: JobDeps,
    private readonly handle: Pick<DatabaseHandle, 'db' | 'kind' | 'pglite'>,
    private readonly log: JobLogger,
    options: { refreshRetry?: RetryPolicy } = {},
  ) {
    this.refreshRetry = options.refreshRetry ?? REFRESH_RETRY;
    // pg-boss's own typing wants its full IDatabase; executeSql is all it calls.
    this.boss = new PgBoss({ db: bossDatabase(handle) as unknown as PgBoss.ConstructorOptions['db'] });
    // Errors of its timers (the database away) must never end the process.
    this.boss.on('error', (error) => this.log.warn({ err: error }, 'job queue error'));
  }

  /**
   * Replicas starting together on a new database would each create pg-boss's schema and the
   * queues they find missing, and one's CREATE could deadlock with or collide with another's
   * and end that process. On PostgreSQL a session advisory lock, held on a connection of its
   * own, lets them set up in turn; the embedded engine has one process and one connection.
   */
  private async oneProcessAtATime(setUp: () => Promise<void>): Promise<void> {
    if (this.handle.kind === 'pglite') return setUp();
    await this.handle.db.connection().execute(async (connection) => {
      await sql`SELECT pg_advisory_lock(${START_LOCK})`.execute(connection);
      try {
        await setUp();
      } finally {
        await sql`SELECT pg_advisory_unlock(${START_LOCK})`.execute(connection);
      }
    });
  }

  /** `worker: false`: this process only enqueues (and cancels); others run the jobs. */
  async start(options: { worker?: boolean } = {}): Promise<void> {
    await this.oneProcessAtATime(async () => {
      await this.boss.start();
      for (const { queue } of Object.values(LANES)) if (!(await this.boss.getQueue(queue))) await this.boss.createQueue(queue);
      for (const queue of Object.values(SERVER_TASKS)) if (!(await this.boss.getQueue(queue))) await this.boss.createQueue(queue, { name: queue, policy: 'stately' });
    });
    this.working = options.worker !== false;
    if (options.worker === false) return;
    // A job whose process died before this one started is handed back at once, later ones within half the stale period.
    await this.reclaimStale();
    this.reclaimTimer = setInterval(() => void this.reclaimStale(), this.deps.config.jobStaleAfterMs / 2);
    for (const { queue, workers } of Object.values(LANES)) {
      for (let worker = 0; worker < workers; worker += 1) {
        await this.boss.work<QueuedData>(queue, { includeMetadata: true, batchSize: 1, pollingIntervalSeconds: 1 }, ([job]) => (job ? this.run(job) : Promise.resolve()));
      }
    }
  }

  /**
   * Runs `handler` for each turn of `task` queued by any replica (features/push/send.ts);
   * without a worker (start({worker: false})) nothing here runs them.
   */
  async workServerTask(task: ServerTask, handler: () => Promise<void>): Promise<void> {
    if (!this.working) return;
    await this.boss.work(SERVER_TASKS[task], { batchSize: 1, pollingIntervalSeconds: 1 }, () => handler());
  }

  /** Queues a turn of `task`; while one already waits, this adds none (the queue's policy). */
  async queueServerTask(task: ServerTask): Promise<void> {
    // A failed turn is not retried: the next one comes with the timer.
    await this.boss.send(SERVER_TASKS[task], {}, { retryLimit: 0, expireInSeconds: 5 * 60 });
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
   * accepted; answers the job id. With a `coalesceKey`, a job of that key already waiting
   * (not yet started, or waiting for a retry) is answered instead of queueing another; one
   * that is running does not count, so a reason to run again that comes meanwhile is not lost.
   */
  async enqueue(kind: JobKind, input: unknown, user: { id: string } | null, options: { coalesceKey?: string } = {}): Promise<string> {
    const stored = { ...(input as Record<string, unknown>) };
    for (const field of JOB_KINDS[kind].secretFields ?? []) if (field in stored) stored[field] = '(not stored)';
    const createdBy = user?.id ?? null;
    const queue = queueFor(kind, createdBy);
    for (let tries = 0; tries < COALESCE_TRIES; tries += 1) {
      const id = randomUUID();
      // Without a key (null) the unique index never applies.
      const inserted = await this.deps.db
        .insertInto('jobs')
        .values({ id, kind, input: JSON.stringify(stored), created_by: createdBy, coalesce_key: options.coalesceKey ?? null, progress: JSON.stringify({ done: 0, total: 1, errors: 0 }) })
        .onConflict((oc) => oc.column('coalesce_key').where('state', '=', 'queued').doNothing())
        .returning('id')
        .executeTakeFirst();
      if (inserted) {
        await this.send(queue, id, { kind, input, userId: createdBy });
        return id;
      }
      const waiting = await this.waitingJob(options.coalesceKey!);
      if (waiting) return waiting;
      // The waiting job started (or ended) between the two statements: this one waits instead.
    }
    throw new Error(`The job queue could not queue ${kind}: its coalesce key kept changing hands`);
  }

  private async send(queue: QueueName, id: string, data: QueuedData): Promise<void> {
    const retry = queue === LANES.refresh.queue ? this.refreshRetry : RETRY;
    try {
      await this.boss.send(queue, data, { id, ...retry, retryBackoff: true, expireInSeconds: EXPIRE_IN_SECONDS });
    } catch (error) {
      await this.deps.db.deleteFrom('jobs').where('id', '=', id).execute();
      throw error;
    }
  }

  /** The job of `key` waiting to run, if any; one waiting for over an hour is failed as lost. */
  private async waitingJob(key: string): Promise<string | undefined> {
    await this.deps.db
      .updateTable('jobs')
      .set({ state: 'failed', finished_at: sql<Date>`now()`, errors: JSON.stringify([{ item: null, reason: 'It never left the queue (lost); a newer job replaced it' }]) })
      .where('coalesce_key', '=', key)
      .where('state', '=', 'queued')
      .where('created_at', '<', sql<Date>`now() - make_interval(mins => ${LOST_WAITING_JOB_MINUTES})`)
      .execute();
    const waiting = await this.deps.db.selectFrom('jobs').select('id').where('coalesce_key', '=', key).where('state', '=', 'queued').executeTakeFirst();
    return waiting?.id;
  }

  /** Drops a job cancelled while queued (queries.ts, cancelJob) from pg-boss's queue too. */
  async forget(id: string, kind: JobKind, createdBy: string | null): Promise<void> {
    await this.boss.cancel(queueFor(kind, createdBy), id);
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
    const errors = [...run.failed, { item: null, reason }];
    if (final) {
      await run.end({ state: 'failed', errors });
      return;
    }
    // Thrown, pg-boss retries it with backoff; not when a newer job of its key waits, which runs instead.
    if ((await this.backToQueue(run, errors)) !== 'superseded') throw error;
  }

  /**
   * A run's row back to 'queued' for another try; a coalesced job whose key already has a
   * job waiting (queued while this one ran) ends 'failed' instead, and the waiting one runs.
   * 'not_ours': the row is another run's now.
   */
  private async backToQueue(run: JobRun, errors: FailedItem[]): Promise<'queued' | 'superseded' | 'not_ours'> {
    try {
      return (await run.end({ state: 'queued', errors })) ? 'queued' : 'not_ours';
    } catch (error) {
      if (!isCoalesceConflict(error)) throw error;
      await run.end({ state: 'failed', errors: [...errors, { item: null, reason: SUPERSEDED_REASON }] });
      return 'superseded';
    }
  }

  /** Hands running jobs whose worker is gone back to pg-boss; never throws, one scan at a time. */
  private reclaimStale(): Promise<void> {
    this.reclaiming ??= (async () => {
      try {
        for (const job of await releaseStaleJobs(this.deps.db, this.deps.config.jobStaleAfterMs, [...this.runs.keys()])) {
          this.log.warn({ jobId: job.id, state: job.state }, 'job of a stopped worker released');
          const queue = queueFor(job.kind, job.created_by);
          if (job.state === 'queued') {
            // pg-boss's own retry runs it again.
            await this.boss.fail(queue, job.id, { message: 'The worker running it stopped' });
            await this.failIfNotRequeued(job.id, queue);
          } else {
            await this.boss.cancel(queue, job.id);
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
    if ((await this.backToQueue(run, run.failed)) === 'queued') await this.failIfNotRequeued(run.id, queue);
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
