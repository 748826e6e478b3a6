import { existsSync, mkdirSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { AddressInfo } from 'node:net';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildApp, JobQueue, loadConfig, type Config } from '@campus-elo/server';
import { prepareData } from '@campus-elo/server/startup-data';
import { createTestDatabase, type TestDatabase } from '@campus-elo/db';
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect } from 'vitest';
import { CHROMIUM_PATH } from './browser-versions';

const here = dirname(fileURLToPath(import.meta.url));
export const WEB_DIST = resolve(here, '../dist');
export const SCREENSHOT_DIR = resolve(here, '../../../test-artifacts/screenshots');

export const VIEWPORTS = {
  mobile: { width: 375, height: 812 },
  tablet: { width: 768, height: 1024 },
  desktop: { width: 1280, height: 900 },
} as const;

/**
 * Browser suites need Debian's Chromium. Without it they are skipped on a developer's
 * machine (with a note) but fail in CI, where .ci/run installs it.
 */
export const describeE2E: typeof describe = (() => {
  if (existsSync(CHROMIUM_PATH)) return describe;
  if (process.env.CI) throw new Error(`Chromium not found at ${CHROMIUM_PATH}: .ci/run must install it`);
  console.warn(`Skipping browser tests: no Chromium at ${CHROMIUM_PATH} (apt-get install chromium)`);
  return describe.skip;
})() as typeof describe;

export interface TestSite {
  url: string;
  config: Config;
  database: TestDatabase;
  close(): Promise<void>;
}

export interface TestSiteOptions {
  seed?: 'demo' | 'none';
  env?: Record<string, string>;
  /** The server listens on the database's change notices, as main.ts does: the live stream (and the response cache) run. */
  listen?: boolean;
}

/**
 * The real server on a fresh database with the demo league (or an empty one), serving the
 * production web build. `env` overrides configuration (e.g. fake platform URLs).
 */
export async function startTestSite(options: TestSiteOptions = {}): Promise<TestSite> {
  if (!existsSync(resolve(WEB_DIST, 'index.html'))) {
    throw new Error(`No web build at ${WEB_DIST}: run \`pnpm build\` first (pnpm test does)`);
  }
  const database = await createTestDatabase();
  const config = loadConfig({
    SEED: options.seed ?? 'demo',
    WEB_DIST,
    LOG_LEVEL: 'warn',
    ADMIN_EMAIL: 'owner@example.test',
    ADMIN_PASSWORD: 'correct horse battery staple',
    ...options.env,
  });
  await prepareData(database.db, config, () => {});
  // The admin panel runs its long tools as background jobs, as main.ts does.
  const jobs = new JobQueue({ db: database.db, config, kind: database.kind }, database, { warn: () => {} });
  await jobs.start();
  const app = await buildApp({ db: database.db, config, jobs, logger: false, listen: options.listen ? database.listen : undefined });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const { port } = app.server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    config,
    database,
    async close() {
      await app.close();
      await jobs.stop();
      await database.close();
    },
  };
}

export async function launchBrowser(): Promise<Browser> {
  return chromium.launch({
    executablePath: CHROMIUM_PATH,
    args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--no-first-run', '--disable-quic', '--disable-sync'],
  });
}

/**
 * Waits until the app has taken over the server's HTML (docs/decisions/0097: `<html
 * data-hydrated>`). Before that, what only the browser knows (the URL's #fragment, the
 * visitor's time zone) is not shown yet.
 */
export async function hydrated(page: Page): Promise<void> {
  await page.waitForFunction(() => document.documentElement.hasAttribute('data-hydrated'));
}

/** Saves a screenshot under test-artifacts/screenshots (ignored by git) to look at. */
export async function saveScreenshot(page: Page, name: string): Promise<void> {
  mkdirSync(SCREENSHOT_DIR, { recursive: true });
  await page.screenshot({ path: resolve(SCREENSHOT_DIR, `${name}.png`), fullPage: true });
}

