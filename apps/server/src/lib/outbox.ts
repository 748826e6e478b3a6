/**
 * The sending side of an outbox: rows a trigger queues in the writer's transaction, sent by a
 * timer that runs in every replica (features/discord/posts.ts, features/push/send.ts; the
 * claims that keep two replicas from sending one row twice are each table's own).
 */

/**
 * Runs `turn` every `intervalMs`, the next wait starting when a turn ends, so turns never
 * overlap in this process. A failed turn goes to `onError` and the timer goes on. The timer
 * does not keep the process alive; `stop` ends it and waits for a turn under way.
 */
export function repeatTurns(intervalMs: number, turn: () => Promise<unknown>, onError: (error: unknown) => void): { stop(): Promise<void> } {
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<void> | undefined;
  let stopped = false;
  const schedule = () => {
    if (stopped) return;
    timer = setTimeout(() => {
      running = turn()
        .then(() => undefined)
        .catch(onError)
        .finally(() => {
          running = undefined;
          schedule();
        });
    }, intervalMs);
    timer.unref();
  };
  schedule();
  return {
    async stop() {
      stopped = true;
      clearTimeout(timer);
      await running;
    },
  };
}

/**
 * The wait before try `attempt + 1` of a delivery that failed for the `attempt`th time: what
 * the receiver asked (Retry-After) when it did, else `firstMs` doubled each time, at most `maxMs`.
 */
export function retryDelayMs(attempt: number, policy: { firstMs: number; maxMs: number }, retryAfterMs?: number): number {
  return retryAfterMs ?? Math.min(policy.firstMs * 2 ** (attempt - 1), policy.maxMs);
}
