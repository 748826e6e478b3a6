// @vitest-environment node
import { expect, it } from 'vitest';
import { browserSuite, describeE2E } from './harness';

/** The machine running the suite may be busy: generous waits, still bounded. */
const WAIT = 20_000;

describeE2E('live scores', () => {
  // As main.ts does: the live stream listens on the database the app uses.
  const suite = browserSuite({ listen: true });

  it('shows a changed score in the live widget without a reload', async ({ onTestFinished }) => {
    const db = suite.site.database.db;
    // A live match of the demo league, made the earliest so the widget (first 4 by date) shows it.
    const live = await db.selectFrom('matches').select(['id', 'date']).where('status', '=', 'in_progress').orderBy('date').limit(1).executeTakeFirst();
    const matchId =
      live?.id ??
      (await db.selectFrom('matches').select('id').where('status', '=', 'scheduled').limit(1).executeTakeFirstOrThrow()).id;
    await db.updateTable('matches').set({ status: 'in_progress', score_team1: 3, score_team2: 4, date: new Date('2000-01-01T00:00:00Z') }).where('id', '=', matchId).execute();

    const page = await suite.newPage({ waitMs: WAIT });
    onTestFinished(() => page.close());
    const streamOpened = page.waitForResponse((response) => response.url().endsWith('/v1/public/stream'));
    await page.goto(`${suite.site.url}/`);
    const widget = page.getByRole('region', { name: 'Live Matches' });
    // The two score figures of the first row (common/Score.tsx marks each with data-tone).
    const scores = () => widget.getByRole('listitem').first().locator('[data-tone]').allInnerTexts();
    await expect.poll(scores, { timeout: WAIT }).toEqual(['3', '4']);
    expect((await streamOpened).status()).toBe(200);

    // Navigations would reset this marker: it survives only if the page is not reloaded.
    await page.evaluate(() => Object.assign(window, { notReloaded: true }));
    await db.updateTable('matches').set({ score_team1: 9, score_team2: 4 }).where('id', '=', matchId).execute();
    await expect.poll(scores, { timeout: WAIT }).toEqual(['9', '4']);
    expect(await page.evaluate(() => (window as unknown as { notReloaded?: boolean }).notReloaded)).toBe(true);
  });
});
