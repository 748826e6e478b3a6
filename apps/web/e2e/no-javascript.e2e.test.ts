// @vitest-environment node
import { readFileSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { statsLeaderboardFirstInput } from '@campus-elo/api-contract';
import { possessive } from '@campus-elo/domain';
import type { Page } from 'playwright-core';
import { expect, it } from 'vitest';
import { browserSuite, describeE2E, VIEWPORTS } from './harness';

/*
 * A visitor without JavaScript (or a crawler that runs none) gets every public page whole from
 * the server's render (docs/decisions/0097): its heading and content, no loading state that
 * would never end, and real links to the next page.
 */

const SLOW = 180_000;
const WAIT = 20_000;

interface PageCheck {
  path: string;
  h1: string;
  /** Text of the page's content (not its heading), as the database or the demo news holds it. */
  shows: string[];
  /** A link of <main> to follow (its name), and the heading of the page it opens. */
  follow?: { link: string | RegExp; h1: string | RegExp };
}

/** The demo news' latest post (the local news store, apps/server/content), first in the news lists. */
function latestDemoPost(): string {
  const file = resolve(dirname(fileURLToPath(import.meta.url)), '../../server/content/posts.ndjson');
  const posts = readFileSync(file, 'utf8')
    .split('\n')
    .filter((line) => line.trim() !== '')
    .map((line) => JSON.parse(line) as { _type: string; title: string; publishedAt: string })
    .filter((post) => post._type === 'post' && Date.parse(post.publishedAt) <= Date.now());
  return posts.sort((a, b) => Date.parse(b.publishedAt) - Date.parse(a.publishedAt))[0]!.title;
}

/** <main>'s loading states (role="status"), by their names. */
const loadersIn = (page: Page) =>
  page.locator('main [role="status"]').evaluateAll((elements) => elements.map((element) => element.getAttribute('aria-label') ?? element.textContent ?? ''));

describeE2E('every public page without JavaScript', () => {
  const suite = browserSuite();

  /** What the app's own tRPC query answers. */
  const trpcQuery = async <T,>(path: string, input: unknown): Promise<T> => {
    const query = input === undefined ? '' : `?input=${encodeURIComponent(JSON.stringify(input))}`;
    const response = await fetch(`${suite.site.url}/trpc/${path}${query}`);
    expect(response.status, path).toBe(200);
    return ((await response.json()) as { result: { data: T } }).result.data;
  };

  const pageChecks = async (): Promise<PageCheck[]> => {
    const db = suite.site.database.db;
    const [team, second] = await db.selectFrom('teams').select(['id', 'name', 'elo']).orderBy('elo', 'desc').limit(2).execute();
    const captain = await db.selectFrom('players').select(['id', 'name']).where('team_id', '=', team!.id).where('visible', '=', true).orderBy('elo', 'desc').executeTakeFirstOrThrow();
    const player = await db
      .selectFrom('players')
      .innerJoin('teams', 'teams.id', 'players.team_id')
      .select(['players.id', 'players.name', 'teams.name as team'])
      .where('players.visible', '=', true)
      .orderBy('players.elo', 'desc')
      .executeTakeFirstOrThrow();
    const match = await db
      .selectFrom('matches')
      .innerJoin('teams as t1', 't1.id', 'matches.team1_id')
      .innerJoin('teams as t2', 't2.id', 'matches.team2_id')
      .select(['matches.id', 't1.name as team1', 't2.name as team2'])
      .where('matches.status', '=', 'completed')
      .orderBy('matches.date', 'desc')
      .executeTakeFirstOrThrow();
    const event = await db.selectFrom('events').select(['id', 'name']).orderBy('start_date', 'desc').executeTakeFirstOrThrow();
    const eventTeam = await db
      .selectFrom('event_teams')
      .innerJoin('teams', 'teams.id', 'event_teams.team_id')
      .select('teams.name')
      .where('event_teams.event_id', '=', event.id)
      .executeTakeFirstOrThrow();
    // The /stats leaderboard's first row, as the page asks for it (the current season).
    const season = await trpcQuery<{ id: string } | null>('public.currentSeason', undefined);
    const leaders = await trpcQuery<{ results: { player: { name: string } }[] }>('public.playerLeaderboard', statsLeaderboardFirstInput(season?.id));
    const leader = leaders.results[0]!.player.name;
    const post = latestDemoPost();
    const standings = await trpcQuery<{ divisions: { rows: { team: { name: string } }[] }[] }>('public.standings', {});
    const leading = standings.divisions[0]!.rows[0]!.team.name;
    const upcoming = await suite.api<{ results: { team1: { name: string } }[] }>('matches?status=scheduled&sort=date&order=asc&page_size=1');
    return [
      { path: '/', h1: '', shows: [upcoming.results[0]!.team1.name, post], follow: { link: post, h1: post } },
      { path: '/rankings', h1: 'Rankings', shows: [team!.name, second!.name], follow: { link: team!.name, h1: team!.name } },
      // Today's and this week's lists, in the league's zone as of the render (docs/decisions/0096).
      { path: '/matches', h1: 'Matches', shows: ['Upcoming Matches', 'Today', 'Later this week'] },
      { path: '/news', h1: 'News', shows: [post], follow: { link: post, h1: post } },
      { path: '/news/how-elo-rankings-work', h1: 'How our Elo rankings work', shows: ['Elo'], follow: { link: 'Back to News', h1: 'News' } },
      { path: `/teams/${team!.id}`, h1: team!.name, shows: [captain.name, 'Upcoming matches', 'Roster'], follow: { link: captain.name, h1: captain.name } },
      { path: `/teams/${team!.id}/rating`, h1: `Why ${team!.name} has Elo ${team!.elo}`, shows: ['Elo'], follow: { link: `${possessive(team!.name)} page`, h1: team!.name } },
      { path: `/players/${player.id}`, h1: player.name, shows: [player.team], follow: { link: player.team, h1: player.team } },
      { path: `/matches/${match.id}`, h1: `${match.team1} vs ${match.team2}`, shows: ['Head to head'], follow: { link: match.team1, h1: match.team1 } },
      { path: '/events', h1: 'Events', shows: [event.name], follow: { link: event.name, h1: event.name } },
      // The bracket's played matches link to their pages.
      { path: `/events/${event.id}`, h1: event.name, shows: [eventTeam.name], follow: { link: / won$/, h1: / vs / } },
      { path: '/stats', h1: 'Stats', shows: [leader], follow: { link: leader, h1: leader } },
      { path: '/standings', h1: 'Standings', shows: [leading], follow: { link: leading, h1: leading } },
      { path: '/ratings', h1: 'How ratings work', shows: ['How well the ratings predict'] },
      { path: `/search?q=${encodeURIComponent(team!.name)}`, h1: `Results for "${team!.name}"`, shows: [team!.name], follow: { link: team!.name, h1: team!.name } },
    ];
  };

  it(
    'answers 200 with its heading, content and real links, and a followed link opens the next page whole',
    async () => {
      const context = await suite.browser.newContext({ javaScriptEnabled: false, viewport: VIEWPORTS.desktop });
      const page = await context.newPage();
      page.setDefaultTimeout(WAIT);
      const failures: string[] = [];
      try {
        for (const check of await pageChecks()) {
          const response = await page.goto(`${suite.site.url}${check.path}`);
          const main = page.locator('main');
          if (response?.status() !== 200) failures.push(`${check.path}: status ${response?.status()}`);
          const h1 = (await main.locator('h1').allInnerTexts()).map((text) => text.trim());
          // The home page's heading names the current season, whatever it is.
          if (h1.length !== 1 || (check.h1 !== '' && h1[0] !== check.h1)) failures.push(`${check.path}: h1 ${JSON.stringify(h1)}, not "${check.h1}"`);
          const text = await main.innerText();
          for (const shown of check.shows) if (!text.includes(shown)) failures.push(`${check.path}: no "${shown}" in <main>`);
          const loaders = await loadersIn(page);
          if (loaders.length > 0) failures.push(`${check.path}: loaders ${JSON.stringify(loaders)}`);
          // Every link is a real one: an address the browser opens by itself.
          const hrefs = await page.locator('a').evaluateAll((links) => links.map((link) => link.getAttribute('href')));
          if (hrefs.some((href) => !href)) failures.push(`${check.path}: a link without href`);
          if (!check.follow) continue;
          // A link's name may say more than the name (a card's dates, a result's Elo).
          const link = main.getByRole('link', { name: check.follow.link }).first();
          if ((await link.count()) === 0) {
            failures.push(`${check.path}: no link "${check.follow.link}"`);
            continue;
          }
          const from = page.url();
          const [followed] = await Promise.all([page.waitForNavigation().catch(() => null), link.click()]);
          if (page.url() === from) {
            failures.push(`${check.path}: following "${check.follow.link}" stayed on the page`);
            continue;
          }
          const next = (await main.locator('h1').allInnerTexts()).map((heading) => heading.trim());
          const expected = check.follow.h1;
          if (followed?.status() !== 200 || !(typeof expected === 'string' ? next[0] === expected : expected.test(next[0] ?? '')) || (await loadersIn(page)).length > 0) {
            failures.push(`${check.path}: following "${check.follow.link}" opened ${page.url()} (${followed?.status()}) with h1 ${JSON.stringify(next)}`);
          }
        }
        // The site's own navigation is links too.
        await page.goto(`${suite.site.url}/`);
        await Promise.all([page.waitForNavigation(), page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Rankings' }).click()]);
        expect(await page.locator('main h1').innerText()).toBe('Rankings');
      } finally {
        await context.close();
      }
      expect(failures).toEqual([]);
    },
    SLOW,
  );

  it(
    "answers 404 with the not-found page for an unknown team, player, match, event or rating, and the article page's own for an unknown article",
    async () => {
      const context = await suite.browser.newContext({ javaScriptEnabled: false });
      const page = await context.newPage();
      page.setDefaultTimeout(WAIT);
      const unknown = '6f1d2c3b-4a5e-4f60-8a7b-9c0d1e2f3a4b';
      try {
        for (const [path, heading] of [
          [`/teams/${unknown}`, 'Page not found'],
          [`/teams/${unknown}/rating`, 'Page not found'],
          [`/players/${unknown}`, 'Page not found'],
          [`/matches/${unknown}`, 'Page not found'],
          [`/events/${unknown}`, 'Page not found'],
          ['/teams/nope', 'Page not found'],
          ['/news/no-such-post', 'Article not found'],
        ]) {
          const response = await page.goto(`${suite.site.url}${path}`);
          expect(response?.status(), path).toBe(404);
          expect(await page.locator('main h1').allInnerTexts(), path).toEqual([heading]);
          expect(await loadersIn(page), path).toEqual([]);
        }
      } finally {
        await context.close();
      }
    },
    SLOW,
  );
});
