import { MAX_LISTED_FAILURES, type JobState } from '@campus-elo/api-contract';
import type { Database } from '@campus-elo/db';
import { sql, type Kysely, type UpdateObject } from 'kysely';
import type { ToolProgress } from '../../lib/tool-progress';

/** Progress is written at most this often while a job runs, and once more at its end. */
const PROGRESS_WRITE_MS = 300;

export interface JobLogger {
  warn(details: object, message: string): void;
}

export interface FailedItem {
  item: string | null;
  reason: string;
}

/** Why a run was told to stop: staff cancelled it, or its claim went to another worker. */
export type StopReason = 'cancelled' | 'taken_over';

/** The abort reason of a stopped run, thrown by the tools that check their signal. */
export class RunStopped extends Error {
  constructor(readonly why: StopReason) {
    super(why === 'cancelled' ? 'The job was cancelled' : 'The job was handed to another worker');
  }
}

/**
 * Claims a queued job for one run: only from 'queued', so a cancelled job, one already
 * ended, or one another worker runs is never run here. Answers the run's attempt number,
 * which fences every later write of this run.
 */
export async function claimJob(db: Kysely<Database>, id: string): Promise<number | undefined> {
  const claimed = await db
    .updateTable('jobs')
    .set((eb) => ({ state: 'running', started_at: sql<Date>`now()`, heartbeat_at: sql<Date>`now()`, attempt: eb('attempt', '+', 1) }))
    .where('id', '=', id)
    .where('state', '=', 'queued')
    .returning('attempt')
    .executeTakeFirst();
  return claimed?.attempt;
}

/**
 * One claimed run of a job. It collects what the tool reports and writes it to the jobs row
 * at most every 300 ms and on each heartbeat, one write at a time, never awaited by the tool:
 * on the embedded database a write waits while the tool's transaction holds the one
 * connection. Each write also reads whether staff asked to cancel and whether the row is
 * still this run's; either way the run's signal aborts, and the tool stops at its next check.
 */
export class JobRun {
  done = 0;
  total = 1;
  errorCount = 0;
  readonly failed: FailedItem[] = [];
  private readonly controller = new AbortController();
  private readonly heartbeat: NodeJS.Timeout;
  private timer: NodeJS.Timeout | undefined;
  private writing: Promise<void> | undefined;
  private dirty = false;
  private ended = false;
  private lastWriteAt = 0;

  constructor(
    private readonly db: Kysely<Database>,
    readonly id: string,
    readonly attempt: number,
    heartbeatMs: number,
    private readonly log: JobLogger,
  ) {
    this.heartbeat = setInterval(() => void this.write(), heartbeatMs);
  }

  /** What the tool is given. */
  readonly progress: ToolProgress = {
    onProgress: (done, total) => {
      this.done = done;
      this.total = total;
      this.changed();
    },
    onItemFailed: (item, reason) => {
      this.errorCount += 1;
      if (this.failed.length < MAX_LISTED_FAILURES) this.failed.push({ item, reason });
      this.changed();
    },
    signal: this.controller.signal,
  };

  get stopReason(): StopReason | undefined {
    return this.controller.signal.aborted ? (this.controller.signal.reason as RunStopped).why : undefined;
  }

  stop(why: StopReason): void {
    if (!this.controller.signal.aborted) this.controller.abort(new RunStopped(why));
  }

  /** Stops the timers and waits for a write under way; the run's last word comes after. */
  async finish(): Promise<void> {
    this.ended = true;
    clearInterval(this.heartbeat);
    clearTimeout(this.timer);
    await this.writing;
  }

  /**
   * The run's last write (its end state, or its row back to 'queued'), only while the row is
   * still this run's; answers whether it was.
   */
  async end(values: { state: JobState; result?: unknown; errors: FailedItem[] }): Promise<boolean> {
    const ended = values.state !== 'queued';
    const written = await this.updateOwnRow({
      state: values.state,
      result: values.result === undefined ? null : JSON.stringify(values.result),
      errors: JSON.stringify(values.errors),
      progress: JSON.stringify({ done: this.done, total: this.total, errors: this.errorCount }),
      heartbeat_at: null,
      finished_at: ended ? sql<Date>`now()` : null,
    })
      .returning('id')
      .executeTakeFirst();
    return written !== undefined;
  }

  private updateOwnRow(values: UpdateObject<Database, 'jobs'>) {
    return this.db.updateTable('jobs').set(values).where('id', '=', this.id).where('attempt', '=', this.attempt).where('state', '=', 'running');
  }

  private changed(): void {
    this.dirty = true;
    // A write under way is followed by another once it ends (see write).
    if (this.ended || this.timer || this.writing) return;
    this.timer = setTimeout(
      () => {
        this.timer = undefined;
        void this.write();
      },
      Math.max(0, this.lastWriteAt + PROGRESS_WRITE_MS - Date.now()),
    );
  }

  /** Writes progress and the heartbeat unless a write is under way; never throws. */
  private write(): Promise<void> {
    if (this.writing) return this.writing;
    this.dirty = false;
    const progress = JSON.stringify({ done: this.done, total: this.total, errors: this.errorCount });
    const errors = JSON.stringify(this.failed);
    this.writing = (async () => {
      try {
        const row = await this.updateOwnRow({ progress, errors, heartbeat_at: sql<Date>`now()` })
          .returning('cancel_requested_at')
          .executeTakeFirst();
        if (!row) this.stop('taken_over');
        else if (row.cancel_requested_at) this.stop('cancelled');
      } catch (error) {
        // The database away: the next heartbeat tries again.
        this.log.warn({ err: error }, 'job progress not written');
      } finally {
        this.lastWriteAt = Date.now();
        this.writing = undefined;
        if (this.dirty) this.changed();
      }
    })();
    return this.writing;
  }
}