/**
 * Scrolls down the page a screen at a time, then back to the top: what a page mounts only when
 * scrolled near (WhenNearViewport: the home page's rankings on a phone, the matches page's
 * 30-day list) is there afterwards, as for a visitor who has read the page.
 */
export async function scrollThrough(page: Page): Promise<void> {
  await page.evaluate(async () => {
    for (let y = 0; y < document.documentElement.scrollHeight; y += window.innerHeight / 2) {
      window.scrollTo(0, y);
      await new Promise((settle) => requestAnimationFrame(() => setTimeout(settle, 50)));
    }
    window.scrollTo(0, 0);
  });
}

export const OWNER = { email: 'owner@example.test', password: 'correct horse battery staple' };

const AXE_SOURCE = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

/** What axe finds serious or critical on the page as it is now: rule, impact and the first few elements. */
export async function seriousAxeViolations(page: Page): Promise<{ id: string; impact: string; nodes: string[] }[]> {
  // Evaluated by the test driver: the page's CSP refuses inline scripts added to it.
  await page.evaluate(AXE_SOURCE);
  return page.evaluate(async () => {
    const axe = (window as unknown as { axe: { run: (context: Document) => Promise<{ violations: { id: string; impact: string; nodes: { target: string[] }[] }[] }> } }).axe;
    const result = await axe.run(document);
    return result.violations
      .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
      .map((violation) => ({ id: violation.id, impact: violation.impact, nodes: violation.nodes.slice(0, 3).map((node) => node.target.join(' ')) }));
  });
}

/** Closes what a test file opened (a browser, a test site); either may be missing when its start-up failed. */
export async function closeAll(...opened: ({ close(): Promise<unknown> } | undefined)[]): Promise<void> {
  for (const thing of opened) await thing?.close();
}

/** The machine running the suite may be busy: a generous wait for a suite's start, still bounded. */
const SUITE_START_MS = 180_000;

export interface BrowserSuite {
  /** The site and the browser: there once the suite's beforeAll has run. */
  readonly site: TestSite;
  readonly browser: Browser;
  /** A public API answer (`path` below /v1/public/), which must be a 200. */
  api: <T>(path: string) => Promise<T>;
  /** A page in a context of its own (light, desktop unless said), closed with the suite; `waitMs` is its default timeout. */
  newPage: (options?: { colorScheme?: 'light' | 'dark'; viewport?: keyof typeof VIEWPORTS; waitMs?: number }) => Promise<Page>;
}

/**
 * What most browser suites set up, called in their describe: a test site (startTestSite's
 * options) and Chromium, started before the suite's tests and closed after them with the
 * pages newPage opened.
 */
export function browserSuite(options: TestSiteOptions = {}): BrowserSuite {
  let site: TestSite | undefined;
  let browser: Browser | undefined;
  const contexts: BrowserContext[] = [];
  const started = <T>(thing: T | undefined, what: string): T => {
    if (thing === undefined) throw new Error(`No ${what} yet: the suite's beforeAll has not run or failed`);
    return thing;
  };

  beforeAll(async () => {
    [site, browser] = await Promise.all([startTestSite(options), launchBrowser()]);
  }, SUITE_START_MS);

  afterAll(async () => {
    await Promise.all(contexts.map((context) => context.close()));
    await closeAll(browser, site);
  });

  return {
    get site() {
      return started(site, 'test site');
    },
    get browser() {
      return started(browser, 'browser');
    },
    async api<T>(path: string): Promise<T> {
      const response = await fetch(`${started(site, 'test site').url}/v1/public/${path}`);
      expect(response.status).toBe(200);
      return (await response.json()) as T;
    },
    async newPage({ colorScheme = 'light', viewport = 'desktop', waitMs = 20_000 } = {}) {
      const context = await started(browser, 'browser').newContext({ colorScheme, viewport: VIEWPORTS[viewport] });
      contexts.push(context);
      const page = await context.newPage();
      page.setDefaultTimeout(waitMs);
      return page;
    },
  };
}
