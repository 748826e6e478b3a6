// @vitest-environment node
import type { Page } from 'playwright-core';
import { expect, it } from 'vitest';
import { OWNER, browserSuite, describeE2E, saveScreenshot, scrollThrough, seriousAxeViolations, hydrated } from './harness';

/** The machine running the suite may be busy: generous waits, still bounded. */
const SLOW = 180_000;
const WAIT = 20_000;
const SEARCH = 'Search teams and players';

interface Named {
  id: string;
  name: string;
}

const scheme = (page: Page) => page.evaluate(() => document.documentElement.getAttribute('data-mantine-color-scheme'));

/**
 * Reloads `page` with the app's scripts held back, runs `check` on the page as index.html
 * alone leaves it (its inline script has run, the app has not), then lets the scripts load.
 */
async function beforeTheApp(page: Page, load: () => Promise<unknown>, check: () => Promise<void>) {
  let release!: () => void;
  const held = new Promise<void>((resolve) => {
    release = resolve;
  });
  await page.route('**/assets/*.js', async (route) => {
    await held;
    await route.continue().catch(() => undefined);
  });
  try {
    await load();
    await page.waitForFunction(() => document.body !== null && getComputedStyle(document.body).backgroundColor !== 'rgba(0, 0, 0, 0)');
    // The server's HTML is shown, and the app has not taken it over yet.
    expect(await page.evaluate(() => document.documentElement.hasAttribute('data-hydrated'))).toBe(false);
    expect(await page.evaluate(() => document.getElementById('root')?.childElementCount)).toBeGreaterThan(0);
    await check();
  } finally {
    release();
    await page.unroute('**/assets/*.js');
  }
}

/**
 * Waits for the admin tab `tab` to show what it loads: its chunk and its data (no spinner left).
 * waitForLoadState('networkidle') does not: after the page's first load it answers at once,
 * so axe would judge a spinner.
 */
async function tabLoaded(page: Page, tab: string) {
  const panel = page.getByRole('tabpanel', { name: tab, exact: true });
  await panel.waitFor();
  await expect.poll(() => panel.locator('.mantine-Loader-root').count(), { timeout: WAIT }).toBe(0);
  expect((await panel.innerText()).trim()).not.toBe('');
}

const bodyBackground = (page: Page) => page.evaluate(() => getComputedStyle(document.body).backgroundColor);

