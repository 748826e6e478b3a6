// @vitest-environment node
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { closeAll, describeE2E, launchBrowser, OWNER, saveScreenshot, startTestSite, type TestSite, VIEWPORTS } from './harness';

const SLOW = 120_000;

interface Named {
  id: string;
  name: string;
}

/** A real PNG drawn by the browser's canvas: what a staff member would pick from disk. */
async function makePng(page: Page, color: string): Promise<Buffer> {
  const base64 = await page.evaluate((fill) => {
    const canvas = document.createElement('canvas');
    canvas.width = 900;
    canvas.height = 600;
    const context = canvas.getContext('2d')!;
    context.fillStyle = fill;
    context.fillRect(0, 0, 900, 600);
    context.fillStyle = '#ffffff';
    context.fillRect(300, 200, 300, 200);
    return canvas.toDataURL('image/png').split(',')[1]!;
  }, color);
  return Buffer.from(base64, 'base64');
}

async function chooseOption(page: Page, combobox: string, option: string) {
  const input = page.getByRole('combobox', { name: combobox });
  await input.click();
  await input.fill(option);
  await page.getByRole('option', { name: option, exact: true }).click();
}

/** Picks a picture through the form's file input, then waits for the compressed preview. */
async function uploadPicture(page: Page, form: string, png: Buffer) {
  const region = page.getByRole('form', { name: form });
  await region.locator('input[type="file"]').setInputFiles({ name: 'photo.png', mimeType: 'image/png', buffer: png });
  await expect.poll(() => region.locator('img').first().getAttribute('src'), { timeout: 15_000 }).toMatch(/^data:image\/png;base64,/);
  await region.getByRole('button', { name: 'Change Picture' }).waitFor();
}

async function imageLoaded(page: Page, selector: string): Promise<boolean> {
  return page.locator(selector).first().evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0);
}

