/**
 * What a long staff tool tells whoever runs it as a background job (features/jobs/job-run.ts):
 * items done of total as it goes, each failed item with its reason, and the signal it looks
 * at between items to stop early. The synchronous endpoints pass none of it.
 */
export interface ToolProgress {
  onProgress?(done: number, total: number): void;
  onItemFailed?(item: string, reason: string): void;
  /** Aborted when the job is cancelled (or its run was handed to another worker). */
  signal?: AbortSignal;
}

/** Counts a tool's items, or the steps of a one-transaction tool, telling `progress` of each. */
export function progressCounter(progress: ToolProgress | undefined, total: number) {
  let done = 0;
  progress?.onProgress?.(done, total);
  return {
    /** One item ended; with `failure` when it failed. */
    settled(failure?: { item: string; reason: string }): void {
      done += 1;
      if (failure) progress?.onItemFailed?.(failure.item, failure.reason);
      progress?.onProgress?.(done, total);
    },
    /**
     * A step of a one-transaction tool ended. Throws once the run was stopped: the tool's
     * transaction rolls back, and nothing is written.
     */
    step(): void {
      done += 1;
      progress?.onProgress?.(done, total);
      progress?.signal?.throwIfAborted();
    },
  };
}
