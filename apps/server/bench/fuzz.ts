/**
 * `pnpm bench:fuzz`: generated public requests against the real server over HTTP, counted by
 * status. The requests come from the same fast-check arbitraries as
 * test/public-rest-fuzz.test.ts: known and unknown parameters, values on both sides of every
 * edge, broken percent escapes. The server runs in this process on a fresh database (a
 * throwaway database on DATABASE_URL's server, else PGlite) holding the tests' hand-made
 * league. Prints the count of each status class, each status, answers that are not
 * `{"error"}` JSON, and up to ten 5xx examples; exits 1 if any answer was 5xx.
 *
 * FUZZ_REQUESTS (default 100000), FUZZ_SEED (default: random, printed), FUZZ_CONCURRENCY (default 16).
 */
import { Agent, request } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createTestDatabase } from '@campus-elo/db';
import fc from 'fast-check';
import { buildApp } from '../src/app';
import { loadConfig } from '../src/config';
import { ids, insertLeague } from '../test/league-fixture';
import { publicRequest } from '../test-support/public-query-arbitraries';

const REQUESTS = Number(process.env.FUZZ_REQUESTS ?? 100_000);
const SEED = Number(process.env.FUZZ_SEED ?? Math.floor(Math.random() * 2 ** 31));
const CONCURRENCY = Number(process.env.FUZZ_CONCURRENCY ?? 16);
const MAX_EXAMPLES = 10;

interface Answer {
  status: number;
  body: string;
}

function get(agent: Agent, port: number, path: string): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const req = request({ host: '127.0.0.1', port, path, agent }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body: Buffer.concat(chunks).toString('utf8') }));
      res.on('error', reject);
    });
    req.on('error', reject);
    req.end();
  });
}

const isErrorBody = (body: string) => {
  try {
    return typeof (JSON.parse(body) as { error?: unknown }).error === 'string';
  } catch {
    return false;
  }
};

const database = await createTestDatabase();
await insertLeague(database.db);
const app = await buildApp({ db: database.db, config: loadConfig({ LOG_LEVEL: 'silent' }), logger: false });
await app.listen({ port: 0, host: '127.0.0.1' });
const { port } = app.server.address() as AddressInfo;
const agent = new Agent({ keepAlive: true, maxSockets: CONCURRENCY });

console.log(`Generating ${REQUESTS} public requests (seed ${SEED}) against ${database.url ? 'PostgreSQL' : 'PGlite'}…`);
const paths = fc.sample(publicRequest([ids.fall, ids.weekTwo, ids.alpha, ids.unknown]), { numRuns: REQUESTS, seed: SEED });

const byStatus = new Map<number, number>();
const examples: string[] = [];
let notErrorShaped = 0;
let next = 0;
const started = performance.now();

async function worker(): Promise<void> {
  while (next < paths.length) {
    const path = paths[next++]!;
    const { status, body } = await get(agent, port, path);
    byStatus.set(status, (byStatus.get(status) ?? 0) + 1);
    if (status >= 400 && !isErrorBody(body)) notErrorShaped += 1;
    if (status >= 500 && examples.length < MAX_EXAMPLES) examples.push(`${status} GET ${path} -> ${body.slice(0, 200)}`);
  }
}
await Promise.all(Array.from({ length: CONCURRENCY }, worker));
const seconds = (performance.now() - started) / 1000;

agent.destroy();
await app.close();
await database.close();

const classes = new Map<string, number>();
for (const [status, count] of byStatus) classes.set(`${Math.floor(status / 100)}xx`, (classes.get(`${Math.floor(status / 100)}xx`) ?? 0) + count);
const fiveHundreds = classes.get('5xx') ?? 0;
console.log(`${paths.length} requests in ${seconds.toFixed(1)} s (${Math.round(paths.length / seconds)}/s), ${CONCURRENCY} at a time, seed ${SEED}`);
console.log(`by class:  ${['2xx', '3xx', '4xx', '5xx'].map((c) => `${c} ${classes.get(c) ?? 0}`).join(', ')}`);
console.log(`by status: ${[...byStatus].sort(([a], [b]) => a - b).map(([status, count]) => `${status} ${count}`).join(', ')}`);
console.log(`error answers that are not {"error": "..."} JSON: ${notErrorShaped}`);
for (const example of examples) console.log(`  ${example}`);
process.exitCode = fiveHundreds > 0 ? 1 : 0;