describeE2E('navigation: search, links, colour scheme', () => {
  const suite = browserSuite();
  const { api, newPage } = suite;

  it(
    'finds a team with the keyboard only and lands on its page; Enter with nothing highlighted lists every result',
    async () => {
      const [team] = (await api<{ results: Named[] }>('teams?sort=elo&order=desc&page_size=1')).results;
      const page = await newPage();
      await page.goto(`${suite.site.url}/`);
      await page.getByRole('heading', { level: 1 }).waitFor();
      const box = page.getByRole('combobox', { name: SEARCH });
      // The element focused, by what it is: the plain field first focused is replaced by the combobox, keeping the focus.
      const boxFocused = () =>
        page.evaluate((label) => document.activeElement?.getAttribute('role') === 'combobox' && document.activeElement.getAttribute('aria-label') === label, SEARCH);
      for (let presses = 0; presses < 20 && !(await boxFocused()); presses++) await page.keyboard.press('Tab');
      expect(await boxFocused()).toBe(true);

      await page.keyboard.type(team!.name);
      await page.getByRole('option', { name: team!.name }).first().waitFor();
      expect(await box.getAttribute('aria-expanded')).toBe('true');
      // Down the list until the team is the highlighted option.
      let highlighted = '';
      for (let presses = 0; presses < 12 && highlighted !== team!.name; presses++) {
        await page.keyboard.press('ArrowDown');
        const active = await box.getAttribute('aria-activedescendant');
        highlighted = active ? ((await page.locator(`[id="${active}"]`).innerText()).split('\n')[0] ?? '') : '';
      }
      expect(highlighted).toBe(team!.name);
      await page.keyboard.press('Enter');
      await page.waitForURL(`${suite.site.url}/teams/${team!.id}`);
      expect(await box.inputValue()).toBe('');

      // Escape closes the list; Enter then asks for every result.
      await box.focus();
      await page.keyboard.type(team!.name);
      await page.getByRole('option').first().waitFor();
      await page.keyboard.press('Escape');
      expect(await box.getAttribute('aria-expanded')).toBe('false');
      await page.keyboard.press('Enter');
      await page.waitForURL((url) => url.pathname === '/search' && url.searchParams.get('q') === team!.name);
      await page.getByRole('heading', { level: 1, name: `Results for "${team!.name}"` }).waitFor();
      const result = page.getByRole('main').getByRole('link', { name: new RegExp(`^${team!.name.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}`) }).first();
      expect(await result.getAttribute('href')).toBe(`/teams/${team!.id}`);
      await saveScreenshot(page, 'search-results-desktop');

      // Nothing found says so.
      await box.focus();
      await page.keyboard.type('qqxxzz');
      await page.getByText('No teams or players match "qqxxzz"').waitFor();
    },
    SLOW,
  );

  it(
    'follows the system scheme, and the toggle is remembered with no flash of the other scheme on load',
    async () => {
      // The system prefers dark and nothing is stored: dark before the app runs.
      const systemDark = await newPage({ colorScheme: 'dark' });
      await beforeTheApp(
        systemDark,
        () => systemDark.goto(`${suite.site.url}/`, { waitUntil: 'commit' }),
        async () => expect(await scheme(systemDark)).toBe('dark'),
      );
      const darkBackground = await bodyBackground(systemDark);
      expect(darkBackground).not.toBe('rgb(255, 255, 255)');

      const page = await newPage({ colorScheme: 'light' });
      await page.goto(`${suite.site.url}/`);
      await page.getByRole('heading', { level: 1 }).waitFor();
      // A press before the app has taken over the server's HTML would go unheard.
      await hydrated(page);
      expect(await scheme(page)).toBe('light');
      expect(await bodyBackground(page)).toBe('rgb(255, 255, 255)');
      const toggle = page.getByRole('button', { name: 'Dark mode' });
      expect(await toggle.getAttribute('aria-pressed')).toBe('false');
      await toggle.focus();
      await page.keyboard.press('Enter');
      await page.waitForFunction(() => document.documentElement.getAttribute('data-mantine-color-scheme') === 'dark');
      expect(await toggle.getAttribute('aria-pressed')).toBe('true');
      expect(await bodyBackground(page)).toBe(darkBackground);

      // Reloaded: dark already before the app's script runs, and still dark after.
      await beforeTheApp(
        page,
        () => page.reload({ waitUntil: 'commit' }),
        async () => {
          expect(await scheme(page)).toBe('dark');
          expect(await bodyBackground(page)).toBe(darkBackground);
        },
      );
      await page.getByRole('heading', { level: 1 }).waitFor();
      expect(await scheme(page)).toBe('dark');
      // The server cannot know the scheme: the toggle says so once the app has taken over (docs/decisions/0097).
      await hydrated(page);
      await expect.poll(() => page.getByRole('button', { name: 'Dark mode' }).getAttribute('aria-pressed')).toBe('true');
      await saveScreenshot(page, 'home-dark-desktop');

      // Back to light, remembered over a system that prefers light anyway.
      await page.getByRole('button', { name: 'Dark mode' }).click();
      await page.reload();
      await page.getByRole('heading', { level: 1 }).waitFor();
      expect(await scheme(page)).toBe('light');
    },
    SLOW,
  );

  it(
    'axe finds nothing serious on the public pages in either scheme',
    async () => {
      const [team] = (await api<{ results: Named[] }>('teams?sort=elo&order=desc&page_size=1')).results;
      const [result] = (await api<{ results: Named[] }>('matches?status=completed&sort=date&order=desc&page_size=1')).results;
      const [player] = (await api<{ results: Named[] }>('players?sort=elo&order=desc&page_size=1')).results;
      const found: Record<string, unknown> = {};
      for (const colorScheme of ['light', 'dark'] as const) {
        for (const viewport of ['desktop', 'mobile'] as const) {
          const page = await newPage({ colorScheme, viewport });
          const visit = async (path: string, ready: () => Promise<unknown>) => {
            await page.goto(`${suite.site.url}${path}`);
            await ready();
            await page.waitForLoadState('networkidle');
            expect(await scheme(page)).toBe(colorScheme);
            const violations = await seriousAxeViolations(page);
            if (violations.length > 0) found[`${path} (${colorScheme}, ${viewport})`] = violations;
          };
          const listed = () => page.getByRole('main').getByRole('listitem').first().waitFor();
          await visit('/', async () => {
            await page.getByRole('region', { name: 'Upcoming Matches' }).waitFor();
            await scrollThrough(page);
            await page.getByRole('region', { name: 'Team Rankings' }).getByRole('listitem').first().waitFor();
          });
          await saveScreenshot(page, `home-${colorScheme}-${viewport}`);
          await visit('/rankings', listed);
          await visit('/rankings#player', listed);
          await visit('/matches', async () => {
            await listed();
            await scrollThrough(page);
          });
          await visit('/matches#live', listed);
          await visit('/matches#past', listed);
          await visit('/stats', () => page.locator('[data-table="leaderboard"]').waitFor());
          await visit('/news', listed);
          await visit('/news/how-elo-rankings-work', () => page.getByRole('heading', { level: 1 }).waitFor());
          await visit(`/search?q=${encodeURIComponent(team!.name.slice(0, 4))}`, listed);
          const heading = () => page.getByRole('heading', { level: 1 }).waitFor();
          await visit(`/teams/${team!.id}`, heading);
          await visit(`/matches/${result!.id}`, heading);
          await visit(`/players/${player!.id}`, heading);
          // The search list, open.
          await page.getByRole('combobox', { name: SEARCH }).fill(team!.name.slice(0, 4));
          await page.getByRole('option').first().waitFor();
          const open = await seriousAxeViolations(page);
          if (open.length > 0) found[`search list (${colorScheme}, ${viewport})`] = open;
          await page.getByRole('combobox', { name: SEARCH }).fill('qqxxzz');
          await page.getByText('No teams or players match "qqxxzz"').waitFor();
          const empty = await seriousAxeViolations(page);
          if (empty.length > 0) found[`search list, nothing found (${colorScheme}, ${viewport})`] = empty;
          await page.close();
        }
      }
      expect(found).toEqual({});
    },
    SLOW * 2,
  );

  it(
    'axe finds nothing serious on the sign-in page and the admin tabs in either scheme',
    async () => {
      const found: Record<string, unknown> = {};
      for (const colorScheme of ['light', 'dark'] as const) {
        const page = await newPage({ colorScheme });
        const check = async (label: string) => {
          await page.waitForLoadState('networkidle');
          const violations = await seriousAxeViolations(page);
          if (violations.length > 0) found[`${label} (${colorScheme})`] = violations;
        };
        await page.goto(`${suite.site.url}/signin`);
        await page.getByRole('heading', { name: 'Sign In' }).waitFor();
        await check('sign in');
        await page.getByLabel('Email').fill(OWNER.email);
        await page.getByRole('textbox', { name: 'Password' }).fill(OWNER.password);
        await page.getByRole('button', { name: 'Sign In' }).click();
        await page.waitForURL(`${suite.site.url}/admin`);
        expect(await scheme(page)).toBe(colorScheme);
        for (const tab of ['Control Panel', 'Edit Team/Player', 'Import Matches', 'Database Viewer', 'Clear Database', 'Graphic Generator', 'Merge Teams', 'Jobs']) {
          await page.getByRole('tab', { name: tab, exact: true }).click();
          await tabLoaded(page, tab);
          await check(tab);
        }
        await page.close();
      }
      expect(found).toEqual({});
    },
    SLOW,
  );
});
