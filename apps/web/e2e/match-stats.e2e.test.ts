// @vitest-environment node
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { closeAll, describeE2E, hydrated, launchBrowser, saveScreenshot, seriousAxeViolations, startTestSite, type TestSite, VIEWPORTS } from './harness';

/** The machine running the suite may be busy: generous waits, still bounded. */
const SLOW = 180_000;
const WAIT = 20_000;

async function expectNoSeriousAxeViolations(page: Page, label: string) {
  expect(await seriousAxeViolations(page), `axe on ${label}`).toEqual([]);
}

/** The page is no wider than the screen: wide tables scroll inside their own box. */
async function expectNoSidewaysScroll(page: Page, label: string) {
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
  expect(overflow, `sideways scroll on ${label}`).toBeLessThanOrEqual(0);
}

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** A table's numeric column values in row order. */
const columnValues = (page: Page, table: string, column: string) =>
  page.evaluate(
    ([name, key]) => {
      const element = [...document.querySelectorAll('table')].find((candidate) => candidate.querySelector('caption')?.textContent === name);
      return [...(element?.querySelectorAll(`tbody td[data-cell="${key}"]`) ?? [])].map((cell) => Number(cell.textContent));
    },
    [table, column] as const,
  );

describeE2E('the game: match maps, scoreboards, player stats and leaderboards', () => {
  let site: TestSite;
  let browser: Browser;

  beforeAll(async () => {
    [site, browser] = await Promise.all([startTestSite({ seed: 'demo' }), launchBrowser()]);
  });

  afterAll(() => closeAll(browser, site));

  /** A played best-of-three of the demo league with linked players on its scoreboards. */
  async function seriesWithLines() {
    const row = await site.database.db
      .selectFrom('match_maps as mm')
      .innerJoin('matches as m', 'm.id', 'mm.match_id')
      .innerJoin('teams as t1', 't1.id', 'm.team1_id')
      .innerJoin('teams as t2', 't2.id', 'm.team2_id')
      .select(['m.id', 't1.name as team1', 't2.name as team2'])
      .select((eb) => eb.fn.countAll<number>().as('maps'))
      .where('m.status', '=', 'completed')
      .where((eb) => eb.exists(eb.selectFrom('match_map_players as l').select('l.match_id').whereRef('l.match_id', '=', 'm.id').where('l.player_id', 'is not', null)))
      .groupBy(['m.id', 't1.name', 't2.name'])
      .having((eb) => eb.fn.countAll(), '>', 1)
      .orderBy('m.id')
      .executeTakeFirstOrThrow();
    return row;
  }

  it.each(['mobile', 'desktop'] as const)(
    'match -> a map scoreboard sorted by keyboard -> a player -> the leaderboard, on a %s screen, with nothing serious for axe',
    async (viewport) => {
      const page = await browser.newPage({ viewport: VIEWPORTS[viewport] });
      page.setDefaultTimeout(WAIT);
      const problems: string[] = [];
      page.on('pageerror', (error) => problems.push(error.message));
      try {
        const match = await seriesWithLines();
        await page.goto(`${site.url}/matches/${match.id}`);
        await hydrated(page);
        const maps = page.getByRole('region', { name: 'Maps and scoreboards' });
        await maps.waitFor();
        expect(await maps.locator('[data-maps-won]').innerText()).toMatch(new RegExp(`^Maps won: .+ \\d – \\d .+$`));
        // The series total first, then one tab per map.
        const tabs = maps.getByRole('tab');
        expect(await tabs.first().innerText()).toBe('Series total');
        expect(await tabs.count()).toBe(Number(match.maps) + 1);
        await expectNoSeriousAxeViolations(page, `match page (${viewport})`);

        // The first map: its banner, score and both teams' scoreboards.
        await tabs.nth(1).click();
        const panel = maps.getByRole('tabpanel');
        await panel.locator('[data-map]').waitFor();
        const table = panel.getByRole('table').first();
        expect(await table.locator('caption').innerText()).toMatch(new RegExp(`^${escapeRegExp(match.team1)}, .+ scoreboard$`));
        expect(await panel.getByRole('table').count()).toBe(2);
        await expectNoSidewaysScroll(page, `match page (${viewport})`);

        // Sorting by kills with the keyboard: the header button takes focus, Enter sorts, again reverses.
        const kills = table.getByRole('columnheader', { name: /^K/ }).first();
        await kills.getByRole('button').focus();
        await page.keyboard.press('Enter');
        expect(await kills.getAttribute('aria-sort')).toBe('descending');
        const caption = await table.locator('caption').innerText();
        const descending = await columnValues(page, caption, 'kills');
        expect(descending).toEqual([...descending].sort((a, b) => b - a));
        await page.keyboard.press('Enter');
        expect(await kills.getAttribute('aria-sort')).toBe('ascending');
        const ascending = await columnValues(page, caption, 'kills');
        expect(ascending).toEqual([...ascending].sort((a, b) => a - b));
        await saveScreenshot(page, `match-maps-${viewport}`);

        // A linked player's name leads to their page with their match stats.
        const playerLink = table.getByRole('link').first();
        const playerName = await playerLink.innerText();
        await playerLink.click();
        await page.waitForURL(/\/players\/[0-9a-f-]{36}$/);
        await page.getByRole('heading', { level: 1, name: playerName }).waitFor();
        const careerTable = page.getByRole('table', { name: 'Career and seasons' });
        await careerTable.waitFor();
        expect(await careerTable.getByRole('rowheader').first().innerText()).toBe('Career');
        await page.getByRole('table', { name: 'Recent matches' }).waitFor();
        await expectNoSidewaysScroll(page, `player page (${viewport})`);
        await expectNoSeriousAxeViolations(page, `player page (${viewport})`);
        await saveScreenshot(page, `player-stats-${viewport}`);

        // The leaderboard from the site's navigation.
        await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Stats' }).click();
        await page.waitForURL(/\/stats/);
        await page.getByRole('heading', { level: 1, name: 'Stats' }).waitFor();
        expect(await page.locator('[data-min-maps-rule]').innerText()).toMatch(/^Players with at least 5 maps in /);
        // Everyone with a map, so the demo league's players all show.
        await page.getByLabel('Minimum maps').selectOption('1');
        await page.waitForURL(/min_maps=1/);
        const leaderboard = page.getByRole('table', { name: 'Player leaderboard' });
        await leaderboard.waitFor();
        expect(await leaderboard.getByRole('columnheader', { name: /Rating/ }).getAttribute('aria-sort')).toBe('descending');
        // Another order, from the keyboard, kept in the URL (Maps: a column a phone shows too).
        await leaderboard.getByRole('columnheader', { name: /^Maps/ }).getByRole('button').focus();
        await page.keyboard.press('Enter');
        await page.waitForURL(/sort=maps/);
        await expect.poll(() => leaderboard.getByRole('columnheader', { name: /^Maps/ }).getAttribute('aria-sort')).toBe('descending');
        const firstPlayer = leaderboard.getByRole('link').first();
        await firstPlayer.waitFor();
        await expectNoSidewaysScroll(page, `stats page (${viewport})`);
        await expectNoSeriousAxeViolations(page, `stats page (${viewport})`);
        await saveScreenshot(page, `stats-${viewport}`);
        // Each row links to its player.
        const leader = await firstPlayer.innerText();
        await firstPlayer.click();
        await page.getByRole('heading', { level: 1, name: leader }).waitFor();

        // The teams tab ranks the season's teams by map win rate; a row links to its team.
        await page.goto(`${site.url}/stats?min_maps=1#teams`);
        const teamBoard = page.getByRole('table', { name: 'Team map leaderboard' });
        await teamBoard.waitFor();
        expect(await teamBoard.getByRole('columnheader', { name: /Win %/ }).getAttribute('aria-sort')).toBe('descending');
        expect(await teamBoard.locator('tbody tr').count()).toBeGreaterThan(1);
        await expectNoSidewaysScroll(page, `stats teams tab (${viewport})`);
        await expectNoSeriousAxeViolations(page, `stats teams tab (${viewport})`);
        const firstTeam = teamBoard.getByRole('link').first();
        const teamName = await firstTeam.innerText();
        await firstTeam.click();
        await page.waitForURL(/\/teams\/[0-9a-f-]{36}$/);
        await page.getByRole('heading', { level: 1, name: teamName }).waitFor();
        expect(problems).toEqual([]);
      } finally {
        await page.close();
      }
    },
    SLOW,
  );
});
