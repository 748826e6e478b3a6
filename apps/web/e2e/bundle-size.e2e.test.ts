// @vitest-environment node
import { existsSync, readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { gzipSync } from 'node:zlib';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { closeAll, describeE2E, launchBrowser, startTestSite, type TestSite, VIEWPORTS, WEB_DIST } from './harness';

/**
 * The home page's first load (JavaScript and CSS together, gzip) must stay under these: issue
 * 12's 150 KB on a phone, as Lighthouse's mobile run loads it (about 148 KB in November 2026,
 * decision 0068), and a little more on a desktop, whose first screen also shows the rankings
 * and past matches. The routes and marks of issues 24 and 25 took the phone's load to 150.5 KB
 * (28 Nov 2026); leaving out the tRPC client's unused WebSocket link (vite.config.ts) won back
 * about 0.8 KB.
 */
const HOME_BUDGETS = [
  { viewport: 'mobile', bytes: 150 * 1024 },
  { viewport: 'desktop', bytes: 156 * 1024 },
] as const;

/** Text that only the staff screens contain: a public page that loads it has pulled in admin code. */
const ADMIN_ONLY_TEXT = ['Sign Out', 'Clear Database', 'Import Matches', 'Merge Teams', 'Graphic Generator', 'Database Viewer'];
const ADMIN_CHUNK_NAME = /^(admin|signin|graphic)[-.]/;

/** Collects every built script and stylesheet the page fetches, as dist-relative paths. */
function trackAssets(page: Page): Set<string> {
  const assets = new Set<string>();
  page.on('request', (request) => {
    const { pathname } = new URL(request.url());
    if (pathname.startsWith('/assets/') && /\.(js|css)$/.test(pathname)) assets.add(pathname.slice(1));
  });
  return assets;
}

/** A built file's gzip size; a page's joined stylesheet (assets/pages/, made by the server at start) as the server sends it. */
async function gzipSize(asset: string, origin: string): Promise<number> {
  const built = resolve(WEB_DIST, asset);
  return gzipSync(existsSync(built) ? readFileSync(built) : Buffer.from(await (await fetch(`${origin}/${asset}`)).arrayBuffer())).length;
}

describeE2E('bundle size and code splitting', () => {
  let site: TestSite;
  let browser: Browser;

  beforeAll(async () => {
    [site, browser] = await Promise.all([startTestSite({ seed: 'none' }), launchBrowser()]);
  });

  afterAll(() => closeAll(browser, site));

  it.each(HOME_BUDGETS)("keeps the home page's initial JavaScript and CSS within budget on a $viewport screen", async ({ viewport, bytes }) => {
    const page = await browser.newPage({ viewport: VIEWPORTS[viewport] });
    const tracked = trackAssets(page);
    await page.goto(site.url);
    await page.waitForLoadState('networkidle');
    await page.close();
    const assets = [...tracked].sort();
    const sizes = await Promise.all(assets.map(async (asset) => ({ asset, gzipBytes: await gzipSize(asset, site.url) })));
    const total = sizes.reduce((sum, { gzipBytes }) => sum + gzipBytes, 0);
    const byKind = (ext: string) => sizes.filter(({ asset }) => asset.endsWith(ext)).reduce((sum, { gzipBytes }) => sum + gzipBytes, 0);
    console.info(
      `home page initial load (${viewport}): ${(total / 1024).toFixed(1)} KB gzip (JS ${(byKind('.js') / 1024).toFixed(1)} KB, CSS ${(byKind('.css') / 1024).toFixed(1)} KB) in ${sizes.length} files`,
    );
    expect(assets.some((asset) => asset.endsWith('.js'))).toBe(true);
    const breakdown = sizes.map(({ asset, gzipBytes }) => `${asset} ${gzipBytes} B`).join('\n');
    expect(total, `over budget:\n${breakdown}`).toBeLessThan(bytes);
  });

  it("loads no schema code (zod) on the public pages' first load", async () => {
    // zod and the API's schemas are about 100 KB the server already checks; on a phone their
    // module code alone took /stats' blocking time over budget (docs/decisions/0097).
    for (const path of ['/', '/rankings', '/matches', '/news', '/events', '/stats', '/standings', '/ratings']) {
      const page = await browser.newPage({ viewport: VIEWPORTS.mobile });
      const loaded = trackAssets(page);
      await page.goto(`${site.url}${path}`);
      await page.waitForLoadState('networkidle');
      await page.close();
      const withSchemas = [...loaded].filter((asset) => asset.endsWith('.js') && readFileSync(resolve(WEB_DIST, asset), 'utf8').includes('$ZodType'));
      expect(withSchemas, path).toEqual([]);
    }
  });

  it('never loads admin code on the public pages', async () => {
    const page = await browser.newPage({ viewport: VIEWPORTS.desktop });
    const loaded = trackAssets(page);
    for (const path of ['/', '/rankings', '/rankings#player', '/matches', '/matches#live', '/matches#past', '/news', '/no-such-page']) {
      await page.goto(`${site.url}${path}`);
      await page.waitForLoadState('networkidle');
    }
    // Hovering the footer link must not preload the admin either.
    await page.getByRole('link', { name: 'Admin Panel' }).hover();
    await page.waitForLoadState('networkidle');
    await page.close();

    const adminChunks = [...loaded].filter((asset) => ADMIN_CHUNK_NAME.test(asset.replace('assets/', '')));
    expect(adminChunks).toEqual([]);
    for (const asset of loaded) {
      if (!asset.endsWith('.js')) continue;
      const code = readFileSync(resolve(WEB_DIST, asset), 'utf8');
      expect(ADMIN_ONLY_TEXT.filter((text) => code.includes(text)), asset).toEqual([]);
    }
  });
});
