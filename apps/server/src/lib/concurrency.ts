export type Settled<T> = { ok: true; value: T } | { ok: false; error: unknown };

/** Platform calls in flight at once, per platform: enough to be quick, few enough to be polite. */
export const PLATFORM_CONCURRENCY = 4;

export interface MapSettledOptions<T> {
  /** Once aborted, no further item starts; those under way still end. */
  signal?: AbortSignal;
  /** Told of each item as it ends (a job's progress). */
  onSettled?: (result: Settled<T>, index: number) => void;
}

/**
 * Runs `task` over `items` with at most `limit` running at once; the answers keep the
 * items' order and a failure never stops the others. Items start in order, so when `signal`
 * stops them early the answer is shorter: it holds the first items, those that started.
 */
export async function mapSettled<I, T>(
  items: readonly I[],
  limit: number,
  task: (item: I, index: number) => Promise<T>,
  options: MapSettledOptions<T> = {},
): Promise<Settled<T>[]> {
  const results = new Array<Settled<T>>(items.length);
  let next = 0;
  const worker = async () => {
    while (next < items.length && !options.signal?.aborted) {
      const index = next;
      next += 1;
      let result: Settled<T>;
      try {
        result = { ok: true, value: await task(items[index] as I, index) };
      } catch (error) {
        result = { ok: false, error };
      }
      results[index] = result;
      options.onSettled?.(result, index);
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker));
  return next < items.length ? results.slice(0, next) : results;
}
