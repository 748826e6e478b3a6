// @vitest-environment node
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { faceitMatch, startFakeFaceit, startFakeLeaguespot, type FakeFaceit, type FakeLeaguespot } from '../../server/test-support/fakes';
import { OWNER, VIEWPORTS, describeE2E, launchBrowser, saveScreenshot, startTestSite, type TestSite, hydrated } from './harness';

const SLOW = 180_000;
const CHAMPIONSHIP = 'e2e-championship';
const FACEIT_TEAMS = ['E2E Falcons', 'E2E Herons', 'E2E Ravens', 'E2E Swifts'];

interface Paged<T> {
  count: number;
  results: T[];
}
interface Named {
  id: string;
  name: string;
}

let faceit: FakeFaceit;
let leaguespot: FakeLeaguespot;
let site: TestSite;
let browser: Browser;
let page: Page;

/** Four finished matches an hour ago (newer than any past demo match) and two upcoming ones. */
function championshipMatches() {
  const now = Math.floor(Date.now() / 1000);
  const pairs: [string, string][] = [
    [FACEIT_TEAMS[0]!, FACEIT_TEAMS[1]!],
    [FACEIT_TEAMS[2]!, FACEIT_TEAMS[3]!],
    [FACEIT_TEAMS[0]!, FACEIT_TEAMS[2]!],
    [FACEIT_TEAMS[1]!, FACEIT_TEAMS[3]!],
    [FACEIT_TEAMS[0]!, FACEIT_TEAMS[3]!],
    [FACEIT_TEAMS[1]!, FACEIT_TEAMS[2]!],
  ];
  return pairs.map(([team1, team2], i) =>
    faceitMatch({
      matchId: `1-e2e-${i}`,
      championshipId: CHAMPIONSHIP,
      championshipName: 'E2E Cup',
      team1,
      team2,
      status: i < 4 ? 'FINISHED' : 'SCHEDULED',
      // Finished ones end (scheduled + 1 h) a few minutes ago; the rest are in two days.
      scheduledAt: i < 4 ? now - 3600 - 60 * (i + 1) : now + 2 * 86_400 + i * 3600,
      score: [1, 0],
    }),
  );
}

async function publicApi<T>(path: string): Promise<T> {
  return (await (await fetch(`${site.url}/v1/public/${path}`)).json()) as T;
}

async function next() {
  await page.getByRole('button', { name: 'Next', exact: true }).click();
}

async function expectAlert(text: string) {
  await page.getByRole('alert').filter({ hasText: text }).waitFor();
}

async function openWizard() {
  await page.goto(`${site.url}/admin#import`);
  await page.getByRole('tab', { name: 'Import Matches' }).waitFor();
  await page.getByRole('heading', { name: 'Select Platform' }).waitFor();
}

function horizontalOverflow(): Promise<number> {
  return page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
}

async function chooseSeason(name: string) {
  const input = page.getByRole('combobox', { name: 'Season', exact: true });
  await input.click();
  await input.fill(name);
  await page.getByRole('option', { name, exact: true }).click();
}

