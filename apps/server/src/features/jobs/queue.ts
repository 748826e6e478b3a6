import { randomUUID } from 'node:crypto';
import type { JobKind } from '@campus-elo/api-contract';
import type { DatabaseHandle } from '@campus-elo/db';
import { CompiledQuery } from 'kysely';
import PgBoss from 'pg-boss';
import { DomainError } from '../../lib/errors';
import { JOB_KINDS, type JobDeps } from './kinds';

const QUEUE = 'staff-tools';
/** A failure that is not the input's fault (a platform down, the database away) is tried again, later each time. */
const RETRY = { retryLimit: 2, retryDelay: 10, retryBackoff: true } as const;
/** A job whose process died is picked up again after this. */
const EXPIRE_IN_SECONDS = 30 * 60;
/** Failures no retry can fix. */
const PERMANENT_FAILURES = new Set(['invalid', 'not_found', 'conflict', 'unprocessable', 'forbidden', 'too_large']);

interface Logger {
  warn(details: object, message: string): void;
}

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
 * table holds what staff see; pg-boss holds the queue, the retries and the expiry that hands
 * a dead process's job to another.
 */
export class JobQueue {
  private readonly boss: PgBoss;

  constructor(
    private readonly deps: JobDeps,
    handle: Pick<DatabaseHandle, 'db' | 'kind' | 'pglite'>,
    private readonly log: Logger,
  ) {
    // pg-boss's own typing wants its full IDatabase; executeSql is all it calls.
    this.boss = new PgBoss({ db: bossDatabase(handle) as unknown as PgBoss.ConstructorOptions['db'] });
    // Errors of its timers (the database away) must never end the process.
    this.boss.on('error', (error) => this.log.warn({ err: error }, 'job queue error'));
  }

  /** `worker: false`: this process only enqueues (and cancels); others run the jobs. */
  async start(options: { worker?: boolean } = {}): Promise<void> {
    await this.boss.start();
    if (!(await this.boss.getQueue(QUEUE))) await this.boss.createQueue(QUEUE);
    if (options.worker === false) return;
    await this.boss.work<QueuedData>(QUEUE, { includeMetadata: true, batchSize: 1, pollingIntervalSeconds: 1 }, ([job]) => (job ? this.run(job) : Promise.resolve()));
  }

  async stop(): Promise<void> {
    await this.boss.stop({ graceful: true, wait: true, timeout: 10_000 });
  }

  /**
   * Queues a tool run for `user` (null: the server itself) with an input its schema already
   * accepted; answers the job id. `retry` overrides the usual first retry delay.
   */
  async enqueue(kind: JobKind, input: unknown, user: { id: string } | null, retry: Pick<PgBoss.SendOptions, 'retryDelay'> = {}): Promise<string> {
    const id = randomUUID();
    const stored = { ...(input as Record<string, unknown>) };
    for (const field of JOB_KINDS[kind].secretFields ?? []) if (field in stored) stored[field] = '(not stored)';
    await this.deps.db
      .insertInto('jobs')
      .values({ id, kind, input: JSON.stringify(stored), created_by: user?.id ?? null, progress: JSON.stringify({ done: 0, total: 1, errors: 0 }) })
      .execute();
    try {
      await this.boss.send(QUEUE, { kind, input, userId: user?.id ?? null } satisfies QueuedData, { id, ...RETRY, ...retry, expireInSeconds: EXPIRE_IN_SECONDS });
    } catch (error) {
      await this.deps.db.deleteFrom('jobs').where('id', '=', id).execute();
      throw error;
    }
    return id;
  }

  /** Drops a job cancelled in the jobs table (cancelQueuedJob) from pg-boss's queue too. */
  async forget(id: string): Promise<void> {
    await this.boss.cancel(QUEUE, id);
  }

  private async run(job: PgBoss.JobWithMetadata<QueuedData>): Promise<void> {
    const { db } = this.deps;
    // Claimed only while queued: a cancelled job, or one already done before a crash, is not run again.
    const claimed = await db
      .updateTable('jobs')
      .set({ state: 'running', started_at: new Date() })
      .where('id', '=', job.id)
      .where('state', '=', 'queued')
      .returning('id')
      .executeTakeFirst();
    if (!claimed) {
      const current = await db.selectFrom('jobs').select('state').where('id', '=', job.id).executeTakeFirst();
      // A job whose process died while running is run again: its tool's transaction never committed.
      if (current?.state !== 'running') return;
    }
    const definition = JOB_KINDS[job.data.kind];
    try {
      const input = definition.input.parse(job.data.input);
      const result = await definition.run(this.deps, input, job.data.userId ? { id: job.data.userId } : null);
      const errors = definition.errorCount?.(result as never) ?? 0;
      const failedItems = definition.failedItems?.(result as never) ?? [];
      await db
        .updateTable('jobs')
        .set({ state: 'done', result: JSON.stringify(result), progress: JSON.stringify({ done: 1, total: 1, errors }), errors: JSON.stringify(failedItems), finished_at: new Date() })
        .where('id', '=', job.id)
        .execute();
    } catch (error) {
      const reason = error instanceof Error ? error.message : String(error);
      const permanent = error instanceof DomainError && PERMANENT_FAILURES.has(error.kind);
      const final = permanent || job.retryCount >= job.retryLimit;
      await db
        .updateTable('jobs')
        .set({
          state: final ? 'failed' : 'queued',
          errors: JSON.stringify([{ item: null, reason }]),
          progress: JSON.stringify({ done: final ? 1 : 0, total: 1, errors: 1 }),
          finished_at: final ? new Date() : null,
        })
        .where('id', '=', job.id)
        .execute();
      // Thrown, pg-boss retries it with backoff.
      if (!final) throw error;
    }
  }
}