describeE2E('admin: sign-in, editing teams and players with pictures, sign-out', () => {
  let site: TestSite;
  let browser: Browser;
  let team: Named;
  let player: Named;

  beforeAll(async () => {
    [site, browser] = await Promise.all([startTestSite(), launchBrowser()]);
    // The top team and player of the current season: after the edit they are still on the first page of the rankings.
    const season = (await (await fetch(`${site.url}/v1/public/current-season`)).json()) as Named | null;
    const query = season ? `&season_id=${season.id}` : '';
    team = ((await (await fetch(`${site.url}/v1/public/teams?sort=elo&order=desc&page_size=1${query}`)).json()) as { results: Named[] }).results[0]!;
    player = ((await (await fetch(`${site.url}/v1/public/players?sort=elo&order=desc&page_size=1${query}`)).json()) as { results: Named[] }).results[0]!;
    expect(team).toBeDefined();
    expect(player).toBeDefined();
  }, SLOW);

  afterAll(() => closeAll(browser, site));

  it(
    'sends a visitor from /admin and /admin/graphic to /signin; a failed sign-in says why above the form and stays',
    async () => {
      const page = await browser.newPage({ viewport: VIEWPORTS.desktop });
      await page.goto(`${site.url}/admin`);
      await page.waitForURL(`${site.url}/signin`);
      expect(await page.getByRole('heading', { name: 'Admin Panel' }).count()).toBe(0);
      await page.goto(`${site.url}/admin/graphic`);
      await page.waitForURL(`${site.url}/signin`);
      await page.getByRole('heading', { name: 'Sign In' }).waitFor();
      expect(await page.title()).toBe('Sign In | Campus Elo');
      await saveScreenshot(page, 'admin-signin');

      const alerts: string[] = [];
      page.on('dialog', (dialog) => {
        alerts.push(dialog.message());
        void dialog.accept();
      });
      await page.getByLabel('Email').fill(OWNER.email);
      await page.getByRole('textbox', { name: 'Password' }).fill('not the password');
      await page.getByRole('button', { name: 'Sign In' }).click();
      await expect.poll(() => page.getByRole('alert').textContent()).toBe('Invalid email or password');
      expect(page.url()).toBe(`${site.url}/signin`);
      expect(await page.getByLabel('Email').inputValue()).toBe(OWNER.email);
      expect(await page.getByRole('textbox', { name: 'Password' }).inputValue()).toBe('');
      await expect.poll(() => page.evaluate(() => document.activeElement?.getAttribute('type'))).toBe('password');
      // No browser alert any more.
      expect(alerts).toEqual([]);
      await page.close();
    },
    SLOW,
  );

  it(
    'signs in, edits a team and a player with pictures, shows them on the public rankings, and signs out',
    async () => {
      const page = await browser.newPage({ viewport: VIEWPORTS.desktop });
      const alerts: string[] = [];
      page.on('dialog', (dialog) => {
        alerts.push(dialog.message());
        void dialog.accept();
      });
      await page.goto(`${site.url}/signin`);
      await page.getByLabel('Email').fill(OWNER.email);
      await page.getByRole('textbox', { name: 'Password' }).fill(OWNER.password);
      await page.getByRole('button', { name: 'Sign In' }).click();
      await page.waitForURL(`${site.url}/admin`);
      await page.getByRole('heading', { name: 'Admin Panel' }).waitFor();
      for (const tab of ['Control Panel', 'Edit Team/Player', 'Import Matches', 'Database Viewer', 'Clear Database', 'Graphic Generator', 'Merge Teams', 'Jobs']) {
        await page.getByRole('tab', { name: tab, exact: true }).waitFor();
      }
      expect(await page.getByRole('tab', { name: 'Control Panel' }).getAttribute('aria-selected')).toBe('true');

      // Team
      await page.getByRole('tab', { name: 'Edit Team/Player' }).click();
      await page.waitForURL(`${site.url}/admin#edit`);
      await page.getByText('Select a team to edit its details').waitFor();
      await chooseOption(page, 'Select a team', team.name);
      const teamForm = page.getByRole('form', { name: 'Team details' });
      await teamForm.getByLabel('Team Name').fill('Edited Eagles');
      await teamForm.getByLabel('Team Elo').fill('5000');
      await uploadPicture(page, 'Team details', await makePng(page, '#1e6fd9'));
      await teamForm.getByRole('button', { name: 'Save Team' }).click();
      await page.getByText('Team updated successfully').waitFor();
      await expect.poll(() => teamForm.locator('img').first().getAttribute('src')).toMatch(new RegExp(`^/media/teams/${team.id}/\\d+\\.png$`));
      await saveScreenshot(page, 'admin-edit-team');

      // Player
      await page.getByRole('tab', { name: 'Players', exact: true }).click();
      await page.getByText('Select a player to edit their details').waitFor();
      const playerInput = page.getByRole('combobox', { name: 'Select a player' });
      await playerInput.click();
      await playerInput.fill(player.name);
      await page.getByRole('option', { name: new RegExp(`^${player.name}( \\(.*\\))?$`) }).first().click();
      const playerForm = page.getByRole('form', { name: 'Player details' });
      await playerForm.getByLabel('Player Name').fill('Edited Ember');
      await playerForm.getByLabel('Player Elo').fill('5000');
      // A skill level outside 1-10 is refused in the browser by the shared schema.
      await playerForm.getByLabel('Skill Level (1-10)').fill('11');
      await playerForm.getByRole('button', { name: 'Save Player' }).click();
      await playerForm.getByText('Skill level must be between 1 and 10').waitFor();
      await playerForm.getByLabel('Skill Level (1-10)').fill('9');
      await uploadPicture(page, 'Player details', await makePng(page, '#d9541e'));
      await playerForm.getByRole('button', { name: 'Save Player' }).click();
      await page.getByText('Player updated successfully').waitFor();
      await expect.poll(() => playerForm.locator('img').first().getAttribute('src')).toMatch(new RegExp(`^/media/players/${player.id}/\\d+\\.png$`));
      await saveScreenshot(page, 'admin-edit-player');
      expect(alerts).toEqual([]);

      // Database Viewer finds the edited player.
      await page.getByRole('tab', { name: 'Database Viewer' }).click();
      await page.getByRole('tab', { name: 'Players', exact: true }).click();
      await page.getByRole('searchbox', { name: 'Search players' }).fill('Edited Ember');
      const row = page.getByRole('row', { name: /Edited Ember/ });
      await row.waitFor();
      expect(await row.getByText(/^(Active|Benched)( \(Hidden\))?$/).count()).toBe(1);
      await saveScreenshot(page, 'admin-database-viewer');

      // The public rankings show the new names and pictures.
      await page.goto(`${site.url}/rankings`);
      const teamRow = page.getByRole('listitem').filter({ hasText: 'Edited Eagles' }).first();
      await teamRow.waitFor();
      expect(await teamRow.locator('img').first().getAttribute('src')).toMatch(new RegExp(`^/media/teams/${team.id}/`));
      await expect.poll(() => imageLoaded(page, `img[src^="/media/teams/${team.id}/"]`)).toBe(true);
      await page.getByRole('tab', { name: 'Player Rankings' }).click();
      const playerRow = page.getByRole('listitem').filter({ hasText: 'Edited Ember' }).first();
      await playerRow.waitFor();
      await expect.poll(() => imageLoaded(page, `img[src^="/media/players/${player.id}/"]`)).toBe(true);
      await saveScreenshot(page, 'admin-public-rankings-after-edit');

      // Sign out ends the session: /admin sends the visitor to /signin again.
      await page.goto(`${site.url}/admin`);
      await page.getByRole('button', { name: 'Sign Out' }).click();
      await page.waitForURL(`${site.url}/signin`);
      await page.goto(`${site.url}/admin`);
      await page.waitForURL(`${site.url}/signin`);
      const sessions = await site.database.db.selectFrom('sessions').selectAll().execute();
      expect(sessions).toEqual([]);
      const audit = await site.database.db.selectFrom('audit_log').select(['entity', 'entity_ids']).where('action', '=', 'update').execute();
      expect(audit).toEqual(expect.arrayContaining([{ entity: 'team', entity_ids: [team.id] }, { entity: 'player', entity_ids: [player.id] }]));
      await page.close();
    },
    SLOW,
  );

  it(
    'fits a phone: the panel and the edit form do not overflow at 375 px',
    async () => {
      const page = await browser.newPage({ viewport: VIEWPORTS.mobile });
      await page.goto(`${site.url}/signin`);
      await page.getByLabel('Email').fill(OWNER.email);
      await page.getByRole('textbox', { name: 'Password' }).fill(OWNER.password);
      await page.getByRole('button', { name: 'Sign In' }).click();
      await page.waitForURL(`${site.url}/admin`);
      await page.getByRole('tab', { name: 'Edit Team/Player' }).click();
      await page.getByRole('combobox', { name: 'Select a team' }).click();
      await page.getByRole('option').first().click();
      await page.getByRole('form', { name: 'Team details' }).waitFor();
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
      expect(overflow).toBeLessThanOrEqual(0);
      await saveScreenshot(page, 'admin-mobile-edit');
      await page.close();
    },
    SLOW,
  );
});
