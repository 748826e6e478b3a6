/**
 * `pnpm bench:streams`: 2,000 open live streams and one score change.
 *
 * Makes a throwaway database on DATABASE_URL's server (default the local PostgreSQL), fills it
 * with a small scale league (factor 1), builds and starts the production server on it, opens
 * BENCH_STREAMS (default 2,000) connections to GET /v1/public/stream from this process, changes
 * one match's score with an UPDATE, and measures, from just before that UPDATE, when each
 * stream received the `event: match` for it. Also reads the server's resident memory before
 * the streams open, while they are open and after they close. Writes
 * bench/streams-results.json and drops the database. Gives up after BENCH_TIMEOUT seconds
 * (default 60) per wait.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { request, type ClientRequest } from 'node:http';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { createTestDatabase, seedScale } from '@campus-elo/db';
import { sql } from 'kysely';
import { buildServer, serverPackage, startProductionServer, stop } from './production-server';
import { SseReader, summarise } from './sse-reader';

process.env.DATABASE_URL ??= 'postgres://postgres@127.0.0.1:5432/postgres';
const STREAMS = Number(process.env.BENCH_STREAMS ?? 2_000);
const TIMEOUT_MS = Number(process.env.BENCH_TIMEOUT ?? 60) * 1000;
/** Opening thousands of sockets at once only measures the accept queue; batches keep it honest. */
const OPEN_BATCH = 200;
const log = (line: string) => console.log(line);

/** Resident memory of a process in MiB (Linux /proc). */
function rssMiB(pid: number): number {
  const kib = Number(/^VmRSS:\s+(\d+)/m.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1]);
  return Math.round((kib / 1024) * 10) / 10;
}

function within<T>(promise: Promise<T>, what: string): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, fail) => {
    timer = setTimeout(() => fail(new Error(`${what}: no answer within ${TIMEOUT_MS / 1000} s`)), TIMEOUT_MS);
  });
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
}

interface OpenStream {
  request: ClientRequest;
  /** Settles when the stream's first bytes (the `retry:` line) arrive: it is registered. */
  opened: Promise<void>;
  /** Settles with performance.now() when the event for `matchId` arrives. */
  received: Promise<number>;
}

function openStream(origin: string, matchId: string): OpenStream {
  let opened!: () => void;
  let received!: (at: number) => void;
  let failed!: (error: Error) => void;
  const openedPromise = new Promise<void>((done, fail) => {
    opened = done;
    failed = fail;
  });
  const receivedPromise = new Promise<number>((done) => (received = done));
  const reader = new SseReader((event) => {
    if (event.event === 'match' && event.data.includes(matchId)) received(performance.now());
  });
  // agent: false, one socket per stream, as 2,000 browsers would have.
  const req = request(`${origin}/v1/public/stream`, { agent: false, headers: { accept: 'text/event-stream' } }, (response) => {
    if (response.statusCode !== 200) return failed(new Error(`The stream answered ${response.statusCode}`));
    response.setEncoding('utf8');
    response.on('data', (chunk: string) => {
      opened();
      reader.push(chunk);
    });
    response.on('error', () => {});
  });
  req.on('error', (error) => failed(error));
  req.end();
  return { request: req, opened: openedPromise, received: receivedPromise };
}

async function main() {
  const database = await createTestDatabase();
  let server: Awaited<ReturnType<typeof startProductionServer>> | undefined;
  const streams: OpenStream[] = [];
  try {
    if (!database.url) throw new Error('The bench needs PostgreSQL (DATABASE_URL)');
    await seedScale(database.db, { factor: 1 });
    const match = await database.db.selectFrom('matches').select(['id', 'score_team1']).orderBy('id').limit(1).executeTakeFirstOrThrow();

    buildServer();
    server = await startProductionServer(database.url, 'on');
    const pid = server.process.pid;
    if (pid === undefined) throw new Error('The server has no process id');
    const rssBefore = rssMiB(pid);
    log(`Server RSS before: ${rssBefore} MiB`);

    const openStarted = performance.now();
    for (let first = 0; first < STREAMS; first += OPEN_BATCH) {
      const batch = Array.from({ length: Math.min(OPEN_BATCH, STREAMS - first) }, () => openStream(server!.origin, match.id));
      streams.push(...batch);
      await within(Promise.all(batch.map((stream) => stream.opened)), `Opening streams ${first + 1}-${first + batch.length}`);
    }
    const openSeconds = (performance.now() - openStarted) / 1000;
    log(`Opened ${STREAMS} streams in ${openSeconds.toFixed(1)} s`);
    // Let the allocations of opening settle before sampling.
    await new Promise((r) => setTimeout(r, 2_000));
    const rssOpen = rssMiB(pid);
    log(`Server RSS with ${STREAMS} open: ${rssOpen} MiB`);

    const writtenAt = performance.now();
    await sql`UPDATE matches SET score_team1 = coalesce(score_team1, 0) + 1 WHERE id = ${match.id}`.execute(database.db);
    const committedMs = performance.now() - writtenAt;
    const arrivals = await within(Promise.all(streams.map((stream) => stream.received)), `Waiting for the event on ${STREAMS} streams`);
    const latency = summarise(arrivals.map((at) => at - writtenAt));
    log(`Event received by all ${STREAMS} (ms from the UPDATE): min ${latency.min}, median ${latency.median}, p99 ${latency.p99}, max ${latency.max}`);

    for (const stream of streams) stream.request.destroy();
    await new Promise((r) => setTimeout(r, 2_000));
    const rssAfter = rssMiB(pid);
    log(`Server RSS after closing them: ${rssAfter} MiB`);

    writeFileSync(
      join(serverPackage, 'bench', 'streams-results.json'),
      `${JSON.stringify(
        {
          date: new Date().toISOString(),
          streams: STREAMS,
          open_seconds: Math.round(openSeconds * 10) / 10,
          update_commit_ms: Math.round(committedMs * 10) / 10,
          event_ms_from_update: latency,
          server_rss_mib: { before: rssBefore, open: rssOpen, after: rssAfter },
        },
        null,
        2,
      )}\n`,
    );
    log('Wrote bench/streams-results.json');
  } finally {
    for (const stream of streams) stream.request.destroy();
    if (server) await stop(server.process);
    await database.close();
  }
}

await main();
