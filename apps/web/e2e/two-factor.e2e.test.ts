// @vitest-environment node
import { Secret, TOTP } from 'otpauth';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { closeAll, describeE2E, launchBrowser, OWNER, saveScreenshot, startTestSite, type TestSite, VIEWPORTS } from './harness';

const SLOW = 120_000;

/** The code an authenticator app would show `stepsAhead` 30-second steps from now. */
const codeFor = (secret: string, stepsAhead = 0) => new TOTP({ secret: Secret.fromBase32(secret) }).generate({ timestamp: Date.now() + stepsAhead * 30_000 });

async function signInWithPassword(page: Page, url: string) {
  await page.goto(`${url}/signin`);
  await page.getByLabel('Email').fill(OWNER.email);
  await page.getByRole('textbox', { name: 'Password' }).fill(OWNER.password);
  await page.getByRole('button', { name: 'Sign In' }).click();
}

describeE2E('two-factor sign-in', () => {
  let site: TestSite;
  let browser: Browser;

  beforeAll(async () => {
    [site, browser] = await Promise.all([startTestSite({ seed: 'none' }), launchBrowser()]);
  }, SLOW);

  afterAll(() => closeAll(browser, site));

  it(
    'turns two-factor sign-in on from the admin panel, then signs in with a code from the app and with a recovery code',
    async () => {
      const page = await browser.newPage({ viewport: VIEWPORTS.desktop });
      const alerts: string[] = [];
      page.on('dialog', (dialog) => {
        alerts.push(dialog.message());
        void dialog.accept();
      });
      await signInWithPassword(page, site.url);
      await page.waitForURL(`${site.url}/admin`);

      // Turn it on: QR code and key, a code from the app, then the recovery codes once.
      await page.getByRole('button', { name: 'Account Security' }).click();
      const dialog = page.getByRole('dialog', { name: 'Account Security' });
      await dialog.getByRole('button', { name: 'Set Up Two-Factor Sign-In' }).click();
      await dialog.getByRole('img', { name: 'QR code for your authenticator app' }).waitFor();
      const secret = (await dialog.getByTestId('two-factor-secret').textContent())!.trim();
      expect(secret).toMatch(/^[A-Z2-7]{32}$/);
      await saveScreenshot(page, 'admin-two-factor-setup');
      await dialog.getByLabel('Code from the app').fill(codeFor(secret));
      await dialog.getByRole('button', { name: 'Turn On' }).click();
      const codes = dialog.getByRole('region', { name: 'Recovery codes' });
      await codes.waitFor();
      const recoveryCodes = (await codes.locator('code').allTextContents()).map((code) => code.trim());
      expect(recoveryCodes).toHaveLength(10);
      await saveScreenshot(page, 'admin-two-factor-recovery-codes');
      await dialog.getByRole('button', { name: 'I Have Saved Them' }).click();
      await dialog.getByText('Two-factor sign-in is on. 10 recovery codes left.').waitFor();
      await page.keyboard.press('Escape');
      await page.getByRole('button', { name: 'Sign Out' }).click();
      await page.waitForURL(`${site.url}/signin`);

      // Email and password, then the code of the next step (the current one was used to turn it on).
      await signInWithPassword(page, site.url);
      const codeField = page.getByRole('textbox', { name: 'Code' });
      await codeField.waitFor();
      expect(page.url()).toBe(`${site.url}/signin`);
      await saveScreenshot(page, 'signin-two-factor-code');
      await codeField.fill(codeFor(secret, 1));
      await page.getByRole('button', { name: 'Verify' }).click();
      await page.waitForURL(`${site.url}/admin`);
      await page.getByRole('heading', { name: 'Admin Panel' }).waitFor();
      await page.getByRole('button', { name: 'Sign Out' }).click();
      await page.waitForURL(`${site.url}/signin`);

      // A wrong code keeps the code step open; a recovery code then signs in.
      await signInWithPassword(page, site.url);
      await codeField.fill('not-a-code');
      await page.getByRole('button', { name: 'Verify' }).click();
      await expect.poll(() => page.getByRole('alert').textContent()).toBe('Invalid two-factor code');
      expect(await codeField.inputValue()).toBe('');
      // Said on the page, not in a browser alert.
      expect(alerts).toEqual([]);
      await codeField.fill(recoveryCodes[0]!);
      await page.getByRole('button', { name: 'Verify' }).click();
      await page.waitForURL(`${site.url}/admin`);
      await page.getByRole('heading', { name: 'Admin Panel' }).waitFor();

      const audit = await site.database.db.selectFrom('audit_log').select(['entity', 'action']).where('entity', '=', 'two_factor').orderBy('created_at').execute();
      expect(audit).toEqual([
        { entity: 'two_factor', action: 'enable' },
        { entity: 'two_factor', action: 'use_recovery_code' },
      ]);
      await page.close();
    },
    SLOW,
  );
});
