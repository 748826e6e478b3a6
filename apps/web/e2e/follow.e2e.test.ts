// @vitest-environment node
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { closeAll, describeE2E, launchBrowser, seriousAxeViolations, startTestSite, type TestSite, VIEWPORTS } from './harness';

const SLOW = 180_000;

/**
 * Following a team in Chromium (docs/decisions/0099-web-push-follows.md): the site is
 * installable, the service worker shows a pushed notification (and loads what opens its page), a
 * followed team's page works offline, and a browser that refuses notifications is told so.
 * Chromium here has no push service to subscribe with; the push itself is dispatched to the
 * worker through the DevTools protocol, as a push service's message would arrive.
 */
describeE2E('following a team in the browser', () => {
  let site: TestSite;
  let browser: Browser;
  let teamId: string;
  let teamName: string;

  beforeAll(async () => {
    [site, browser] = await Promise.all([startTestSite(), launchBrowser()]);
    const teams = (await (await fetch(`${site.url}/v1/public/teams`)).json()) as { results: { id: string; name: string }[] };
    ({ id: teamId, name: teamName } = teams.results[0]!);
  }, SLOW);
  afterAll(() => closeAll(browser, site));

  /** Registers /sw.js from a page of the site and waits until it controls that page. */
  async function withWorker(context: BrowserContext): Promise<Page> {
    const page = await context.newPage();
    await page.goto(`${site.url}/following`, { waitUntil: 'networkidle' });
    await page.evaluate(async () => {
      await navigator.serviceWorker.register('/sw.js', { scope: '/' });
      await navigator.serviceWorker.ready;
    });
    await page.reload({ waitUntil: 'networkidle' });
    expect(await page.evaluate(() => navigator.serviceWorker.controller?.scriptURL)).toBe(`${site.url}/sw.js`);
    return page;
  }

  it(
    'links a web app manifest with 192 and 512 px icons, one maskable',
    async () => {
      const page = await (await browser.newContext({ viewport: VIEWPORTS.desktop })).newPage();
      await page.goto(site.url, { waitUntil: 'networkidle' });
      const href = await page.getAttribute('link[rel="manifest"]', 'href');
      expect(href).toBe('/manifest.webmanifest');
      const manifest = (await (await fetch(`${site.url}${href}`)).json()) as { display: string; start_url: string; icons: { src: string; sizes: string; purpose: string }[] };
      expect(manifest).toMatchObject({ display: 'standalone', start_url: '/' });
      expect(manifest.icons.map((i) => `${i.sizes} ${i.purpose}`)).toEqual(['192x192 any', '512x512 any', '512x512 maskable']);
      for (const icon of manifest.icons) {
        const response = await fetch(`${site.url}${icon.src}`);
        expect(response.headers.get('content-type')).toBe('image/png');
      }
      await page.context().close();
    },
    SLOW,
  );

  it(
    'shows a pushed notification from the service worker',
    async () => {
      const context = await browser.newContext({ viewport: VIEWPORTS.desktop });
      await context.grantPermissions(['notifications'], { origin: site.url });
      const page = await withWorker(context);
      const cdp = await context.newCDPSession(page);
      const registrations = new Promise<string>((resolve) => {
        cdp.on('ServiceWorker.workerRegistrationUpdated', ({ registrations: list }) => {
          const ours = list.find((r) => r.scopeURL === `${site.url}/` && !r.isDeleted);
          if (ours) resolve(ours.registrationId);
        });
      });
      await cdp.send('ServiceWorker.enable');
      const registrationId = await registrations;
      const payload = { title: `${teamName} 2–1 Rivals`, body: `${teamName}: 1500 → 1516 Elo (+16)`, url: `/teams/${teamId}`, tag: `match-test` };
      // What the worker shows, recorded in the worker as it asks for it: headless Chromium may
      // close a notification before a page polling getNotifications() sees it (CI once missed
      // it for 20 s of polling on a busy machine).
      const worker = context.serviceWorkers().find((w) => w.url() === `${site.url}/sw.js`)!;
      await worker.evaluate(() => {
        const scope = self as unknown as { registration: ServiceWorkerRegistration; shown?: unknown[] };
        const show = scope.registration.showNotification.bind(scope.registration);
        scope.shown = [];
        scope.registration.showNotification = async (title, options) => {
          await show(title, options);
          scope.shown!.push({ title, body: options?.body, tag: options?.tag, data: options?.data as unknown });
        };
      });
      await cdp.send('ServiceWorker.deliverPushMessage', { origin: `${site.url}/`, registrationId, data: JSON.stringify(payload) });
      await expect
        .poll(() => worker.evaluate(() => (self as unknown as { shown: unknown[] }).shown), { timeout: 20_000 })
        .toEqual([{ title: payload.title, body: payload.body, tag: 'match-test', data: { url: payload.url } }]);
      // A click opens data.url (public/sw-notification-click.js, tested on its own in
      // src/features/follow): headless Chromium cannot click a notification; here the worker has loaded it.
      expect(await worker.evaluate(() => typeof (self as unknown as { openNotificationPage?: unknown }).openNotificationPage)).toBe('function');
      await context.close();
    },
    SLOW,
  );

  it(
    "keeps a followed team's page for offline visits",
    async () => {
      const context = await browser.newContext({ viewport: VIEWPORTS.desktop });
      const page = await withWorker(context);
      // What the Follow dialog and the Following page tell the worker after a follow.
      await page.evaluate(async (id) => (await navigator.serviceWorker.ready).active!.postMessage({ type: 'followed-teams', ids: [id] }), teamId);
      await page.waitForFunction(async () => (await caches.open('followed-teams-v1').then((c) => c.match('/__followed-teams'))) !== undefined);
      await page.goto(`${site.url}/teams/${teamId}`, { waitUntil: 'networkidle' });
      await expect(page.getByRole('heading', { level: 1, name: teamName }).isVisible()).resolves.toBe(true);
      await context.setOffline(true);
      await page.reload({ waitUntil: 'load' });
      await page.getByRole('heading', { level: 1, name: teamName }).waitFor();
      await context.setOffline(false);
      await context.close();
    },
    SLOW,
  );

  it(
    'tells a browser that refuses notifications why it cannot follow',
    async () => {
      const context = await browser.newContext({ viewport: VIEWPORTS.desktop });
      const page = await context.newPage();
      await page.goto(`${site.url}/teams/${teamId}`, { waitUntil: 'networkidle' });
      await page.getByTestId('follow-team').click();
      const dialog = page.getByRole('dialog', { name: `Follow ${teamName}` });
      await dialog.getByRole('checkbox', { name: 'Match started' }).check();
      expect(await seriousAxeViolations(page)).toEqual([]);
      // Headless Chromium answers the permission prompt with 'denied'.
      await dialog.getByRole('button', { name: 'Follow' }).click();
      await dialog.getByText('Notifications are blocked', { exact: false }).first().waitFor();
      await context.close();
    },
    SLOW,
  );

  it(
    "says a browser follows nothing yet on the Following page, and offers 'Remind me' on a scheduled match",
    async () => {
      const context = await browser.newContext({ viewport: VIEWPORTS.desktop });
      const page = await context.newPage();
      await page.goto(`${site.url}/following`, { waitUntil: 'networkidle' });
      await page.getByTestId('following-empty').waitFor();
      expect(await seriousAxeViolations(page)).toEqual([]);
      const matches = (await (await fetch(`${site.url}/v1/public/matches?status=scheduled`)).json()) as { results: { id: string; date: string | null }[] };
      const scheduled = matches.results.find((m) => m.date !== null)!;
      await page.goto(`${site.url}/matches/${scheduled.id}`, { waitUntil: 'networkidle' });
      await page.getByTestId('remind-me').click();
      // Headless Chromium refuses the permission: the visitor is told why nothing was saved.
      await page.getByRole('status').filter({ hasText: 'Notifications are blocked' }).waitFor();
      await context.close();
    },
    SLOW,
  );
});
