// @vitest-environment node
import { selectMatchesWithElo } from '@campus-elo/db';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { closeAll, describeE2E, launchBrowser, OWNER, saveScreenshot, startTestSite, type TestSite, VIEWPORTS } from './harness';

const SLOW = 120_000;

interface Team {
  id: string;
  name: string;
  elo: number;
}

let site: TestSite;
let browser: Browser;
let page: Page;

async function team(id: string): Promise<Team> {
  return (await (await fetch(`${site.url}/v1/public/teams/${id}`)).json()) as Team;
}

async function signIn(target: Page, email: string, password: string) {
  await target.goto(`${site.url}/signin`);
  await target.getByLabel('Email').fill(email);
  await target.getByRole('textbox', { name: 'Password' }).fill(password);
  await target.getByRole('button', { name: 'Sign In' }).click();
  await target.waitForURL(`${site.url}/admin`);
  await target.getByRole('heading', { name: 'Admin Panel' }).waitFor();
}

async function chooseTeam(label: string, name: string) {
  const input = page.getByRole('combobox', { name: label });
  await input.click();
  await input.fill(name);
  await page.getByRole('option', { name, exact: true }).click();
}

/** 'Owls 1510 -> 1496 (-14)' lines of a list, by team name. */
async function eloLines(list: ReturnType<Page['getByRole']>): Promise<Map<string, { before: number; after: number }>> {
  await list.getByRole('listitem').first().waitFor();
  const lines = await list.getByRole('listitem').allTextContents();
  return new Map(
    lines.map((line) => {
      const [, name, before, after] = /^(.*) (\d+) -> (\d+) \([+-]?\d+\)$/.exec(line)!;
      return [name!, { before: Number(before), after: Number(after) }];
    }),
  );
}

