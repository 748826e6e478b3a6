// @vitest-environment node
import type { Page } from 'playwright-core';
import { expect, it } from 'vitest';
import { browserSuite, describeE2E, seriousAxeViolations, VIEWPORTS } from './harness';

/** The machine running the suite may be busy: generous waits, still bounded. */
const SLOW = 180_000;
const WAIT = 20_000;

interface TeamRow {
  id: string;
  name: string;
  elo: number;
  rated_matches: number;
  provisional: boolean;
}

describeE2E('why this rank: the team rating page, provisional marks and /ratings', () => {
  const suite = browserSuite();
  const { api } = suite;

  async function openPage(width: keyof typeof VIEWPORTS, onTestFinished: (fn: () => Promise<void>) => void): Promise<{ page: Page; problems: string[] }> {
    const page = await suite.browser.newPage({ viewport: VIEWPORTS[width] });
    page.setDefaultTimeout(WAIT);
    onTestFinished(() => page.close());
    const problems: string[] = [];
    page.on('pageerror', (error) => problems.push(error.message));
    return { page, problems };
  }

  it(
    "team page -> its rating page, whose total is the team's Elo, axe-clean at phone and desktop widths",
    async ({ onTestFinished }) => {
      const { results } = await api<{ results: TeamRow[] }>('teams?sort=elo&order=desc&page=1&page_size=1');
      const top = results[0]!;
      for (const width of ['mobile', 'desktop'] as const) {
        const { page, problems } = await openPage(width, onTestFinished);
        await page.goto(`${suite.site.url}/teams/${top.id}`);
        await page.getByRole('link', { name: `${top.elo} Elo: how it adds up` }).click();
        await page.waitForURL(`**/teams/${top.id}/rating`);
        await page.getByRole('heading', { level: 1, name: `Why ${top.name} has Elo ${top.elo}` }).waitFor();
        expect(await page.locator('[data-rating-total]').textContent()).toBe(String(top.elo));
        // The running total of the last change shown is the team's Elo too.
        const totals = await page.locator('li[data-step]').allTextContents();
        expect(totals.length).toBeGreaterThan(0);
        expect(totals.at(-1)).toContain(`Running total: ${top.elo}`);
        // The demo team's starting Elo came from its roster: the stored numbers are written out.
        expect(await page.locator('[data-calculation]').first().textContent()).toMatch(/^Calculated from \d players’ FACEIT Elo: .+ → team Elo \d+\.$/);
        expect(await seriousAxeViolations(page), `axe on the rating page (${width})`).toEqual([]);
        expect(problems).toEqual([]);
      }
    },
    SLOW,
  );

  it(
    'marks a provisional team with a ? whose tooltip gives the reason, and no established team',
    async ({ onTestFinished }) => {
      const { results } = await api<{ results: TeamRow[] }>('teams?sort=elo&order=desc&page=1&page_size=100');
      const established = results.find((team) => !team.provisional)!;
      const provisional = results.find((team) => team.provisional);
      expect(provisional, 'the demo league has a provisional team').toBeDefined();
      const reason = `Provisional: ${provisional!.rated_matches} of 5 rated matches played`;

      // Its rating page always shows its rank (among all teams), so the mark.
      const { page, problems } = await openPage('desktop', onTestFinished);
      await page.goto(`${suite.site.url}/teams/${provisional!.id}/rating`);
      const mark = page.getByRole('button', { name: reason });
      await mark.waitFor();
      // Reached by keyboard: focus shows the tooltip with the reason.
      await mark.focus();
      await expect.poll(() => page.getByRole('tooltip').textContent()).toBe(reason);
      expect(await seriousAxeViolations(page)).toEqual([]);

      // The team page shows it beside the season's rank, when the team has one.
      const teamPage = await api<{ rank: number | null }>(`teams/${provisional!.id}`);
      await page.goto(`${suite.site.url}/teams/${provisional!.id}`);
      await page.getByRole('heading', { level: 1, name: provisional!.name }).waitFor();
      expect(await page.getByRole('button', { name: reason }).count()).toBe(teamPage.rank === null ? 0 : 1);

      for (const path of [`/teams/${established.id}`, `/teams/${established.id}/rating`]) {
        await page.goto(`${suite.site.url}${path}`);
        await page.getByRole('heading', { level: 1 }).first().waitFor();
        expect(await page.locator('[data-provisional]').count(), path).toBe(0);
      }
      expect(problems).toEqual([]);
    },
    SLOW,
  );

  it(
    '/ratings is reachable from /rankings and axe-clean at phone and desktop widths',
    async ({ onTestFinished }) => {
      for (const width of ['mobile', 'desktop'] as const) {
        const { page, problems } = await openPage(width, onTestFinished);
        await page.goto(`${suite.site.url}/rankings`);
        await page.getByRole('link', { name: 'How ratings work' }).click();
        await page.waitForURL('**/ratings');
        await page.getByRole('heading', { level: 1, name: 'How ratings work' }).waitFor();
        await page.getByRole('heading', { name: 'The Elo rule' }).waitFor();
        // The demo league's accuracy beside both baselines, the chart with its diagonal and its table.
        const figures = page.getByRole('table', { name: /rated matches, all seasons/ });
        await figures.waitFor();
        for (const row of ['Elo', 'Coin flip', 'Higher starting Elo wins']) expect(await figures.getByRole('rowheader', { name: row, exact: true }).count()).toBe(1);
        expect(await page.getByRole('img', { name: /Calibration chart/ }).locator('line').count()).toBe(1);
        expect(await page.getByRole('table', { name: /The chart’s numbers/ }).getByRole('row').count()).toBe(11);
        expect(await page.title()).toContain('How ratings work');
        expect(await seriousAxeViolations(page), `axe on /ratings (${width})`).toEqual([]);
        // One season's figures: the newest season with rated matches, its name in the caption.
        const picker = page.getByRole('combobox', { name: 'Matches of' });
        const seasons = await picker.locator('option').allTextContents();
        expect(seasons[0]).toBe('All seasons');
        expect(seasons.length).toBeGreaterThan(1);
        const seasonName = seasons[1] as string;
        await picker.selectOption({ label: seasonName });
        await page.getByRole('table', { name: new RegExp(`rated matches, in ${seasonName}`) }).or(page.getByText('No rated matches in this season, so nothing to measure.')).waitFor({ timeout: WAIT });
        expect(problems).toEqual([]);
      }
    },
    SLOW,
  );
});
