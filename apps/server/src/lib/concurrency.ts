export type Settled<T> = { ok: true; value: T } | { ok: false; error: unknown };

/** Platform calls in flight at once, per platform: enough to be quick, few enough to be polite. */
export const PLATFORM_CONCURRENCY = 4;

/**
 * Runs `task` over `items` with at most `limit` running at once; the answers keep the
 * items' order and a failure never stops the others.
 */
export async function mapSettled<I, T>(items: readonly I[], limit: number, task: (item: I, index: number) => Promise<T>): Promise<Settled<T>[]> {
  const results = new Array<Settled<T>>(items.length);
  let next = 0;
  const worker = async () => {
    while (next < items.length) {
      const index = next;
      next += 1;
      try {
        results[index] = { ok: true, value: await task(items[index] as I, index) };
      } catch (error) {
        results[index] = { ok: false, error };
      }
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker));
  return results;
}