describeE2E('staff correct the record: matches by hand, Elo undo, staff accounts', () => {
  let home: Team;
  let away: Team;

  beforeAll(async () => {
    [site, browser] = await Promise.all([startTestSite(), launchBrowser()]);
    const teams = ((await (await fetch(`${site.url}/v1/public/teams?sort=name&page_size=100`)).json()) as { results: Team[] }).results;
    // Two teams with no match from the day before yesterday on: the preview's totals then equal
    // the saved Elo whatever the hour (no later result of theirs is replayed, none goes live meanwhile).
    const busy = await site.database.db
      .selectFrom('matches')
      .select(['team1_id', 'team2_id'])
      .where('date', '>=', new Date(Date.now() - 2 * 24 * 3600 * 1000))
      .execute();
    const busyIds = new Set(busy.flatMap((m) => [m.team1_id, m.team2_id]));
    [home, away] = teams.filter((t) => !busyIds.has(t.id)).slice(0, 2) as [Team, Team];
    page = await browser.newPage({ viewport: VIEWPORTS.desktop });
    await signIn(page, OWNER.email, OWNER.password);
  }, SLOW);

  afterAll(() => closeAll(browser, site));

  it(
    'enters a forfeit by hand: the preview shows the Elo effect, and the team page shows the match with its Elo change',
    async () => {
      const before = [await team(home.id), await team(away.id)];
      await page.goto(`${site.url}/admin#matches`);
      await page.getByRole('button', { name: 'New match' }).click();
      await chooseTeam('Team 1', home.name);
      await chooseTeam('Team 2', away.name);
      const yesterday = new Date(Date.now() - 24 * 3600 * 1000);
      const pad = (n: number) => String(n).padStart(2, '0');
      await page.getByLabel('Date and time').fill(`${yesterday.getFullYear()}-${pad(yesterday.getMonth() + 1)}-${pad(yesterday.getDate())}T18:00`);
      await page.getByRole('textbox', { name: 'Team 1 score' }).fill('1');
      await page.getByRole('textbox', { name: 'Team 2 score' }).fill('0');
      await chooseTeam('Winner', home.name);
      await page.getByRole('checkbox', { name: /Forfeit/ }).check();
      await page.getByRole('button', { name: 'Preview Elo effect' }).click();

      const effect = await eloLines(page.getByRole('region', { name: 'Elo effect' }).getByRole('list'));
      expect(effect.get(home.name)).toEqual({ before: before[0]!.elo, after: expect.any(Number) });
      expect(effect.get(home.name)!.after).toBeGreaterThan(before[0]!.elo);
      expect(effect.get(away.name)!.after).toBeLessThan(before[1]!.elo);
      // A dry run wrote nothing.
      expect((await team(home.id)).elo).toBe(before[0]!.elo);
      await saveScreenshot(page, 'corrections-match-preview');

      await page.getByRole('button', { name: 'Save match' }).click();
      await page.getByRole('status').filter({ hasText: 'Match created' }).waitFor();
      expect((await team(home.id)).elo).toBe(effect.get(home.name)!.after);
      expect((await team(away.id)).elo).toBe(effect.get(away.name)!.after);

      // The newest hand-entered match between the two (the demo league has hand-entered event matches too).
      const match = await selectMatchesWithElo(site.database.db)
        .select(['id', 'forfeit', 'team1_elo_change'])
        .where('platform', '=', 'manual')
        .where('team1_id', '=', home.id)
        .where('team2_id', '=', away.id)
        .orderBy('created_at', 'desc')
        .executeTakeFirstOrThrow();
      expect(match.forfeit).toBe(true);
      await page.goto(`${site.url}/teams/${home.id}`);
      const row = page.locator(`tr[data-result-row="${match.id}"]`);
      await row.waitFor();
      expect(await row.textContent()).toContain(away.name);
      expect(await row.textContent()).toContain('Win');
      // The match's own change: the preview's total equals it only when no later result of
      // these teams is replayed (the demo league may have one later the same day).
      expect(match.team1_elo_change).toBeGreaterThan(0);
      expect(await row.textContent()).toContain(`+${match.team1_elo_change}`);
      await saveScreenshot(page, 'corrections-team-page');
    },
    SLOW,
  );

  it(
    "corrects the score of that match: both teams' Elo move",
    async () => {
      const before = [await team(home.id), await team(away.id)];
      await page.goto(`${site.url}/admin#matches`);
      await page.reload();
      await page.getByRole('searchbox', { name: 'Search matches' }).fill(home.name);
      await page.getByRole('row').filter({ hasText: `${home.name} vs ${away.name}` }).filter({ hasText: 'Manual' }).first().getByRole('button', { name: /^Edit / }).click();
      await page.getByRole('textbox', { name: 'Team 1 score' }).fill('0');
      await page.getByRole('textbox', { name: 'Team 2 score' }).fill('1');
      await chooseTeam('Winner', away.name);
      await page.getByRole('button', { name: 'Preview Elo effect' }).click();
      const effect = await eloLines(page.getByRole('region', { name: 'Elo effect' }).getByRole('list'));
      await page.getByRole('button', { name: 'Save match' }).click();
      await page.getByRole('status').filter({ hasText: 'Match saved' }).waitFor();

      const after = [await team(home.id), await team(away.id)];
      expect(after[0]!.elo).toBeLessThan(before[0]!.elo);
      expect(after[1]!.elo).toBeGreaterThan(before[1]!.elo);
      expect(after[0]!.elo).toBe(effect.get(home.name)!.after);
      expect(after[1]!.elo).toBe(effect.get(away.name)!.after);
    },
    SLOW,
  );

  it(
    'undoes a Calculate Team Elo run from its result',
    async () => {
      const teamsBefore = ((await (await fetch(`${site.url}/v1/public/teams?sort=name&page_size=100`)).json()) as { results: Team[] }).results;
      await page.goto(`${site.url}/admin#control-panel`);
      const card = page.getByRole('region', { name: 'Calculate Team Elo' });
      // Every team, not only those never rated, so that the run surely moves some.
      await card.getByLabel('Only teams with the default Elo').uncheck();
      await card.getByRole('button', { name: 'Calculate Team Elo' }).click();
      const dialog = page.getByRole('dialog');
      expect(await dialog.textContent()).toMatch(/\d+ teams in all/);
      await dialog.getByRole('button', { name: 'Confirm' }).click();
      await card.getByText(/Updated teams: [1-9]\d*/).waitFor();
      const changes = await eloLines(card.getByRole('list', { name: 'Elo changes' }));
      expect(changes.size).toBeGreaterThan(0);
      const moved = teamsBefore.find((t) => changes.has(t.name))!;
      expect((await team(moved.id)).elo).toBe(changes.get(moved.name)!.after);

      await card.getByRole('button', { name: 'Undo' }).click();
      // Undo asks first, listing the Elo it puts back.
      const undoDialog = page.getByRole('dialog', { name: 'Undo this run?' });
      await undoDialog.getByRole('listitem').first().waitFor();
      expect(await undoDialog.getByRole('list', { name: 'Elo changes if undone' }).getByRole('listitem').count()).toBe(changes.size);
      await undoDialog.getByRole('button', { name: 'Undo' }).click();
      await card.getByText('Undone').waitFor();
      // The dialog gave focus back into the page (its Undo button is gone now), not to the skip link at the top.
      await page.waitForFunction(() => document.activeElement?.closest('main') !== null, undefined, { timeout: 3000 });
      expect(await page.evaluate(() => document.activeElement?.textContent?.includes('Skip to content') ?? false)).toBe(false);
      await saveScreenshot(page, 'corrections-undo');
      const teamsAfter = ((await (await fetch(`${site.url}/v1/public/teams?sort=name&page_size=100`)).json()) as { results: Team[] }).results;
      expect(teamsAfter.map((t) => [t.id, t.elo])).toEqual(teamsBefore.map((t) => [t.id, t.elo]));

      // The Activity tab shows the run as undone.
      await page.goto(`${site.url}/admin#activity`);
      await page.getByRole('row').filter({ hasText: 'Calculated team Elo' }).first().getByText(/Undone/).waitFor();
    },
    SLOW,
  );

  it(
    'adds an admin, who then signs in with the password shown once',
    async () => {
      await page.goto(`${site.url}/admin#staff`);
      const card = page.getByRole('region', { name: 'Add a staff member' });
      await card.getByRole('textbox', { name: 'Email' }).fill('new.admin@example.test');
      await card.getByRole('button', { name: 'Add' }).click();
      const shown = card.getByRole('status');
      await shown.getByText(/only once/).waitFor();
      const password = (await shown.getByLabel('Initial password').textContent())!.trim();
      expect(password.length).toBeGreaterThanOrEqual(8);
      await page.getByRole('button', { name: 'Remove new.admin@example.test' }).waitFor();

      const context = await browser.newContext({ viewport: VIEWPORTS.desktop });
      const other = await context.newPage();
      await signIn(other, 'new.admin@example.test', password);
      await other.getByRole('tab', { name: 'Activity' }).waitFor();
      await context.close();
    },
    SLOW,
  );
});
