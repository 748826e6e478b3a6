// @vitest-environment node
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { closeAll, describeE2E, launchBrowser, OWNER, startTestSite, type TestSite, VIEWPORTS } from './harness';

const SLOW = 180_000;

declare global {
  interface Window {
    cspViolations?: string[];
  }
}

/**
 * Every document records the violations its Content-Security-Policy reports (the event the
 * browser fires for a report-uri); the console's 'Refused to …' lines are caught too.
 */
async function watchedContext(browser: Browser, problems: string[]): Promise<BrowserContext> {
  const context = await browser.newContext({ viewport: VIEWPORTS.desktop });
  await context.addInitScript(() => {
    window.cspViolations = [];
    document.addEventListener('securitypolicyviolation', (event) => {
      window.cspViolations!.push(`${event.effectiveDirective} blocked ${event.blockedURI || 'inline'} (${event.sourceFile}:${event.lineNumber})`);
    });
  });
  context.on('console', (message) => {
    if (/Content Security Policy|Refused to/i.test(message.text())) problems.push(`${message.page()?.url()}: ${message.text()}`);
  });
  context.on('weberror', (error) => problems.push(error.error().message));
  return context;
}

async function violationsOf(page: Page): Promise<string[]> {
  return (await page.evaluate(() => window.cspViolations ?? [])).map((violation) => `${page.url()}: ${violation}`);
}

/** Opens a page and lets it finish loading its data and styles. */
async function visit(page: Page, url: string, ready: () => Promise<unknown>) {
  await page.goto(url, { waitUntil: 'networkidle' });
  await ready();
}

describeE2E('Content-Security-Policy in the browser', () => {
  let site: TestSite;
  let browser: Browser;

  beforeAll(async () => {
    [site, browser] = await Promise.all([startTestSite(), launchBrowser()]);
  }, SLOW);
  afterAll(() => closeAll(browser, site));

  const first = async (path: string) => ((await (await fetch(`${site.url}/v1/public/${path}`)).json()) as { results: { id: string }[] }).results[0]!.id;

  it(
    'every public page loads under the policy with no violation',
    async () => {
      const problems: string[] = [];
      const context = await watchedContext(browser, problems);
      const page = await context.newPage();
      const [team, player, match, event] = await Promise.all([first('teams'), first('players'), first('matches'), first('events')]);
      const main = () => page.getByRole('main').waitFor();
      const pages: [string, () => Promise<unknown>][] = [
        ['/', () => page.getByText('Team Rankings').first().waitFor()],
        ['/news', main],
        ['/news/how-elo-rankings-work', () => page.getByRole('heading', { level: 1 }).waitFor()],
        ['/rankings', main],
        ['/rankings#player', main],
        ['/matches', main],
        ['/matches#past', main],
        ['/events', main],
        [`/events/${event}`, main],
        ['/signin', () => page.getByRole('heading', { name: 'Sign In' }).waitFor()],
        [`/teams/${team}`, main],
        [`/players/${player}`, main],
        [`/matches/${match}`, main],
        ['/search', main],
        ['/no-such-page', main],
        ['/v1/docs', () => page.locator('.swagger-ui .opblock').first().waitFor()],
        // Embeds and overlays: their own pages and script (features/embeds).
        ['/embed/rankings?theme=dark&accent=ff8800', () => page.locator('#embed-root').waitFor()],
        [`/embed/match/${match}`, () => page.locator('#embed-root').waitFor()],
        // An overlay's panels are placed absolutely: its root has no height of its own.
        [`/overlay/match/${match}`, () => page.locator('#embed-root').waitFor({ state: 'attached' })],
      ];
      for (const [path, ready] of pages) {
        await visit(page, `${site.url}${path}`, ready);
        const header = (await page.request.get(`${site.url}${path}`)).headers()['content-security-policy'];
        // The app's pages name their inline scripts by hash (a kept page goes to many visitors, docs/decisions/0097); the others by nonce.
        const appPage = !/^\/(v1|embed|overlay)\//.test(path);
        expect(header, path).toMatch(appPage ? /script-src 'self'( 'sha256-[^']+')+;/ : /script-src 'self' 'nonce-/);
        problems.push(...(await violationsOf(page)));
      }
      // The Embed dialog with its preview of the embed.
      await visit(page, `${site.url}/rankings`, main);
      await page.getByRole('button', { name: 'Embed', exact: true }).click();
      await page.frameLocator('iframe[title^="Preview"]').locator('#embed-root').waitFor();
      problems.push(...(await violationsOf(page)));
      expect(problems).toEqual([]);

      // The watch does see a violation: an inline script without the nonce is refused and reported.
      await page.evaluate(() => document.head.append(Object.assign(document.createElement('script'), { textContent: 'window.injected = true' })));
      await expect.poll(() => violationsOf(page)).toEqual([expect.stringContaining('script-src-elem blocked inline')]);
      expect(await page.evaluate(() => 'injected' in window)).toBe(false);
      await context.close();
    },
    SLOW,
  );

  it(
    'the admin panel, each tab and the graphic generator run under the policy with no violation',
    async () => {
      const problems: string[] = [];
      const context = await watchedContext(browser, problems);
      const page = await context.newPage();
      await visit(page, `${site.url}/signin`, () => page.getByRole('heading', { name: 'Sign In' }).waitFor());
      await page.getByLabel('Email').fill(OWNER.email);
      await page.getByRole('textbox', { name: 'Password' }).fill(OWNER.password);
      await page.getByRole('button', { name: 'Sign In' }).click();
      await page.waitForURL(`${site.url}/admin`);
      for (const tab of ['Control Panel', 'Edit Team/Player', 'Import Matches', 'Database Viewer', 'Clear Database', 'Graphic Generator', 'Merge Teams', 'Jobs', 'Embeds & overlays']) {
        await page.getByRole('tab', { name: tab, exact: true }).click();
        await page.getByRole('tabpanel').waitFor();
        await page.waitForLoadState('networkidle');
      }
      problems.push(...(await violationsOf(page)));
      await visit(page, `${site.url}/admin/graphic`, () => page.locator('canvas').first().waitFor());
      problems.push(...(await violationsOf(page)));
      expect(problems).toEqual([]);
      await context.close();
    },
    SLOW,
  );
});
