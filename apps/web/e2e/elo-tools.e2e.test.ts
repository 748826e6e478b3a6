// @vitest-environment node
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser, BrowserContext, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, expect, it } from 'vitest';
// The restore command's function, run in-process against the test site's database.
import { restoreFrom } from '../../server/src/features/database/cli';
import { faceitPlayer, startFakeFaceit, startFakeLeaguespot, type FakeFaceit, type FakeLeaguespot } from '../../server/test-support/fakes';
import { dumpTables } from '../../server/test/staff-callers';
import { OWNER, VIEWPORTS, describeE2E, launchBrowser, saveScreenshot, startTestSite, type TestSite } from './harness';

const SLOW = 120_000;
const LEAGUE_TABLES = ['teams', 'players', 'player_seasons', 'participants', 'matches', 'rankings', 'ranking_items', 'seasons', 'competitions'] as const;

let site: TestSite;
let faceit: FakeFaceit;
let leaguespot: FakeLeaguespot;
let browser: Browser;
let context: BrowserContext;
let page: Page;
let folder: string;

interface Paged<T> {
  count: number;
  results: T[];
}

async function publicApi<T>(path: string): Promise<T> {
  const response = await fetch(`${site.url}/v1/public/${path}`);
  return (await response.json()) as T;
}

/** Runs a Control Panel tool: its button, then Confirm in the dialog; answers the tool's card. */
async function runTool(title: string, confirmLabel = 'Confirm'): Promise<Locator> {
  const card = page.getByRole('region', { name: title });
  await card.getByRole('button', { name: title }).click();
  await page.getByRole('dialog').getByRole('button', { name: confirmLabel }).click();
  return card;
}

async function chooseOption(label: string, optionText: string) {
  const input = page.getByRole('combobox', { name: label });
  await input.click();
  await input.fill(optionText);
  await page.getByRole('option', { name: new RegExp(`^${optionText.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')} \\(Elo`) }).click();
}

interface PngFacts {
  width: number;
  height: number;
  /** The largest standard deviation of the red, green and blue values: near 0 means blank. */
  stdev: number;
}

/** Decodes a PNG in the browser (Chromium's own decoder) and measures it. */
async function measurePng(bytes: Buffer): Promise<PngFacts> {
  return page.evaluate(async (base64) => {
    // Decoded here rather than fetched as a data: URL, which the page's CSP (connect-src) refuses.
    const bytes = Uint8Array.from(atob(base64), (char) => char.charCodeAt(0));
    const bitmap = await createImageBitmap(new Blob([bytes], { type: 'image/png' }));
    const canvas = new OffscreenCanvas(bitmap.width, bitmap.height);
    const context = canvas.getContext('2d')!;
    context.drawImage(bitmap, 0, 0);
    const { data } = context.getImageData(0, 0, bitmap.width, bitmap.height);
    const stdevs = [0, 1, 2].map((channel) => {
      let sum = 0;
      let squares = 0;
      const n = data.length / 4;
      for (let i = channel; i < data.length; i += 4) {
        sum += data[i]!;
        squares += data[i]! * data[i]!;
      }
      return Math.sqrt(squares / n - (sum / n) ** 2);
    });
    return { width: bitmap.width, height: bitmap.height, stdev: Math.max(...stdevs) };
  }, bytes.toString('base64'));
}

async function downloadGraphic(): Promise<PngFacts & { name: string; signature: string }> {
  await page.locator('canvas[data-drawn="true"]').waitFor();
  const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Download' }).click()]);
  const path = join(folder, `${Date.now()}-${download.suggestedFilename()}`);
  await download.saveAs(path);
  const bytes = readFileSync(path);
  return { ...(await measurePng(bytes)), name: download.suggestedFilename(), signature: bytes.subarray(1, 4).toString('latin1') };
}

