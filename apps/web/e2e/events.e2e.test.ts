// @vitest-environment node
import { mkdirSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { BracketMatch, EventDetail, EventListItem } from '@campus-elo/api-contract';
import type { Page } from 'playwright-core';
import { expect, it } from 'vitest';
import { browserSuite, describeE2E, OWNER, saveScreenshot, SCREENSHOT_DIR, seriousAxeViolations, VIEWPORTS } from './harness';

/** The machine running the suite may be busy: generous waits, still bounded. */
const SLOW = 180_000;
const WAIT = 20_000;

/**
 * The bracket pictures the docs show (docs/product.md, Events) are committed; the demo's teams
 * and dates differ from run to run, so a run rewrites them only when asked
 * (UPDATE_DOCS_IMAGES=1), and otherwise saves them with the other screenshots.
 */
const PICTURES = process.env.UPDATE_DOCS_IMAGES === '1' ? resolve(dirname(fileURLToPath(import.meta.url)), '../../../docs/images') : SCREENSHOT_DIR;

const slots = (event: EventDetail) => event.stages.flatMap((stage) => stage.rounds.flatMap((round) => round.matches.map((match) => ({ match, round: round.name }))));
const playsIn = (match: BracketMatch, teamId: string) => match.team1?.id === teamId || match.team2?.id === teamId;

describeE2E('events', () => {
  const suite = browserSuite();
  const { api } = suite;

  async function expectNoSeriousAxeViolations(page: Page, label: string) {
    expect(await seriousAxeViolations(page), `axe on ${label}`).toEqual([]);
  }

  /** The event page's bracket section (all its parts) as a PNG (see PICTURES). */
  async function saveBracketPicture(page: Page, name: string) {
    mkdirSync(PICTURES, { recursive: true });
    // The sticky top bar would cover the top of a section taller than the window.
    const topBar = (await page.getByRole('banner').elementHandle())!;
    await topBar.evaluate((element) => {
      element.style.visibility = 'hidden';
    });
    await page.getByRole('region', { name: 'Bracket', exact: true }).screenshot({ path: resolve(PICTURES, `${name}.png`) });
    await topBar.evaluate((element) => {
      element.style.visibility = '';
    });
  }

  it(
    "a visitor opens the finished playoff from /events and follows the champion's path to the final's match page",
    async ({ onTestFinished }) => {
      const page = await suite.browser.newPage({ viewport: VIEWPORTS.desktop });
      page.setDefaultTimeout(WAIT);
      onTestFinished(() => page.close());
      const problems: string[] = [];
      page.on('pageerror', (error) => problems.push(error.message));

      const past = (await api<{ results: EventListItem[] }>('events?status=past')).results;
      const playoff = past.find((event) => event.format === 'single_elimination' && event.winner);
      expect(playoff, 'the demo has a finished playoff').toBeTruthy();
      const detail = await api<EventDetail>(`events/${playoff!.id}`);
      const champion = detail.winner!;

      await page.goto(`${suite.site.url}/events`);
      await page.getByRole('heading', { level: 1, name: 'Events' }).waitFor();
      const card = page.getByRole('region', { name: 'Past' }).getByRole('link', { name: new RegExp(playoff!.name) });
      expect(await card.innerText()).toContain(champion.name);
      await expectNoSeriousAxeViolations(page, '/events');
      await card.click();
      await page.waitForURL(`**/events/${playoff!.id}`);
      await page.getByRole('heading', { level: 1, name: playoff!.name }).waitFor();
      expect(await page.getByRole('region', { name: 'Champion' }).innerText()).toContain(champion.name);

      // The champion's matches, round by round: focusing each lights up the same path.
      const path = slots(detail).filter(({ match }) => playsIn(match, champion.id));
      expect(path.length).toBe(3);
      const bracket = page.getByRole('region', { name: 'Bracket, scrolls sideways' });
      for (const { match } of path) {
        const box = bracket.locator(`[data-slot="${match.id}"]`);
        await box.focus();
        await expect.poll(() => box.getAttribute('data-highlighted')).toBe('true');
        const lit = await bracket.locator('a[data-highlighted], [role="group"][data-highlighted]').evaluateAll((boxes) => boxes.map((b) => Number(b.getAttribute('data-slot'))));
        expect(lit.sort()).toEqual(path.map(({ match: m }) => m.id).sort());
      }
      await expectNoSeriousAxeViolations(page, 'the finished playoff');
      await saveBracketPicture(page, 'bracket-single-elimination');
      await saveScreenshot(page, 'event-page-desktop');

      // The final is the last step of the path: its box leads to its match page.
      const final = path.at(-1)!;
      expect(final.round).toBe('Final');
      await bracket.locator(`[data-slot="${final.match.id}"]`).click();
      await page.waitForURL(`**/matches/${final.match.match_id}`);
      await page.getByRole('heading', { level: 1, name: `${final.match.team1!.name} vs ${final.match.team2!.name}` }).waitFor();
      // The match page names its event and round, and the champion's team page its title.
      expect(await page.locator('[data-match-event]').innerText()).toBe(`Played in ${playoff!.name}, Final`);
      await page.goto(`${suite.site.url}/teams/${champion.id}`);
      const placement = page.locator('[data-team-event]').filter({ hasText: playoff!.name });
      expect(await placement.innerText()).toContain('Champion');
      expect(problems).toEqual([]);
    },
    SLOW,
  );

  it(
    'the running double elimination shows its upper, lower and grand final parts; on a phone only the bracket scrolls sideways',
    async ({ onTestFinished }) => {
      const page = await suite.browser.newPage({ viewport: VIEWPORTS.desktop });
      page.setDefaultTimeout(WAIT);
      onTestFinished(() => page.close());
      const ongoing = (await api<{ results: EventListItem[] }>('events?status=ongoing')).results;
      const invitational = ongoing.find((event) => event.format === 'double_elimination');
      expect(invitational, 'the demo has a running double elimination').toBeTruthy();

      await page.goto(`${suite.site.url}/events/${invitational!.id}`);
      await page.getByRole('heading', { level: 1, name: invitational!.name }).waitFor();
      for (const part of ['Upper bracket', 'Lower bracket', 'Grand final']) await page.getByRole('region', { name: `${part}, scrolls sideways` }).waitFor();
      expect(await page.getByRole('region', { name: 'Champion' }).count()).toBe(0);
      await expectNoSeriousAxeViolations(page, 'the running invitational');
      await saveBracketPicture(page, 'bracket-double-elimination');

      await page.setViewportSize(VIEWPORTS.mobile);
      const upper = page.getByRole('region', { name: 'Upper bracket, scrolls sideways' });
      await expect.poll(() => upper.evaluate((element) => element.scrollWidth > element.clientWidth)).toBe(true);
      expect(await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth)).toBeLessThanOrEqual(0);
      await saveScreenshot(page, 'event-page-phone');
      // The bracket scrolls from the keyboard once its box has focus.
      await upper.focus();
      await page.keyboard.press('ArrowRight');
      await expect.poll(() => upper.evaluate((element) => element.scrollLeft)).toBeGreaterThan(0);
    },
    SLOW,
  );

  it(
    'staff create a double elimination of the top 8 by Elo, enter and link results until a champion is shown',
    async ({ onTestFinished }) => {
      const context = await suite.browser.newContext({ viewport: VIEWPORTS.desktop });
      const page = await context.newPage();
      page.setDefaultTimeout(WAIT);
      onTestFinished(() => context.close());
      await page.goto(`${suite.site.url}/signin`);
      await page.getByLabel('Email').fill(OWNER.email);
      await page.getByRole('textbox', { name: 'Password' }).fill(OWNER.password);
      await page.getByRole('button', { name: 'Sign In' }).click();
      await page.waitForURL(`${suite.site.url}/admin`);
      await page.getByRole('tab', { name: 'Events' }).click();

      const create = page.getByRole('form', { name: 'Create an event' });
      await create.getByRole('textbox', { name: 'Name' }).fill('Staff Cup');
      await create.getByLabel('Start date').fill('2026-11-20');
      await create.getByLabel('End date').fill('2026-11-21');
      const format = create.getByRole('combobox', { name: 'Format' });
      await format.click();
      await format.fill('Double');
      await page.getByRole('option', { name: 'Double elimination', exact: true }).click();
      await create.getByRole('button', { name: 'Pick the top 8 by Elo' }).click();
      await create.getByRole('button', { name: 'Create event' }).click();
      await page.getByText('Created Staff Cup with 8 teams.').waitFor();

      const events = (await api<{ results: EventListItem[] }>('events?page_size=100')).results;
      const cup = events.find((event) => event.name === 'Staff Cup')!;
      const top8 = (await api<{ results: { id: string }[] }>('teams?sort=elo&order=desc&page_size=8')).results.map((t) => t.id);
      let detail = await api<EventDetail>(`events/${cup.id}`);
      // Seeded by current Elo, the default: seed 1 is the highest.
      expect(detail.teams.map((t) => t.id)).toEqual(top8);

      // Each ready slot: a result entered as staff enter matches by hand, then linked in the tab.
      const link = page.getByRole('form', { name: 'Link a bracket slot to a match' });
      for (let played = 0; !detail.winner && played < 20; played++) {
        const { match: slot, round } = slots(detail).find(({ match }) => match.status === 'ready' && match.match_id === null)!;
        const slotName = `${round}: ${slot.team1!.name} vs ${slot.team2!.name}`;
        const entered = await page.request.post(`${suite.site.url}/v1/matches/create/`, {
          headers: { origin: suite.site.url },
          data: { team1_id: slot.team1!.id, team2_id: slot.team2!.id, status: 'completed', score_team1: 13, score_team2: 7, winner_id: slot.team1!.id, date: '2026-11-20T18:00:00Z' },
        });
        expect(entered.status()).toBe(201);
        const matchId = ((await entered.json()) as { match: { id: string } }).match.id;
        const slotField = link.getByRole('combobox', { name: 'Slot' });
        await slotField.click();
        await slotField.fill(slotName);
        await page.getByRole('option', { name: slotName, exact: true }).click();
        await link.getByLabel('Match id').fill(matchId);
        await link.getByRole('button', { name: 'Link' }).click();
        await page.getByText(`Linked the match to ${slotName}.`).waitFor();
        await page.getByRole('region', { name: 'Edit an event' }).getByRole('button', { name: 'Dismiss' }).click();
        detail = await api<EventDetail>(`events/${cup.id}`);
      }
      expect(detail.winner).not.toBeNull();

      await page.goto(`${suite.site.url}/events/${cup.id}`);
      expect(await page.getByRole('region', { name: 'Champion' }).innerText()).toContain(detail.winner!.name);
      await page.getByRole('region', { name: 'Grand final, scrolls sideways' }).locator('a[data-slot]').first().waitFor();
    },
    SLOW,
  );
});
