// @vitest-environment node
import type { StandingsOutput } from '@campus-elo/api-contract';
import type { Page } from 'playwright-core';
import { expect, it } from 'vitest';
import { OWNER, browserSuite, describeE2E, hydrated, saveScreenshot, seriousAxeViolations } from './harness';

/** The machine running the suite may be busy: generous waits, still bounded. */
const SLOW = 180_000;

describeE2E('league standings', () => {
  const suite = browserSuite();
  const { api, newPage } = suite;

  /** A division with two teams level on points, and the first such pair. */
  function tiedDivision(standings: StandingsOutput) {
    for (const division of standings.divisions) {
      const tied = division.rows.find((row, index) => division.rows[index + 1]?.points === row.points);
      if (tied) return division;
    }
    return undefined;
  }

  /** Wider than the screen: the elements sticking out, by tag and class (none when it fits). */
  const pageScrollsSideways = (page: Page) =>
    page.evaluate(() => {
      const width = document.documentElement.clientWidth;
      if (document.documentElement.scrollWidth <= width) return [];
      return [...document.querySelectorAll('body *')]
        .filter((element) => element.getBoundingClientRect().right > width + 1 && !element.closest('[style*="overflow"], [class*="scroller"]'))
        .slice(0, 5)
        .map((element) => `${element.tagName.toLowerCase()}.${element.className}`);
    });

  it(
    "shows the demo league's divisions as tabs, their tables with labelled bands, chances and a tie note; the tabs work by keyboard; axe passes in both schemes",
    async () => {
      const standings = await api<StandingsOutput>('standings');
      expect(standings.divisions.length).toBeGreaterThan(0);
      const first = standings.divisions[0]!;
      expect(first.lines.some((line) => line.label === 'Playoffs')).toBe(true);
      expect(first.rows.some((row) => row.chances !== null)).toBe(true);

      const page = await newPage();
      await page.goto(`${suite.site.url}/rankings`);
      await page.getByRole('main').getByRole('link', { name: 'League standings' }).click();
      await page.waitForURL(`${suite.site.url}/standings`);
      await page.getByRole('heading', { level: 1, name: 'Standings' }).waitFor();
      expect(await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Standings' }).getAttribute('aria-current')).toBe('page');

      const table = page.getByRole('table', { name: `${first.name} standings` });
      await table.waitFor();
      const tabs = page.getByRole('tablist', { name: 'Divisions' }).getByRole('tab');
      expect(await tabs.allInnerTexts()).toEqual(standings.divisions.map((division) => division.name));
      expect(await table.locator('tr[data-team-id]').count()).toBe(first.rows.length);
      // Four rows in the Playoffs band, and the band is named in words, in the table and the legend.
      expect(await table.locator('tr[data-band="Playoffs"]').count()).toBe(Math.min(4, first.rows.length));
      await table.getByText('Playoffs: places 1–4').waitFor();
      await page.getByRole('list', { name: 'Lines' }).getByText('Playoffs: places 1–4').waitFor();
      // The chances column reads percents.
      expect(await table.locator('td[data-chance="Playoffs"]').first().innerText()).toMatch(/%$/);
      await saveScreenshot(page, 'standings-desktop');

      // Keyboard: the tabs take arrow keys and the URL keeps the division.
      if (standings.divisions.length > 1) {
        await tabs.first().focus();
        await page.keyboard.press('ArrowRight');
        const second = standings.divisions[1]!;
        await page.getByRole('table', { name: `${second.name} standings` }).waitFor();
        await page.waitForURL((url) => url.searchParams.get('division') === second.id);
        expect(await tabs.nth(1).getAttribute('aria-selected')).toBe('true');
      }

      // A tie: a note mark beside the tied teams and the note saying what separated them.
      const tied = tiedDivision(standings);
      expect(tied, 'the demo league has teams level on points').toBeDefined();
      await page.getByRole('tab', { name: tied!.name, exact: true }).click();
      const tiedTable = page.getByRole('table', { name: `${tied!.name} standings` });
      await tiedTable.waitFor();
      const note = page.locator('[data-tie-note]').first();
      expect(await note.innerText()).toMatch(/^Tied on [\d.]+ points?: .+\. Separated by .+\.$/);
      expect(await tiedTable.getByText(/, tied: see note 1/).count()).toBeGreaterThanOrEqual(2);

      expect(await seriousAxeViolations(page)).toEqual([]);
      const dark = await newPage({ colorScheme: 'dark' });
      await dark.goto(`${suite.site.url}/standings`);
      await dark.getByRole('table', { name: `${first.name} standings` }).waitFor();
      expect(await dark.evaluate(() => document.documentElement.getAttribute('data-mantine-color-scheme'))).toBe('dark');
      expect(await seriousAxeViolations(dark)).toEqual([]);
      await saveScreenshot(dark, 'standings-desktop-dark');
    },
    SLOW,
  );

  it(
    'fits a phone: no sideways page scroll, every column on request inside its own scroller; the team page names its place and links the table',
    async () => {
      const standings = await api<StandingsOutput>('standings');
      const first = standings.divisions[0]!;
      const page = await newPage({ viewport: 'mobile' });
      await page.goto(`${suite.site.url}/standings`);
      const table = page.getByRole('table', { name: `${first.name} standings` });
      await table.waitFor();
      expect(await pageScrollsSideways(page)).toEqual([]);
      expect(await table.getByRole('columnheader', { name: 'Elo' }).isVisible()).toBe(false);
      // The checkbox works once the app has taken over the server's HTML.
      await hydrated(page);
      await page.getByRole('checkbox', { name: 'Show every column' }).check();
      expect(await table.getByRole('columnheader', { name: 'Elo' }).isVisible()).toBe(true);
      expect(await pageScrollsSideways(page)).toEqual([]);
      await saveScreenshot(page, 'standings-mobile');
      expect(await seriousAxeViolations(page)).toEqual([]);

      const row = first.rows[2] ?? first.rows[0]!;
      await page.goto(`${suite.site.url}/teams/${row.team.id}`);
      const fact = page.locator('[data-fact="division"]');
      await fact.waitFor();
      const link = fact.getByRole('link');
      const ordinal = (n: number) => `${n}${n % 100 >= 11 && n % 100 <= 13 ? 'th' : ({ 1: 'st', 2: 'nd', 3: 'rd' } as Record<number, string>)[n % 10] ?? 'th'}`;
      expect(await link.innerText()).toBe(`${ordinal(row.place)} of ${first.rows.length} in ${first.name}`);
      if (row.chances) expect(await fact.innerText()).toMatch(/Playoffs chance (\d+%|<1%|>99%)/);
      await link.click();
      await page.waitForURL((url) => url.pathname === '/standings' && url.searchParams.get('division') === first.id);
      await page.getByRole('table', { name: `${first.name} standings` }).waitFor();
    },
    SLOW,
  );

  it(
    'says on the match cards what a scheduled division match puts at stake, from one request per list',
    async () => {
      const upcoming = await api<{ results: { id: string }[] }>('matches?status=scheduled&sort=date&order=asc&page_size=100');
      const stakes = upcoming.results.length ? await api<{ results: { match_id: string }[] }>(`standings/stakes?match_ids=${upcoming.results.map((m) => m.id).join(',')}`) : { results: [] };
      expect(stakes.results.length, 'the demo league has scheduled division matches').toBeGreaterThan(0);
      const page = await newPage();
      const stakeRequests: string[] = [];
      page.on('request', (request) => {
        if (request.url().includes('standingsStakes')) stakeRequests.push(request.url());
      });
      await page.goto(`${suite.site.url}/matches`);
      await page.getByText(/A win raises .+ chance from/).first().waitFor();
      // One request per list on screen at most (three windows), never one per card.
      expect(stakeRequests.length).toBeLessThanOrEqual(3);
    },
    SLOW,
  );

  it(
    'lets staff create a division, fill it by Elo and change its teams by search; the public page then shows it',
    async () => {
      const page = await newPage();
      await page.goto(`${suite.site.url}/signin`);
      await page.getByLabel('Email').fill(OWNER.email);
      await page.getByRole('textbox', { name: 'Password' }).fill(OWNER.password);
      await page.getByRole('button', { name: 'Sign In' }).click();
      await page.waitForURL(`${suite.site.url}/admin`);
      await page.getByRole('tab', { name: 'Seasons', exact: true }).click();
      const card = page.getByRole('region', { name: 'Divisions' });
      await card.getByRole('button', { name: 'New division' }).waitFor();
      const seasonId = await card.getByRole('combobox', { name: 'Season' }).inputValue();

      await card.getByRole('button', { name: 'New division' }).click();
      const form = card.getByRole('form', { name: 'New division' });
      await form.getByRole('textbox', { name: 'Name' }).fill('Test Division');
      // Elo first, by keyboard.
      const eloUp = form.getByRole('button', { name: 'Move Elo up' });
      for (let step = 0; step < 3; step++) {
        await eloUp.focus();
        await page.keyboard.press('Enter');
      }
      expect((await form.locator('[data-tiebreak-order] li').first().innerText()).trim()).toMatch(/^Elo/);
      await form.getByRole('button', { name: 'Add line' }).click();
      await form.getByRole('textbox', { name: 'Line 1 place' }).fill('2');
      await form.getByRole('textbox', { name: 'Line 1 label' }).fill('Finals');
      await form.getByRole('button', { name: 'Save division' }).click();
      await card.getByRole('status').getByText('Test Division was saved.').waitFor();

      await card.getByRole('checkbox', { name: 'Empty the divisions first' }).check();
      await card.getByRole('button', { name: 'By current Elo' }).click();
      await page.getByRole('dialog', { name: 'Empty the divisions first?' }).getByRole('button', { name: 'Empty and fill' }).click();
      await card.getByRole('status').getByText(/^Placed \d+ teams?\./).waitFor();

      // Take one team out, find it by search and put it back.
      await card.getByRole('button', { name: 'Teams of Test Division' }).click();
      const list = card.getByRole('list', { name: 'Teams of Test Division' });
      const firstTeam = (await list.locator('li').first().locator('p').first().innerText()).trim();
      await list.getByRole('button', { name: `Remove ${firstTeam}` }).click();
      await card.getByRole('textbox', { name: 'Find a team to add' }).fill(firstTeam);
      await card.getByRole('list', { name: 'Teams found' }).getByRole('button', { name: `Add ${firstTeam}`, exact: true }).click();
      await card.getByRole('button', { name: 'Save teams' }).click();
      await card.getByRole('status').getByText(/^Test Division has \d+ teams?\.$/).waitFor();
      expect(await seriousAxeViolations(page)).toEqual([]);

      await page.goto(`${suite.site.url}/standings?season=${seasonId}`);
      await page.getByRole('tab', { name: 'Test Division', exact: true }).click();
      const table = page.getByRole('table', { name: 'Test Division standings' });
      await table.waitFor();
      expect(await table.locator('tr[data-team-id]').count()).toBeGreaterThan(0);
      await table.getByRole('rowheader', { name: firstTeam }).waitFor();
      await page.getByRole('list', { name: 'Lines' }).getByText('Finals: places 1–2').waitFor();
    },
    SLOW,
  );
});