/** A two-colour PNG made by the browser, to upload as a background. */
async function backgroundPng(): Promise<Buffer> {
  const base64 = await page.evaluate(async () => {
    const canvas = new OffscreenCanvas(600, 400);
    const context = canvas.getContext('2d')!;
    context.fillStyle = '#2f9e44';
    context.fillRect(0, 0, 600, 400);
    context.fillStyle = '#f08c00';
    context.fillRect(0, 0, 300, 200);
    const blob = await canvas.convertToBlob({ type: 'image/png' });
    const bytes = new Uint8Array(await blob.arrayBuffer());
    let text = '';
    for (const byte of bytes) text += String.fromCharCode(byte);
    return btoa(text);
  });
  return Buffer.from(base64, 'base64');
}

describeE2E('Elo tools, merge, clear database and the graphic generator', () => {
  beforeAll(async () => {
    folder = mkdtempSync(join(tmpdir(), 'campus-e2e-tools-'));
    [faceit, leaguespot] = await Promise.all([startFakeFaceit(), startFakeLeaguespot()]);
    site = await startTestSite({ env: { FACEIT_API_BASE: faceit.url, FACEIT_API_KEY: faceit.apiKey, LEAGUESPOT_API_BASE: leaguespot.url } });
    browser = await launchBrowser();
    context = await browser.newContext({ viewport: VIEWPORTS.desktop, acceptDownloads: true });
    page = await context.newPage();
    await page.goto(`${site.url}/signin`);
    await page.getByLabel('Email').fill(OWNER.email);
    await page.getByLabel(/^Password/).fill(OWNER.password);
    await page.getByRole('button', { name: 'Sign In' }).click();
    await page.waitForURL(/\/admin/);
  }, SLOW);

  afterAll(async () => {
    await browser?.close();
    await site?.close();
    await Promise.all([faceit?.close(), leaguespot?.close()]);
    if (folder) rmSync(folder, { recursive: true, force: true });
  });

  it(
    'runs each Elo tool of the Control Panel on the demo league',
    async () => {
      await page.goto(`${site.url}/admin#control-panel`);
      const weeksBefore = await publicApi<Paged<unknown>>('rankings?page_size=100');

      // The two import tools (the imports feature's), against the fake platforms.
      const player = await site.database.db.selectFrom('players').select('steam_id').where('steam_id', 'is not', null).orderBy('name').executeTakeFirstOrThrow();
      faceit.setPlayer(faceitPlayer(player.steam_id!, 2345, 9));
      const updatePlayers = await runTool('Update Player Elo');
      await updatePlayers.getByText(/Not found on Faceit: \d+/).waitFor();
      expect(await updatePlayers.getByText(/Updated players: \d+/).textContent()).toBe('Updated players: 1');
      const updateMatches = await runTool('Update Matches');
      await updateMatches.getByText(/Total processed: \d+/).waitFor();

      // A failure: a match the platform cannot answer is listed by its teams, with why; nothing
      // else was asked for, so nothing succeeded: red, never green.
      const failing = await site.database.db
        .selectFrom('matches')
        .innerJoin('teams as t1', 't1.id', 'matches.team1_id')
        .innerJoin('teams as t2', 't2.id', 'matches.team2_id')
        .select(['matches.id', 'matches.external_id', 't1.name as team1', 't2.name as team2'])
        .where('matches.platform', '=', 'faceit')
        .orderBy('matches.id')
        .executeTakeFirstOrThrow();
      faceit.fault({ path: new RegExp(failing.external_id), status: 404 });
      await updateMatches.getByLabel('Match IDs (optional)').fill(failing.id);
      await runTool('Update Matches');
      // The run is a job: the previous run's result stays until this one has finished.
      await updateMatches.getByText('Total processed: 1', { exact: true }).waitFor();
      const failedItems = updateMatches.getByRole('list', { name: 'Failed items' });
      expect(await failedItems.getByRole('listitem').allTextContents()).toEqual([expect.stringMatching(new RegExp(`^${failing.team1} vs ${failing.team2} \\(Faceit\\): .+`))]);
      expect(await updateMatches.getByRole('alert').getAttribute('style')).toContain('red');
      await saveScreenshot(page, 'elo-tools-partial-failure');
      faceit.clearFaults();
      await updateMatches.getByLabel('Match IDs (optional)').fill('');

      const reset = await runTool('Reset Player Elo', 'Reset');
      await expect.poll(() => reset.getByText(/Updated players: \d+/).textContent()).toMatch(/Updated players: [1-9]\d*/);

      const calculate = await runTool('Calculate Team Elo');
      await calculate.getByText(/Total teams processed: \d+/).waitFor();
      expect(await calculate.getByText(/Updated teams: \d+/).textContent()).toMatch(/Updated teams: \d+/);
      await calculate.getByText(/Teams without enough players: \d+/).waitFor();

      const recalculate = await runTool('Recalculate All Elo', 'Recalculate');
      await recalculate.getByText(/Total Elo changes: \d+/).waitFor();
      expect(await recalculate.getByText(/^Processed: \d+/).textContent()).toMatch(/Processed: [1-9]\d*/);
      await recalculate.getByText(/^Errors: \d+/).waitFor();

      // The demo league may already have a snapshot of this week: then the panel asks to replace it.
      const snapshot = await runTool('Create Ranking Snapshot');
      const ranked = snapshot.getByText(/Ranked \d+ teams for .+\./);
      const replaceDialog = page.getByRole('dialog', { name: 'Replace the snapshot of this week?' });
      await Promise.race([ranked.waitFor(), replaceDialog.waitFor()]);
      const replacing = await replaceDialog.isVisible();
      if (replacing) await replaceDialog.getByRole('button', { name: 'Replace snapshot' }).click();
      await ranked.waitFor();
      expect((await ranked.textContent())!.endsWith('It replaces the earlier snapshot of the same week.')).toBe(replacing);
      await saveScreenshot(page, 'elo-tools-control-panel');

      const weeksAfter = await publicApi<Paged<unknown>>('rankings?page_size=100');
      expect(weeksAfter.count).toBe(weeksBefore.count + (replacing ? 0 : 1));
    },
    SLOW,
  );

  it(
    'merges two teams after the typed confirmation and clears the form',
    async () => {
      const teams = await publicApi<Paged<{ id: string; name: string }>>('teams?sort=name&page_size=100');
      const [primary, secondary] = [teams.results[0]!, teams.results[1]!];
      await page.goto(`${site.url}/admin#merge`);
      await chooseOption('Primary Team (kept)', primary.name);
      await chooseOption('Secondary Team (deleted)', secondary.name);
      await page.getByText('What will happen').waitFor();
      await page.getByText(/Matches between the two teams that will be removed: \d+/).waitFor();
      await page.getByText('This cannot be undone. Back up the database first.').waitFor();

      const mergeButton = page.getByRole('button', { name: 'Merge Teams' });
      expect(await mergeButton.isDisabled()).toBe(true);
      await page.getByLabel("Type 'merge teams' to confirm").fill('MERGE Teams');
      expect(await mergeButton.isEnabled()).toBe(true);
      await saveScreenshot(page, 'elo-tools-merge-preview');
      await mergeButton.click();

      await page.getByText(`Merged ${secondary.name} into ${primary.name}`).waitFor();
      await page.getByText(/Players Moved: \d+/).waitFor();
      await page.getByText(/Participants Merged: \d+/).waitFor();
      await page.getByText(/Matches Updated: \d+/).waitFor();
      expect(await page.getByLabel("Type 'merge teams' to confirm").inputValue()).toBe('');
      await saveScreenshot(page, 'elo-tools-merged');

      const after = await publicApi<Paged<{ id: string }>>(`teams?id=${secondary.id}`);
      expect(after.count).toBe(0);
    },
    SLOW,
  );

  it(
    'clears the database behind a confirmation, and the backup brings every row back',
    async () => {
      const before = await dumpTables(site.database.db, LEAGUE_TABLES);
      expect(before.teams!.length).toBeGreaterThan(0);
      await page.goto(`${site.url}/admin#clear-database`);
      await page.getByText('Default key:').waitFor();
      const key = (await page.getByRole('region', { name: 'Clear Database' }).locator('code').textContent())!;

      await page.getByRole('button', { name: 'Clear Database' }).click();
      await page.getByText('Security key is required').waitFor();
      await page.getByLabel('Security Key').fill(key);
      await page.getByRole('button', { name: 'Clear Database' }).click();
      await page.getByRole('dialog').getByRole('button', { name: 'Clear Database' }).click();
      await page.getByText(/Database cleared/).waitFor();
      expect((await publicApi<Paged<unknown>>('teams')).count).toBe(0);
      await saveScreenshot(page, 'elo-tools-cleared');

      const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('link', { name: 'Download the backup (JSON)' }).click()]);
      const file = join(folder, download.suggestedFilename());
      await download.saveAs(file);
      expect(JSON.parse(readFileSync(file, 'utf8'))).toMatchObject({ format: 'campus-elo-backup' });

      // Restore from the panel's backup list…
      await page.getByRole('region', { name: 'Backups' }).getByRole('button', { name: 'Restore' }).first().click();
      await page.getByRole('dialog').getByRole('button', { name: 'Restore' }).click();
      await page.getByText(/restored\./).waitFor();
      expect(await dumpTables(site.database.db, LEAGUE_TABLES)).toEqual(before);

      // …and from the downloaded file, as `pnpm cli restore FILE` does.
      const result = await restoreFrom(site.database.db, { file });
      expect(result.restored.teams).toBe(before.teams!.length);
      expect(await dumpTables(site.database.db, LEAGUE_TABLES)).toEqual(before);
    },
    SLOW,
  );

  it(
    'downloads the top-10 graphic as a 1200x800 PNG, without and with a background',
    async () => {
      await page.goto(`${site.url}/admin/graphic`);
      await page.getByRole('heading', { name: 'Graphic Generator', level: 1 }).waitFor();
      await page.getByText('Upload or paste a background image').waitFor();
      expect(await page.getByLabel('Title Text').inputValue()).toBe('TOP 10 TEAMS');
      expect(await page.getByLabel('Text Background Overlay').inputValue()).toBe('rgba(0, 0, 0, 0.7)');
      await page.getByText('How to Save').waitFor();

      const plain = await downloadGraphic();
      expect(plain).toMatchObject({ width: 1200, height: 800, name: 'top-10-teams.png', signature: 'PNG' });
      expect(plain.stdev).toBeGreaterThan(10);
      await saveScreenshot(page, 'elo-tools-graphic-plain');

      await page.locator('input[type="file"]').setInputFiles({ name: 'background.png', mimeType: 'image/png', buffer: await backgroundPng() });
      await page.getByText('Upload or paste a background image').waitFor({ state: 'detached' });
      const withBackground = await downloadGraphic();
      expect(withBackground).toMatchObject({ width: 1200, height: 800, signature: 'PNG' });
      expect(withBackground.stdev).toBeGreaterThan(10);
      await saveScreenshot(page, 'elo-tools-graphic-background');

      await page.getByRole('button', { name: 'Clear Background' }).click();
      await page.getByText('Upload or paste a background image').waitFor();

      // A pasted URL on another origin goes through the server's image proxy, which refuses
      // hosts inside the network (here: another port on loopback) and says so.
      await page.getByLabel('Or paste an image URL').fill('http://127.0.0.1:9/background.png');
      await page.getByRole('button', { name: 'Load', exact: true }).click();
      await page.getByRole('alert').filter({ hasText: 'That host cannot be loaded' }).waitFor();
      // One on this site is drawn directly.
      await page.getByLabel('Or paste an image URL').fill(`${site.url}/images/logo.svg`);
      await page.getByRole('button', { name: 'Load', exact: true }).click();
      await page.getByText('Upload or paste a background image').waitFor({ state: 'detached' });
      expect((await downloadGraphic()).width).toBe(1200);
    },
    SLOW,
  );
});
