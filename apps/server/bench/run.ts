/**
 * `pnpm bench`: the public API under load on the scale league.
 *
 * Makes a throwaway database on DATABASE_URL's server (default the local PostgreSQL), fills it with seedScale (factor
 * BENCH_FACTOR, default 100), or takes the seeded one BENCH_DATABASE_URL names (bench/database.ts), prints each
 * statement's plan and its database time (EXPLAIN ANALYZE), starts the production
 * server (dist/main.js) on it twice, with the response cache on and with it off
 * (RESPONSE_CACHE=off), and drives every path on each with autocannon (BENCH_DURATION seconds,
 * default 10, at 50 connections; 0 stops after the database times). Beside each path, a bare
 * Fastify answering the same body gives the HTTP stack's ceiling. Prints a table per pass,
 * writes both to bench/results.json and drops a throwaway database. BENCH_PATHS (a regular
 * expression over the path names) runs only some paths, for a quick check of the bench itself.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Database } from '@campus-elo/db';
import autocannon from 'autocannon';
import { CompiledQuery, sql, type Kysely } from 'kysely';
import { benchDatabase } from './database';
import { benchPaths, statementFor, type BenchPath, type LeagueFacts } from './paths';
import { buildServer, serverPackage, startProductionServer, stop } from './production-server';
import { ensureBenchDivisions, simulationMs } from './standings';

const DURATION_SECONDS = Number(process.env.BENCH_DURATION ?? 10);
const FACTOR = Number(process.env.BENCH_FACTOR ?? 100);
const CONNECTIONS = 50;
const WARM_UP_SECONDS = 1;
const ONLY_PATHS = process.env.BENCH_PATHS ? new RegExp(process.env.BENCH_PATHS) : undefined;
const BIG_TABLES = /Seq Scan on (matches|players|teams)\b/;

const log = (line: string) => console.log(line);

/** The ceiling runs in its own process, like the server, so autocannon here competes with neither. */
async function startCeilingServer(bodies: string[], folder: string): Promise<{ origin: string; process: ChildProcess }> {
  const bodiesFile = join(folder, 'bodies.json');
  writeFileSync(bodiesFile, JSON.stringify(bodies));
  const child = spawn(process.execPath, ['--import', 'tsx', 'bench/ceiling-server.ts', bodiesFile], {
    cwd: serverPackage,
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const port = await new Promise<string>((done, fail) => {
    child.stdout?.once('data', (chunk: Buffer) => done(chunk.toString().trim()));
    child.once('exit', (code) => fail(new Error(`The ceiling server exited with code ${code}`)));
  });
  return { origin: `http://127.0.0.1:${port}`, process: child };
}

/** CPU seconds a process has used (Linux /proc; clock ticks of 1/100 s), or undefined elsewhere. */
function cpuSeconds(pid: number): number | undefined {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return (Number(fields[11]) + Number(fields[12])) / 100;
  } catch {
    return undefined;
  }
}

function totalCpuSeconds(pids: number[]): number | undefined {
  const each = pids.map(cpuSeconds);
  return each.some((s) => s === undefined) ? undefined : each.reduce<number>((sum, s) => sum + (s ?? 0), 0);
}

/** The PostgreSQL backends serving the bench database (the server's pool, warm after the warm-up). */
async function backendPids(db: Kysely<Database>): Promise<number[]> {
  const rows = await sql<{ pid: number }>`SELECT pid FROM pg_stat_activity WHERE datname = current_database() AND pid <> pg_backend_pid()`.execute(db);
  return rows.rows.map((row) => row.pid);
}

/**
 * Drives one URL; with `cpu`, also the CPU milliseconds per request the server process and
 * the database backends spent, which the machine's other load does not change.
 */
async function load(url: string, seconds: number, connections: number, cpu?: { serverPid: number; dbPids: number[] }) {
  const before = cpu && { server: cpuSeconds(cpu.serverPid), db: totalCpuSeconds(cpu.dbPids) };
  const result = await autocannon({ url, connections, duration: seconds });
  const perRequest = (start: number | undefined, end: number | undefined) =>
    start === undefined || end === undefined || result.requests.total === 0 ? undefined : ((end - start) * 1000) / result.requests.total;
  return {
    rps: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    failures: result.non2xx + result.errors + result.timeouts,
    server_cpu_ms: cpu && perRequest(before?.server, cpuSeconds(cpu.serverPid)),
    db_cpu_ms: cpu && perRequest(before?.db, totalCpuSeconds(cpu.dbPids)),
  };
}

async function printPlans(db: Kysely<Database>, paths: BenchPath[]): Promise<Record<string, { plan: string[]; seqScans: string[] }>> {
  const plans: Record<string, { plan: string[]; seqScans: string[] }> = {};
  console.log('\nPlans (EXPLAIN, costs off):');
  for (const path of paths) {
    const statement = statementFor(db, path);
    if ('several' in statement) {
      console.log(`\n-- ${path.name}: ${path.url}\n   (not one statement: ${statement.several})`);
      continue;
    }
    const plan = await db.transaction().execute(async (trx) => {
      await statement.prepare?.(trx);
      const lines: string[] = [];
      for (const query of [statement.query, ...(statement.also ?? [])]) {
        const result = await trx.executeQuery<{ 'QUERY PLAN': string }>(CompiledQuery.raw(`EXPLAIN (COSTS OFF) ${query.sql}`, [...query.parameters]));
        lines.push(...result.rows.map((row) => row['QUERY PLAN']));
      }
      return lines;
    });
    const seqScans = plan.filter((line) => BIG_TABLES.test(line)).map((line) => line.trim());
    plans[path.name] = { plan, seqScans };
    console.log(`\n-- ${path.name}: ${path.url}`);
    for (const line of plan) console.log(`   ${line}${BIG_TABLES.test(line) ? '   <-- SEQ SCAN ON A BIG TABLE' : ''}`);
  }
  const flagged = Object.entries(plans).filter(([, p]) => p.seqScans.length > 0);
  console.log(flagged.length === 0 ? '\nNo plan scans matches, players or teams sequentially.' : `\nSequential scans on big tables in: ${flagged.map(([name]) => name).join(', ')}`);
  return plans;
}

const DATABASE_TIME_RUNS = 9;

/**
 * Each path's statement under EXPLAIN ANALYZE on one idle connection: the median of
 * DATABASE_TIME_RUNS runs (after one to warm the cache) of planning plus execution time.
 * This is the database's share of a request, apart from HTTP and JSON.
 */
async function databaseTimes(db: Kysely<Database>, paths: BenchPath[]): Promise<Record<string, number>> {
  const times: Record<string, number> = {};
  log(`\nDatabase time per statement (EXPLAIN ANALYZE, median of ${DATABASE_TIME_RUNS} runs, planning + execution):`);
  for (const path of paths) {
    // A page's time is its server time over HTTP (renderTimes).
    if (path.page) continue;
    const statement = statementFor(db, path);
    if ('several' in statement) {
      // Not one statement to EXPLAIN: the whole of the path's work, timed on the clock.
      const measured: number[] = [];
      for (let run = 0; run <= DATABASE_TIME_RUNS; run++) {
        const started = performance.now();
        await statement.run(db);
        if (run > 0) measured.push(performance.now() - started);
      }
      times[path.name] = Math.round(measured.sort((a, b) => a - b)[Math.floor(measured.length / 2)]! * 100) / 100;
      log(`  ${path.name}: ${times[path.name]!.toFixed(2)} ms (several statements and the replay, wall clock)`);
      continue;
    }
    const runs = await db.transaction().execute(async (trx) => {
      await statement.prepare?.(trx);
      // A path of several statements (the standings) counts them all.
      const explains = [statement.query, ...(statement.also ?? [])].map((query) => CompiledQuery.raw(`EXPLAIN (ANALYZE, FORMAT JSON) ${query.sql}`, [...query.parameters]));
      const measured: number[] = [];
      for (let run = 0; run <= DATABASE_TIME_RUNS; run++) {
        let total = 0;
        for (const explain of explains) {
          const result = await trx.executeQuery<{ 'QUERY PLAN': [{ 'Planning Time': number; 'Execution Time': number }] }>(explain);
          const [plan] = result.rows[0]!['QUERY PLAN'];
          total += plan['Planning Time'] + plan['Execution Time'];
        }
        if (run > 0) measured.push(total);
      }
      return measured.sort((a, b) => a - b);
    });
    times[path.name] = Math.round(runs[Math.floor(runs.length / 2)]! * 100) / 100;
    log(`  ${path.name}: ${times[path.name]!.toFixed(2)} ms`);
  }
  return times;
}

const RENDER_RUNS = 41;

interface RenderTime {
  /** The whole answer at the client over the loopback, with compression. */
  p50: number;
  p90: number;
  /** The page's reads and React's render, from the page's own Server-Timing (http/web-app.ts). */
  server_p50: number;
}

/** The value at this share of the sorted values (0.5: the median), to a hundredth. */
function atShare(values: number[], share: number): number {
  return Math.round([...values].sort((a, b) => a - b)[Math.floor(values.length * share)]! * 100) / 100;
}

/** The sum of a Server-Timing header's durations ('data;dur=8.1, render;dur=7.9' is 16). */
function serverTimingMs(header: string | null): number {
  return [...(header ?? '').matchAll(/dur=([\d.]+)/g)].reduce((sum, [, ms]) => sum + Number(ms), 0);
}

/**
 * Each page rendered by the server with the response cache off: one request at a time (after
 * one to warm up), the median and slowest tenth of the time to the whole answer, and the
 * median of the page's server time (its reads and React's render, which the page's 25 ms
 * target is about). The whole answer adds Fastify, the HTML's assembly and compression.
 */
async function renderTimes(origin: string, paths: BenchPath[]): Promise<Record<string, RenderTime>> {
  const times: Record<string, RenderTime> = {};
  log(`\nServer render, cache off (one request at a time, ${RENDER_RUNS - 1} runs):`);
  for (const path of paths.filter((p) => p.page)) {
    const measured: number[] = [];
    const server: number[] = [];
    for (let run = 0; run < RENDER_RUNS; run++) {
      const started = performance.now();
      const response = await fetch(`${origin}${path.url}`);
      await response.arrayBuffer();
      if (run === 0) continue;
      measured.push(performance.now() - started);
      server.push(serverTimingMs(response.headers.get('server-timing')));
    }
    const time = { p50: atShare(measured, 0.5), p90: atShare(measured, 0.9), server_p50: atShare(server, 0.5) };
    times[path.name] = time;
    log(`  ${path.name}: median ${time.p50.toFixed(1)} ms, p90 ${time.p90.toFixed(1)} ms; server time (data and render) median ${time.server_p50.toFixed(1)} ms`);
  }
  return times;
}

/** Ids for the page paths, asked of the server like a visitor would find them. */
async function pageFacts(origin: string, db: Kysely<Database>): Promise<Omit<LeagueFacts, 'currentSeasonId' | 'latestRankingId' | 'today'>> {
  const get = async <T>(path: string): Promise<T> => (await (await fetch(`${origin}${path}`)).json()) as T;
  type Page = { results: { id: string }[]; count: number };
  const teams = await get<Page>('/v1/public/teams?page_size=1');
  const topTeamId = teams.results[0]?.id;
  const middle = await get<Page>(`/v1/public/teams?page_size=1&page=${Math.max(1, Math.floor(teams.count / 2))}`);
  const history = await get<{ results: { opponent: { id: string } }[] }>(`/v1/public/teams/${topTeamId}/elo-history`);
  const player = await get<Page>('/v1/public/players?page_size=1');
  const result = await get<Page>('/v1/public/matches?status=completed&page_size=1');
  const upcoming = await get<Page>('/v1/public/matches?status=scheduled&order=asc&page_size=1');
  // A player with lines (any season) and their latest match, whose maps the match maps path reads.
  const leader = await get<{ results: { player: { id: string } }[] }>('/v1/public/stats/players?min_maps=1&sort=maps&page_size=1');
  const statsPlayerId = leader.results[0]?.player.id ?? player.results[0]?.id;
  const recent = await get<{ recent?: { match_id: string }[] }>(`/v1/public/players/${statsPlayerId}/stats`);
  // No public read ranks teams by their number of results: asked of the database.
  const busiest = await sql<{ team_id: string }>`
    SELECT side.team_id FROM (SELECT m.team1_id AS team_id FROM matches m JOIN match_elo e ON e.match_id = m.id
      UNION ALL SELECT m.team2_id FROM matches m JOIN match_elo e ON e.match_id = m.id) AS side
    GROUP BY side.team_id ORDER BY count(*) DESC, side.team_id LIMIT 1`.execute(db);
  const facts = {
    topTeamId,
    busiestTeamId: busiest.rows[0]?.team_id,
    middleTeamId: middle.results[0]?.id,
    opponentId: history.results[0]?.opponent.id,
    playerId: player.results[0]?.id,
    statsPlayerId,
    mapsMatchId: recent.recent?.[0]?.match_id ?? result.results[0]?.id,
    resultId: result.results[0]?.id,
    upcomingId: upcoming.results[0]?.id,
  };
  const missing = Object.entries(facts).filter(([, id]) => !id);
  if (missing.length > 0) throw new Error(`The scale league has no ${missing.map(([name]) => name).join(', ')}`);
  return facts as Omit<LeagueFacts, 'currentSeasonId' | 'latestRankingId' | 'today'>;
}

async function tableCounts(db: Kysely<Database>) {
  const counts: Record<string, number> = {};
  for (const table of ['teams', 'players', 'matches', 'rankings', 'ranking_items'] as const) {
    const row = await db.selectFrom(table).select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
    counts[table] = Number(row.n);
  }
  return counts;
}

interface Row {
  name: string;
  url: string;
  bytes: number;
  rps: number;
  p50: number;
  p99: number;
  ceiling: number;
  ceiling_p50: number;
  ceiling_p99: number;
  ratio: number;
  failures: number;
  server_cpu_ms: number | undefined;
  db_cpu_ms: number | undefined;
  ceiling_cpu_ms: number | undefined;
}

function printTable(title: string, rows: Row[]) {
  const header = ['path', 'bytes', 'req/s', 'p50 ms', 'p99 ms', 'ceiling req/s', 'ratio', 'server CPU ms/req', 'db CPU ms/req', 'ceiling CPU ms/req'];
  const ms = (value: number | undefined) => (value === undefined ? '-' : value.toFixed(2));
  const lines = rows.map((r) => [
    r.failures ? `${r.name} (${r.failures} failed)` : r.name,
    String(r.bytes),
    r.rps.toFixed(0),
    r.p50.toFixed(1),
    r.p99.toFixed(1),
    r.ceiling.toFixed(0),
    `${(r.ratio * 100).toFixed(0)}%`,
    ms(r.server_cpu_ms),
    ms(r.db_cpu_ms),
    ms(r.ceiling_cpu_ms),
  ]);
  const widths = header.map((h, i) => Math.max(h.length, ...lines.map((l) => (l[i] ?? '').length)));
  const format = (cells: string[]) => `| ${cells.map((c, i) => (i === 0 ? c.padEnd(widths[i] ?? 0) : c.padStart(widths[i] ?? 0))).join(' | ')} |`;
  console.log(`\n${title}\n\n${format(header)}\n|${widths.map((w, i) => (i === 0 ? `${'-'.repeat(w + 1)}-` : `${'-'.repeat(w + 1)}:`)).join('|')}|`);
  for (const line of lines) console.log(format(line));
}

async function main() {
  const database = await benchDatabase(FACTOR, log);
  const children: ChildProcess[] = [];
  const folder = mkdtempSync(join(tmpdir(), 'campus-bench-'));
  try {
    const counts = await tableCounts(database.db);
    log(`League: ${Object.entries(counts).map(([t, n]) => `${n.toLocaleString('en-US')} ${t}`).join(', ')}`);

    buildServer();
    const server = await startProductionServer(database.url, 'on');
    children.push(server.process);
    const uncachedServer = await startProductionServer(database.url, 'off');
    children.push(uncachedServer.process);
    const current = (await (await fetch(`${server.origin}/v1/public/current-season`)).json()) as { id: string } | null;
    if (!current) throw new Error('The scale league has no season');
    const weeks = (await (await fetch(`${server.origin}/v1/public/rankings?season_id=${current.id}&page_size=1`)).json()) as { results: { id: string }[] };
    const latestRanking = weeks.results[0] ?? ((await (await fetch(`${server.origin}/v1/public/rankings?page_size=1`)).json()) as typeof weeks).results[0];
    if (!latestRanking) throw new Error('The scale league has no ranking snapshot');
    const paths = benchPaths({ currentSeasonId: current.id, latestRankingId: latestRanking.id, today: new Date(), ...(await pageFacts(server.origin, database.db)) }).filter(
      (path) => !ONLY_PATHS || ONLY_PATHS.test(path.name),
    );

    await ensureBenchDivisions(database.db, current.id, log);
    const plans = await printPlans(database.db, paths);
    const databaseMs = await databaseTimes(database.db, paths);
    const simulation_ms = simulationMs(log);
    const render_ms = await renderTimes(uncachedServer.origin, paths);
    if (DURATION_SECONDS === 0) return;

    const bodies: string[] = [];
    for (const path of paths) {
      const response = await fetch(`${server.origin}${path.url}`);
      if (!response.ok) throw new Error(`${path.url} answered ${response.status}: ${await response.text()}`);
      bodies.push(await response.text());
    }
    const ceiling = await startCeilingServer(bodies, folder);
    children.push(ceiling.process);

    log(`\nLoad: ${DURATION_SECONDS} s per path and pass at ${CONNECTIONS} connections (after a ${WARM_UP_SECONDS} s warm-up)`);
    const passes = { cache_on: { server, rows: [] as Row[] }, cache_off: { server: uncachedServer, rows: [] as Row[] } };
    for (const [index, path] of paths.entries()) {
      const bare = await load(
        `${ceiling.origin}/${index}`,
        DURATION_SECONDS,
        CONNECTIONS,
        ceiling.process.pid === undefined ? undefined : { serverPid: ceiling.process.pid, dbPids: [] },
      );
      const measured: string[] = [];
      for (const [pass, { server: target, rows }] of Object.entries(passes)) {
        await load(`${target.origin}${path.url}`, WARM_UP_SECONDS, CONNECTIONS);
        if (pass === 'cache_on') {
          // After the warm-up the answer must come from the cache, or the pass measures nothing new.
          const hit = (await fetch(`${target.origin}${path.url}`)).headers.get('x-cache') === 'hit';
          if (!hit) log(`  ${path.name}: not answered from the response cache after the warm-up`);
        }
        const cpu = target.process.pid === undefined ? undefined : { serverPid: target.process.pid, dbPids: await backendPids(database.db) };
        const real = await load(`${target.origin}${path.url}`, DURATION_SECONDS, CONNECTIONS, cpu);
        rows.push({
          name: path.name,
          url: path.url,
          bytes: Buffer.byteLength(bodies[index] ?? ''),
          ...real,
          ceiling: bare.rps,
          ceiling_p50: bare.p50,
          ceiling_p99: bare.p99,
          ceiling_cpu_ms: bare.server_cpu_ms,
          ratio: bare.rps > 0 ? real.rps / bare.rps : 0,
        });
        measured.push(`${pass.replace('_', ' ')} ${real.rps.toFixed(0)} req/s, p99 ${real.p99} ms`);
      }
      log(`  ${path.name}: ${measured.join('; ')} (ceiling ${bare.rps.toFixed(0)} req/s)`);
    }
    printTable('Response cache on', passes.cache_on.rows);
    printTable('Response cache off (RESPONSE_CACHE=off)', passes.cache_off.rows);
    writeFileSync(
      join(serverPackage, 'bench', 'results.json'),
      `${JSON.stringify(
        {
          date: new Date().toISOString(),
          factor: database.seeded ? FACTOR : undefined,
          duration_seconds: DURATION_SECONDS,
          connections: CONNECTIONS,
          counts,
          passes: { cache_on: passes.cache_on.rows, cache_off: passes.cache_off.rows },
          database_ms: databaseMs,
          simulation_ms,
          render_ms,
          plans,
        },
        null,
        2,
      )}\n`,
    );
    log('\nWrote bench/results.json');
  } finally {
    for (const child of children) await stop(child);
    await database.close();
    rmSync(folder, { recursive: true, force: true });
  }
}

await main();
