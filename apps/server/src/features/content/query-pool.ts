import Tinypool from 'tinypool';
import type { ContentDocument } from './dataset';
import { ContentQueryError } from './groq';

/** The largest answer a query off the main thread may give; the whole demo dataset is about 50 KB. */
export const MAX_ANSWER_BYTES = 2 * 1024 * 1024;
/** Heap of the query thread: a query building more than this is stopped (the thread dies, not the server). */
const WORKER_HEAP_MB = 64;
/** Queries waiting for the thread; more answer 503 at once. */
const MAX_WAITING = 8;

export interface QueryTask {
  query: string;
  params: Record<string, unknown>;
  documents: readonly ContentDocument[];
  sanity: { projectId: string; dataset: string };
}

export interface QueryPool {
  /** The query's result as JSON text, or a ContentQueryError (400 refused or failed, 503 out of time or busy). */
  run(task: QueryTask): Promise<string>;
  close(): Promise<void>;
}

const refused = (description: string, query: string) => new ContentQueryError({ error: { description: `Query refused: ${description}`, type: 'queryRefused', query } });
const gaveUp = (description: string, query: string) => new ContentQueryError({ error: { description, type: 'queryTimeout', query } }, 503);

/**
 * One worker thread (tinypool), started on the first query that needs it and ended after a
 * minute idle, for the GROQ queries that are not the site's own. Each has `timeoutMs` from the
 * moment it is asked, waiting included; past it the thread is terminated, which stops the
 * evaluation wherever it is (docs/decisions/0075-groq-off-the-main-thread.md).
 */
export function createQueryPool(timeoutMs: number): QueryPool {
  const pool = new Tinypool({
    filename: new URL('./groq-worker.mjs', import.meta.url).href,
    minThreads: 0,
    maxThreads: 1,
    idleTimeout: 60_000,
    maxQueue: MAX_WAITING,
    isolateWorkers: false,
    resourceLimits: { maxOldGenerationSizeMb: WORKER_HEAP_MB, maxYoungGenerationSizeMb: 16 },
  });
  return {
    async run({ query, params, documents, sanity }) {
      let answer: { json: string } | { tooLarge: number } | { failed: string };
      try {
        answer = await pool.run({ query, params, documents, sanity, maxAnswerBytes: MAX_ANSWER_BYTES }, { signal: AbortSignal.timeout(timeoutMs) });
      } catch (error) {
        const message = error instanceof Error ? error.message : String(error);
        if (/aborted/i.test(message)) throw gaveUp(`The query took longer than ${timeoutMs} ms and was stopped`, query);
        if (/queue is at limit/i.test(message)) throw gaveUp('Too many queries are waiting; try again shortly', query);
        if (/memory limit/i.test(message)) throw refused(`it needed more than ${WORKER_HEAP_MB} MB of memory`, query);
        throw error;
      }
      if ('failed' in answer) throw new ContentQueryError({ error: { description: answer.failed, type: 'queryExecutionError', query } });
      if ('tooLarge' in answer) throw refused(`its answer of ${answer.tooLarge} bytes is larger than ${MAX_ANSWER_BYTES} bytes`, query);
      return answer.json;
    },
    close: () => pool.destroy(),
  };
}