describeE2E('import matches wizard against the fake platforms', () => {
  beforeAll(async () => {
    [faceit, leaguespot] = await Promise.all([startFakeFaceit(), startFakeLeaguespot()]);
    faceit.setChampionship(CHAMPIONSHIP, championshipMatches());
    [site, browser] = await Promise.all([
      startTestSite({ env: { FACEIT_API_BASE: faceit.url, FACEIT_API_KEY: faceit.apiKey, LEAGUESPOT_API_BASE: leaguespot.url } }),
      launchBrowser(),
    ]);
    page = await browser.newPage({ viewport: VIEWPORTS.desktop });
    page.on('dialog', (dialog) => void dialog.accept());
    await page.goto(`${site.url}/signin`);
    await page.getByLabel('Email').fill(OWNER.email);
    await page.getByLabel(/^Password/).fill(OWNER.password);
    await page.getByRole('button', { name: 'Sign In' }).click();
    await page.waitForURL(`${site.url}/admin`);
    await page.getByRole('heading', { name: 'Admin Panel' }).waitFor();
  }, SLOW);

  afterAll(async () => {
    await browser?.close();
    await site?.close();
    await Promise.all([faceit?.close(), leaguespot?.close()]);
  });

  it(
    'imports a Faceit championship step by step, then shows its matches on /matches',
    async () => {
      const existing = (await publicApi<Paged<Named>>('teams?sort=name&order=asc&page_size=1')).results[0]!;
      await openWizard();
      expect(await page.getByRole('button', { name: 'Previous' }).isDisabled()).toBe(true);

      // 0 Platform, 1 Type
      await page.getByRole('radio', { name: 'Faceit' }).check();
      await next();
      await page.getByRole('heading', { name: 'Select Type' }).waitFor();
      await page.getByRole('radio', { name: 'League' }).check();
      await next();

      // 2 Season: required; a season created inline is added and selected.
      await page.getByRole('heading', { name: 'Select Season' }).waitFor();
      await next();
      await expectAlert('Please select a season');
      await page.getByRole('button', { name: 'Create New Season' }).click();
      const form = page.getByRole('form', { name: 'Create New Season' });
      await form.getByLabel('Season Name').fill('E2E Import Season');
      await form.getByLabel('Start Date').fill('2025-01-01');
      await form.getByLabel('End Date').fill('2027-12-31');
      await form.getByRole('button', { name: 'Create Season' }).click();
      await expect.poll(() => page.getByRole('combobox', { name: 'Season', exact: true }).inputValue()).toBe('E2E Import Season');
      await next();

      // 3 Details: both fields required, then the preview is fetched on the server.
      await page.getByRole('heading', { name: 'Input Data' }).waitFor();
      await next();
      await expectAlert('Please fill in all fields');
      await page.getByLabel('Competition Name').fill('E2E Cup');
      await page.getByLabel('Faceit Championship ID').fill('no-such-championship');
      await next();
      await expectAlert('Failed to fetch preview data. Please check the season/event ID and try again.');
      await page.getByLabel('Faceit Championship ID').fill(CHAMPIONSHIP);
      await next();

      // 4 Preview
      await page.getByText('Found 6 matches to import').waitFor();
      expect(await page.getByRole('table', { name: 'Matches to import' }).getByRole('row').count()).toBe(7);
      await saveScreenshot(page, 'imports-preview');
      await next();

      // 5 Match: one platform team mapped to an existing team; a mapping can be removed.
      const platformTeams = page.getByRole('region', { name: 'Teams from Faceit' });
      const existingTeams = page.getByRole('region', { name: 'Existing Teams' });
      const matchButton = page.getByRole('button', { name: 'Match Teams' });
      await platformTeams.getByRole('button', { name: FACEIT_TEAMS[0] }).waitFor();
      expect(await matchButton.isDisabled()).toBe(true);
      await platformTeams.getByRole('button', { name: FACEIT_TEAMS[1] }).click();
      await existingTeams.getByPlaceholder('Search existing teams...').fill(existing.name);
      await existingTeams.getByRole('button', { name: existing.name, exact: true }).click();
      await matchButton.click();
      const matched = page.getByRole('region', { name: 'Matched Teams' });
      await matched.getByText(FACEIT_TEAMS[1]!).waitFor();
      await matched.getByRole('button', { name: `Remove ${FACEIT_TEAMS[1]}` }).click();
      await platformTeams.getByRole('button', { name: FACEIT_TEAMS[1] }).waitFor();
      await platformTeams.getByRole('button', { name: FACEIT_TEAMS[0] }).click();
      await existingTeams.getByRole('button', { name: existing.name, exact: true }).click();
      await matchButton.click();
      await matched.getByText(FACEIT_TEAMS[0]!).waitFor();
      await saveScreenshot(page, 'imports-matcher');
      await page.getByRole('button', { name: 'Import', exact: true }).click();
      // The teams left unmatched are listed before they are created, and the Elo the import
      // moves (its dry run) before it runs.
      const create = page.getByRole('dialog', { name: /^Import \d+ match(es)? and create \d+ teams?\?$/ });
      await create.getByRole('listitem').first().waitFor();
      expect(await create.getByRole('list', { name: 'Elo changes if imported' }).getByRole('listitem').count()).toBeGreaterThan(0);
      expect(await create.getByRole('list', { name: 'Teams to create' }).getByRole('listitem').allTextContents()).not.toContain(FACEIT_TEAMS[0]);
      await create.getByRole('button', { name: 'Import', exact: true }).click();

      // 6 Complete
      await page.getByText('Successfully imported 6 matches!').waitFor();
      await page.getByText(/^Created \d+ teams? and \d+ players?\.$/).waitFor();
      expect(await page.getByRole('button', { name: 'Next', exact: true }).isDisabled()).toBe(true);
      await saveScreenshot(page, 'imports-complete');

      // The four finished matches are among the newest on the past tab (a demo result dated
      // later the same day may come first); the matched platform team plays as the existing team.
      await page.goto(`${site.url}/matches#past`);
      // The server renders the default tab (it never sees the #fragment); the past tab once the app has taken over.
      await hydrated(page);
      await expect.poll(() => page.getByRole('tab', { name: 'Past' }).getAttribute('aria-selected')).toBe('true');
      const cards = page.getByRole('tabpanel').locator('li[data-match-id]');
      await cards.first().waitFor();
      const newest = (await cards.evaluateAll((items) => items.slice(0, 8).map((item) => item.textContent ?? ''))).filter((text) => text.includes('E2E Cup'));
      expect(newest).toHaveLength(4);
      const shown = newest.join(' ');
      for (const name of [existing.name, FACEIT_TEAMS[1]!, FACEIT_TEAMS[2]!, FACEIT_TEAMS[3]!]) expect(shown).toContain(name);
      expect(shown).not.toContain(FACEIT_TEAMS[0]!);
      await saveScreenshot(page, 'imports-past-matches');

      // The finished matches came with their maps and scoreboards (the fake serves each one's
      // stats), shown on the match page with the imported players linked.
      const imported = await site.database.db
        .selectFrom('matches')
        .select('id')
        .where('platform', '=', 'faceit')
        .where('status', '=', 'completed')
        .where('external_id', 'like', '1-e2e-%')
        .orderBy('external_id')
        .executeTakeFirstOrThrow();
      const details = await publicApi<{ maps: { players: { player: Named | null }[] }[] }>(`matches/${imported.id}/maps`);
      expect(details.maps.length).toBeGreaterThan(0);
      expect(details.maps[0]!.players).toHaveLength(10);
      expect(details.maps[0]!.players.filter((line) => line.player !== null).length).toBeGreaterThan(0);
      await page.goto(`${site.url}/matches/${imported.id}`);
      const maps = page.getByRole('region', { name: 'Maps and scoreboards' });
      await maps.locator('[data-maps-won]').waitFor();
      expect(await maps.getByRole('tab').count()).toBeGreaterThanOrEqual(details.maps.length);
      await saveScreenshot(page, 'imports-match-maps');

      const upcoming = await publicApi<Paged<{ competition: Named | null }>>('matches?status=scheduled&competition_name=E2E%20Cup');
      expect(upcoming.count).toBe(2);
    },
    SLOW,
  );

  it(
    'imports a Leaguespot season, listing the round that failed and the byes as skipped',
    async () => {
      const failingRound = leaguespot.rounds[1]!;
      leaguespot.fault({ path: `/rounds/${failingRound.id}/matches`, status: 500 });
      const realMatches = [...leaguespot.matches.values()].filter((m) => (m.participants?.length ?? 0) === 2);
      const expected = realMatches.filter((m) => !failingRound.matchIds.includes(m.id)).length;

      // On a phone: the steps stack and nothing scrolls sideways.
      await page.setViewportSize(VIEWPORTS.mobile);
      await openWizard();
      await page.getByRole('radio', { name: 'Leaguespot' }).check();
      await next();
      await page.getByRole('radio', { name: 'Event (Bracket based)' }).check();
      await next();
      await chooseSeason('E2E Import Season');
      await next();
      await page.getByLabel('Competition Name').fill('Playfly E2E');
      await next();
      await expectAlert('Season ID is required');
      await page.getByLabel('Leaguespot Season ID').fill(leaguespot.seasonId);
      await next();

      await page.getByText(`Found ${expected} matches to import`).waitFor();
      const skipped = page.getByRole('region', { name: 'Skipped' });
      await skipped.getByText(`${failingRound.name} (Leaguespot answered 500)`).waitFor();
      expect(await skipped.getByText('Bye', { exact: true }).count()).toBeGreaterThan(0);
      expect(await horizontalOverflow()).toBeLessThanOrEqual(0);
      await saveScreenshot(page, 'imports-leaguespot-preview-mobile');
      await next();
      await page.getByRole('region', { name: 'Teams from Leaguespot' }).waitFor();
      expect(await horizontalOverflow()).toBeLessThanOrEqual(0);
      await page.getByRole('button', { name: 'Import', exact: true }).click();
      await page.getByRole('dialog').getByRole('button', { name: 'Import', exact: true }).click();
      await page.getByText(`Successfully imported ${expected} matches!`).waitFor();

      const imported = await publicApi<Paged<unknown>>(`matches?competition_name=Playfly%20E2E&status=completed,scheduled&page_size=1`);
      expect(imported.count).toBe(expected);
    },
    SLOW,
  );
});
