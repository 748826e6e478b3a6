/**
 * `pnpm bench:web`: Lighthouse 12 (mobile, default throttling) on the public pages of the
 * demo league, served by the production build on the embedded database, as `pnpm demo` runs
 * it. Each page three times (BENCH_WEB_RUNS), in rounds; prints each round's table of the four
 * category scores and the paint and layout metrics, then the medians, and the home page's
 * initial JS and CSS in gzip bytes; writes bench/web-results.json.
 *
 * Expects a fresh build (the root script runs `pnpm build` first). CHROME_PATH defaults to
 * Debian's Chromium.
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { gzipSync } from 'node:zlib';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import getPort from 'get-port';

const webPackage = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const serverPackage = resolve(webPackage, '../server');
const lighthouseBin = join(webPackage, 'node_modules', '.bin', 'lighthouse');
const CHROME_PATH = process.env.CHROME_PATH ?? '/usr/bin/chromium';
const CHROME_FLAGS = '--headless --no-sandbox --disable-gpu --disable-background-networking --disable-component-update --no-first-run';
const CATEGORIES = ['performance', 'accessibility', 'best-practices', 'seo'] as const;

interface PageResult {
  name: string;
  path: string;
  scores: Record<(typeof CATEGORIES)[number], number | null>;
  fcpMs: number;
  lcpMs: number;
  cls: number;
  tbtMs: number;
  /** Audits under 100 % in accessibility, best practices and SEO, and the performance opportunities: what to fix next. */
  failing: string[];
}

const log = (line: string) => process.stdout.write(`${line}\n`);


async function startDemoServer(dataDir: string): Promise<{ origin: string; child: ChildProcess }> {
  const port = await getPort({ host: '127.0.0.1' });
  const child = spawn(process.execPath, ['dist/main.js'], {
    cwd: serverPackage,
    env: { ...process.env, NODE_ENV: 'production', DATABASE_URL: '', DATA_DIR: dataDir, SEED: 'demo', PORT: String(port), HOST: '127.0.0.1', LOG_LEVEL: 'warn' },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  const origin = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 180_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`The server exited with code ${child.exitCode}`);
    if (await fetch(`${origin}/healthz`).then((r) => r.ok, () => false)) return { origin, child };
    await new Promise((r) => setTimeout(r, 500));
  }
  child.kill();
  throw new Error('The demo server did not become healthy within 3 minutes');
}

/** The first page of a kind the sitemap lists (an article, a team). */
async function firstListed(origin: string, sitemap: string, prefix: string): Promise<string> {
  const xml = await (await fetch(`${origin}/sitemaps/${sitemap}`)).text();
  const loc = [...xml.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => new URL(m[1]!).pathname).find((path) => path.startsWith(prefix));
  if (!loc) throw new Error(`The sitemap ${sitemap} lists no ${prefix} page`);
  return loc;
}

/** The first item's id of a paged public list (a completed match, an event). */
async function firstInList(origin: string, path: string): Promise<string> {
  const page = (await (await fetch(`${origin}${path}`)).json()) as { results: Array<{ id: string }> };
  const id = page.results[0]?.id;
  if (!id) throw new Error(`${path} lists nothing`);
  return id;
}

/** The middle of three numbers (of any odd count). */
const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] as number;

/** Runs Lighthouse on a page; on a busy machine it now and then fails to record the load (NO_NAVSTART, an interstitial), so a failed run is tried again twice. */
function runLighthouse(url: string, outputPath: string): void {
  for (let attempt = 1; attempt <= 3; attempt += 1) {
    const run = spawnSync(
      lighthouseBin,
      [url, `--chrome-flags=${CHROME_FLAGS}`, '--output=json', `--output-path=${outputPath}`, `--only-categories=${CATEGORIES.join(',')}`, '--quiet'],
      { env: { ...process.env, CHROME_PATH }, stdio: ['ignore', 'inherit', 'inherit'] },
    );
    if (run.status === 0) return;
    log(`Lighthouse failed on ${url} (attempt ${attempt} of 3)`);
  }
  throw new Error(`Lighthouse failed on ${url} three times`);
}

interface LighthouseReport {
  categories: Record<string, { score: number | null; auditRefs: Array<{ id: string }> }>;
  audits: Record<string, { score: number | null; numericValue?: number; title: string; scoreDisplayMode: string; details?: { items?: Array<Record<string, unknown>> } }>;
}

function summarise(name: string, path: string, report: LighthouseReport): PageResult {
  const score = (id: string) => (report.categories[id]?.score ?? null) === null ? null : Math.round(report.categories[id]!.score! * 100);
  const value = (id: string) => report.audits[id]?.numericValue ?? Number.NaN;
  const failing = CATEGORIES.flatMap((category) =>
    (report.categories[category]?.auditRefs ?? [])
      .map((ref) => ({ id: ref.id, audit: report.audits[ref.id] }))
      .filter(({ audit }) => audit && audit.score !== null && audit.score < (category === 'performance' ? 0.9 : 1) && ['binary', 'numeric', 'metricSavings'].includes(audit.scoreDisplayMode))
      .map(({ id, audit }) => `${category}: ${id} (${audit!.title})`),
  );
  return {
    name,
    path,
    scores: Object.fromEntries(CATEGORIES.map((c) => [c, score(c)])) as PageResult['scores'],
    fcpMs: Math.round(value('first-contentful-paint')),
    lcpMs: Math.round(value('largest-contentful-paint')),
    cls: Number(value('cumulative-layout-shift').toFixed(3)),
    tbtMs: Math.round(value('total-blocking-time')),
    failing,
  };
}

