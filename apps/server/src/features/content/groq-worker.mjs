// @ts-check
// Runs one GROQ query in a worker thread (query-pool.ts), so that a costly query can be stopped
// by terminating its thread and never holds up the server's main thread. Plain JavaScript: it
// runs as it is from the source and from the bundle's dist/ (build.mjs copies it there).
import { Buffer } from 'node:buffer';
import { evaluate, parse } from 'groq-js';

/**
 * @param {{ query: string, params: Record<string, unknown>, documents: unknown[], sanity: { projectId: string, dataset: string }, maxAnswerBytes: number }} task
 * @returns {Promise<{ json: string } | { tooLarge: number } | { failed: string }>}
 */
export default async function runQuery({ query, params, documents, sanity, maxAnswerBytes }) {
  let json;
  try {
    const value = await evaluate(parse(query, { params }), { dataset: documents, params, sanity, timestamp: new Date() });
    json = JSON.stringify(await value.get()) ?? 'null';
  } catch (error) {
    return { failed: error instanceof Error ? error.message : String(error) };
  }
  const bytes = Buffer.byteLength(json);
  return bytes > maxAnswerBytes ? { tooLarge: bytes } : { json };
}