/** The home page's same-origin scripts and stylesheets as Chrome loaded them, each fetched again in gzip. */
async function homeInitialGzipBytes(origin: string, report: LighthouseReport): Promise<{ bytes: number; files: Array<{ url: string; gzipBytes: number }> }> {
  const requests = (report.audits['network-requests']?.details?.items ?? []) as Array<{ url: string; resourceType?: string }>;
  const urls = requests.filter((r) => (r.resourceType === 'Script' || r.resourceType === 'Stylesheet') && r.url.startsWith(origin)).map((r) => r.url);
  const files = [];
  for (const url of [...new Set(urls)]) {
    const response = await fetch(url, { headers: { 'accept-encoding': 'gzip' } });
    // fetch decompresses: count the bytes on the wire from the .gz the server sent, or, where
    // it compressed as it sent (a page's joined stylesheet: no length), gzip them here.
    const plain = Buffer.from(await response.arrayBuffer());
    const length = response.headers.get('content-encoding') === 'gzip' ? Number(response.headers.get('content-length') ?? Number.NaN) : Number.NaN;
    files.push({ url: url.slice(origin.length), gzipBytes: Number.isNaN(length) ? gzipSync(plain).length : length });
  }
  return { bytes: files.reduce((sum, f) => sum + f.gzipBytes, 0), files };
}

/** Each page's median of its runs, metric by metric (a score, FCP and TBT need not come from one run). */
function medianResult(runs: PageResult[]): PageResult {
  const first = runs[0] as PageResult;
  const scores = Object.fromEntries(
    CATEGORIES.map((c) => {
      const values = runs.map((r) => r.scores[c]).filter((v): v is number => v !== null);
      return [c, values.length === 0 ? null : median(values)];
    }),
  ) as PageResult['scores'];
  return {
    name: first.name,
    path: first.path,
    scores,
    fcpMs: median(runs.map((r) => r.fcpMs)),
    lcpMs: median(runs.map((r) => r.lcpMs)),
    cls: median(runs.map((r) => r.cls)),
    tbtMs: median(runs.map((r) => r.tbtMs)),
    failing: [...new Set(runs.flatMap((r) => r.failing))],
  };
}

function table(results: PageResult[]): string {
  const header = '| page | performance | accessibility | best practices | SEO | FCP ms | LCP ms | CLS | TBT ms |';
  const rows = results.map(
    (r) =>
      `| ${r.name} (${r.path}) | ${r.scores.performance} | ${r.scores.accessibility} | ${r.scores['best-practices']} | ${r.scores.seo} | ${r.fcpMs} | ${r.lcpMs} | ${r.cls} | ${r.tbtMs} |`,
  );
  return [header, '|---|--:|--:|--:|--:|--:|--:|--:|--:|', ...rows].join('\n');
}

async function main() {
  const folder = mkdtempSync(join(tmpdir(), 'bench-web-'));
  const { origin, child } = await startDemoServer(join(folder, 'data'));
  try {
    const pages: Array<[string, string]> = [
      ['home', '/'],
      ['rankings', '/rankings'],
      ['matches', '/matches'],
      ['news', '/news'],
      ['article', await firstListed(origin, 'pages.xml', '/news/')],
      ['team', await firstListed(origin, 'teams-1.xml', '/teams/')],
      ['player', await firstListed(origin, 'players-1.xml', '/players/')],
      ['match', `/matches/${await firstInList(origin, '/v1/public/matches?status=completed&page_size=1')}`],
      ['events', '/events'],
      ['event', `/events/${await firstInList(origin, '/v1/public/events?page_size=1')}`],
      ['stats', '/stats'],
      ['standings', '/standings'],
      ['ratings', '/ratings'],
    ];
    pages.push(['team rating', `${pages.find(([name]) => name === 'team')![1]}/rating`]);
    // Scores move from run to run on a shared machine: the targets are medians of three.
    const runs = Number(process.env.BENCH_WEB_RUNS ?? 3);
    const byPage = new Map<string, PageResult[]>(pages.map(([name]) => [name, []]));
    let homeBytes: Awaited<ReturnType<typeof homeInitialGzipBytes>> | undefined;
    for (let run = 1; run <= runs; run += 1) {
      for (const [name, path] of pages) {
        log(`Lighthouse run ${run} of ${runs}: ${name} (${path})`);
        const output = join(folder, `${name}-${run}.json`);
        runLighthouse(`${origin}${path}`, output);
        const report = JSON.parse(readFileSync(output, 'utf8')) as LighthouseReport;
        byPage.get(name)!.push(summarise(name, path, report));
        if (name === 'home' && run === 1) homeBytes = await homeInitialGzipBytes(origin, report);
      }
      log(`\nRun ${run}:\n${table(pages.map(([name]) => byPage.get(name)![run - 1] as PageResult))}\n`);
    }
    const results = pages.map(([name]) => medianResult(byPage.get(name)!));
    log(`\nMedian of ${runs} runs:\n${table(results)}\n`);
    log(`Home page initial JS+CSS: ${((homeBytes?.bytes ?? 0) / 1024).toFixed(1)} KB gzip (${homeBytes?.files.length} files)`);
    for (const result of results) if (result.failing.length > 0) log(`\n${result.name}:\n  ${result.failing.join('\n  ')}`);
    const out = join(webPackage, 'bench', 'web-results.json');
    writeFileSync(out, `${JSON.stringify({ at: new Date().toISOString(), lighthouse: '12', formFactor: 'mobile', runs, results, everyRun: Object.fromEntries(byPage), homeInitialGzip: homeBytes }, null, 2)}\n`);
    log('\nWrote apps/web/bench/web-results.json');
  } finally {
    child.kill('SIGTERM');
    await new Promise((r) => child.once('exit', r));
    rmSync(folder, { recursive: true, force: true });
  }
}

await main();
