import { endOfDayIn } from '@campus-elo/domain';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { eventCreateInput, homeLiveMatchesInput, homeUpcomingMatchesInput, PAGE_DATA_ELEMENT_ID, upcomingWindowInput } from '@campus-elo/api-contract';
import { createTestDatabase, type TestDatabase } from '@campus-elo/db';
import { createEvent } from '../events/admin-queries';
import Fastify, { type FastifyInstance } from 'fastify';
import { XMLParser } from 'fast-xml-parser';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app';
import { loadConfig } from '../../config';
import { registerSitemapRoutes } from './sitemap';

/** A web build as Vite writes it: a title and description the server replaces per page. */
const INDEX_HTML = `<!doctype html>
<html lang="en">
  <head>
    <meta property="csp-nonce" nonce="__CSP_NONCE__" />
    <meta name="description" content="The build's description." />
    <title>Campus Elo</title>
    <script type="module" crossorigin src="/assets/index-abc123.js" nonce="__CSP_NONCE__"></script>
    <!--site-settings-->
  </head>
  <body><div id="root"></div></body>
</html>`;

const ORIGIN = 'https://league.example.edu';

let webDist: string;
let database: TestDatabase;
let app: FastifyInstance;
let ids: { team: string; opponent: string; player: string; hiddenPlayer: string; match: string; scheduled: string };

beforeAll(async () => {
  webDist = mkdtempSync(join(tmpdir(), 'web-dist-'));
  writeFileSync(join(webDist, 'index.html'), INDEX_HTML);
  database = await createTestDatabase();
  app = await buildApp({ db: database.db, readDb: database.readDb, config: loadConfig({ LOG_LEVEL: 'silent', WEB_DIST: webDist, SITE_NAME: 'Test League', PUBLIC_URL: `${ORIGIN}/` }), logger: false });

  const { db } = database;
  const [team, opponent] = await db
    .insertInto('teams')
    .values([
      { name: 'Owls "</script><b>', school_name: 'North & South', elo: 1620 },
      { name: 'Foxes', elo: 1480 },
    ])
    .returning('id')
    .execute();
  const [player, hiddenPlayer] = await db
    .insertInto('players')
    .values([
      { name: 'Ada', team_id: team!.id, visible: true, elo: 1510 },
      { name: 'Hidden', team_id: team!.id, visible: false },
    ])
    .returning('id')
    .execute();
  const [match, scheduled] = await db
    .insertInto('matches')
    .values([
      {
        platform: 'faceit',
        external_id: 'head-1',
        team1_id: team!.id,
        team2_id: opponent!.id,
        status: 'completed',
        score_team1: 2,
        score_team2: 1,
        winner_id: team!.id,
        date: new Date('2026-10-03T18:00:00Z'),
      },
      { platform: 'faceit', external_id: 'head-2', team1_id: opponent!.id, team2_id: team!.id, status: 'scheduled', date: new Date('2026-12-01T18:00:00Z') },
    ])
    .returning('id')
    .execute();
  ids = { team: team!.id, opponent: opponent!.id, player: player!.id, hiddenPlayer: hiddenPlayer!.id, match: match!.id, scheduled: scheduled!.id };
});
afterAll(async () => {
  await app.close();
  await database.close();
  rmSync(webDist, { recursive: true, force: true });
});

/** The content of one <meta> of the page, decoded as a browser would. */
function metaOf(html: string, key: string): string | undefined {
  const tag = new RegExp(`<meta (?:name|property)="${key.replace(/[:.]/g, '\\$&')}" content="([^"]*)" data-page-head />`).exec(html);
  return tag ? decode(tag[1]!) : undefined;
}
const decode = (text: string) => text.replace(/&#(\d+);/g, (_, code: string) => String.fromCharCode(Number(code)));
const titleOf = (html: string) => decode(/<title>([^<]*)<\/title>/.exec(html)?.[1] ?? '');
const canonicalOf = (html: string) => /<link rel="canonical" href="([^"]*)" data-page-head \/>/.exec(html)?.[1];
const preloadOf = (html: string) => /<link rel="preload" as="image" href="([^"]*)" fetchpriority="high" data-page-head \/>/.exec(html)?.[1];
const nonceOf = (html: string) => /<meta property="csp-nonce" nonce="([^"]+)"/.exec(html)?.[1];

function pageDataOf(html: string): { queries: Array<{ key: unknown[]; data: unknown }>; notFound?: true } | undefined {
  const script = new RegExp(`<script id="${PAGE_DATA_ELEMENT_ID}" type="application/json" nonce="([^"]+)">(.*?)</script>`).exec(html);
  if (!script) return undefined;
  expect(script[1]).toBe(nonceOf(html));
  return JSON.parse(script[2]!);
}

/** What the web app's own tRPC request for this procedure answers. */
async function trpcAnswer(procedure: string, input: unknown): Promise<unknown> {
  const query = input === undefined ? '' : `?input=${encodeURIComponent(JSON.stringify(input))}`;
  const response = await app.inject({ method: 'GET', url: `/trpc/${procedure}${query}` });
  expect(response.statusCode).toBe(200);
  return response.json().result.data;
}

const seasonsMenuInput = { sort: 'start_date', order: 'desc', page: 1, page_size: 50 };

describe('the head of each page, in its first HTML response', () => {
  it('gives the list pages their own title, description and canonical URL, on the configured origin', async () => {
    for (const [path, title] of [
      ['/', 'Test League'],
      ['/rankings', 'Rankings | Test League'],
      ['/matches', 'Matches | Test League'],
      ['/news', 'News | Test League'],
      ['/events', 'Events | Test League'],
      ['/stats', 'Stats | Test League'],
      ['/standings', 'Standings | Test League'],
    ] as const) {
      const { statusCode, body } = await app.inject({ method: 'GET', url: path });
      expect(statusCode, path).toBe(200);
      expect(titleOf(body), path).toBe(title);
      expect(metaOf(body, 'description'), path).toMatch(/Test League/);
      expect(body.match(/<meta name="description"/g), path).toHaveLength(1);
      expect(canonicalOf(body), path).toBe(`${ORIGIN}${path}`);
      expect(metaOf(body, 'og:url'), path).toBe(`${ORIGIN}${path}`);
      expect(metaOf(body, 'robots'), path).toBeUndefined();
    }
  });

  it("writes the home page's season, live and upcoming matches and news, the news page's posts and the rankings page's seasons, weeks and teams, as the app would fetch them", async () => {
    const home = pageDataOf((await app.inject({ method: 'GET', url: '/' })).body);
    expect(home?.queries.map((query) => query.key)).toEqual([
      [['public', 'currentSeason'], { type: 'query' }],
      [['public', 'matches'], { input: homeLiveMatchesInput, type: 'query' }],
      [['public', 'matches'], { input: homeUpcomingMatchesInput, type: 'query' }],
      ['news', 'home'],
    ]);
    expect(home?.queries[0]?.data).toEqual(await trpcAnswer('public.currentSeason', undefined));
    expect(home?.queries[1]?.data).toEqual(await trpcAnswer('public.matches', homeLiveMatchesInput));
    expect(home?.queries[2]?.data).toEqual(await trpcAnswer('public.matches', homeUpcomingMatchesInput));
    const posts = home?.queries[3]?.data as Array<{ slug: string; imageUrl: string | null }>;
    expect(posts).toHaveLength(8);
    expect(posts[0]).toMatchObject({ slug: expect.any(String), imageUrl: expect.stringMatching(/^\/content\/images\//), bodyText: expect.any(Array) });
    // The featured post's picture, fetched early under the address the app asks for.
    expect(preloadOf((await app.inject({ method: 'GET', url: '/' })).body)).toBe(posts[0]!.imageUrl);

    const news = pageDataOf((await app.inject({ method: 'GET', url: '/news' })).body);
    expect(news?.queries.map((query) => query.key)).toEqual([['news', 'page']]);
    expect(news?.queries[0]?.data).toHaveLength(10);
    // No season yet: the rankings of all seasons, their weeks, and the first page of teams.
    const seasonsInput = { sort: 'start_date', order: 'desc', page: 1, page_size: 50 };
    const weeksInput = { sort: 'date', order: 'desc', page: 1, page_size: 100 };
    const teamsInput = { sort: 'elo', order: 'desc', page: 1, page_size: 20 };
    const rankings = pageDataOf((await app.inject({ method: 'GET', url: '/rankings' })).body);
    expect(rankings?.queries).toEqual([
      { key: [['public', 'currentSeason'], { type: 'query' }], data: null },
      { key: [['public', 'seasons'], { input: seasonsInput, type: 'query' }], data: await trpcAnswer('public.seasons', seasonsInput) },
      { key: [['public', 'rankings'], { input: weeksInput, type: 'query' }], data: await trpcAnswer('public.rankings', weeksInput) },
      { key: ['rankings', 'teams', {}], data: { pages: [await trpcAnswer('public.teams', teamsInput)], pageParams: [1] } },
    ]);
    expect((rankings?.queries[3]?.data as { pages: { results: { name: string }[] }[] }).pages[0]!.results.map((t) => t.name)).toEqual(['Owls "</script><b>', 'Foxes']);

    // A current season that has ended opens on its last week, which the app picks: no teams are written.
    const [ended] = await database.db.insertInto('seasons').values({ name: 'Ended', start_date: '2020-01-01', end_date: '2020-05-01' }).returning('id').execute();
    try {
      const endedRankings = pageDataOf((await app.inject({ method: 'GET', url: '/rankings' })).body);
      expect(endedRankings?.queries.map((query) => query.key)).toEqual([
        [['public', 'currentSeason'], { type: 'query' }],
        [['public', 'seasons'], { input: seasonsInput, type: 'query' }],
        [['public', 'rankings'], { input: { season_id: ended!.id, ...weeksInput }, type: 'query' }],
      ]);
    } finally {
      await database.db.deleteFrom('seasons').where('id', '=', ended!.id).execute();
    }
    // /matches: its upcoming tab's three windows, today's ending at midnight in the league's zone (New York by default).
    const matchesPage = pageDataOf((await app.inject({ method: 'GET', url: '/matches' })).body);
    // The three lists, then what is at stake in today's and this week's scheduled matches.
    const lists = (matchesPage?.queries ?? []).filter((query) => (query.key[0] as string[])[1] === 'matches');
    const inputs = lists.map((query) => (query.key[1] as { input: { date_from: string; date_to: string } }).input);
    expect(inputs).toHaveLength(3);
    expect(matchesPage?.queries.slice(3).map((query) => query.key[0])).toEqual(matchesPage!.queries.length > 3 ? [['public', 'standingsStakes']] : []);
    const [today, week] = inputs;
    expect(inputs).toEqual([today, week, inputs[2]].map((input) => upcomingWindowInput({ from: new Date(input!.date_from), to: new Date(input!.date_to) })));
    expect(today!.date_to).toBe(endOfDayIn(new Date(today!.date_from), 'America/New_York').toISOString());
    expect(Date.parse(week!.date_from)).toBe(Date.parse(today!.date_to) + 1);

    // /stats: no season yet, so only the season menu (which says so).
    const stats = pageDataOf((await app.inject({ method: 'GET', url: '/stats' })).body);
    expect(stats?.queries).toEqual([
      { key: [['public', 'currentSeason'], { type: 'query' }], data: null },
      { key: [['public', 'seasons'], { input: seasonsInput, type: 'query' }], data: await trpcAnswer('public.seasons', seasonsInput) },
    ]);
    // With a season: its teams menu, the competitions and the leaderboard's first page, as the app asks for them.
    const [season] = await database.db.insertInto('seasons').values({ name: 'Now', start_date: '2020-01-01', end_date: '2999-05-01' }).returning('id').execute();
    try {
      const teamsInput = { season_id: season!.id, sort: 'name', order: 'asc', page: 1, page_size: 100 };
      const leaderboardInput = { season_id: season!.id, min_maps: 5, sort: 'rating', order: 'desc', page: 1, page_size: 25 };
      const withSeason = pageDataOf((await app.inject({ method: 'GET', url: '/stats' })).body);
      expect(withSeason?.queries).toEqual([
        { key: [['public', 'currentSeason'], { type: 'query' }], data: await trpcAnswer('public.currentSeason', undefined) },
        { key: [['public', 'seasons'], { input: seasonsInput, type: 'query' }], data: await trpcAnswer('public.seasons', seasonsInput) },
        { key: [['public', 'competitions'], { type: 'query' }], data: await trpcAnswer('public.competitions', undefined) },
        { key: [['public', 'teams'], { input: teamsInput, type: 'query' }], data: await trpcAnswer('public.teams', teamsInput) },
        { key: [['public', 'playerLeaderboard'], { input: leaderboardInput, type: 'query' }], data: await trpcAnswer('public.playerLeaderboard', leaderboardInput) },
      ]);
    } finally {
      await database.db.deleteFrom('seasons').where('id', '=', season!.id).execute();
    }
  });

  it("writes a team's name, Elo and rank, its preview picture and its data, escaped", async () => {
    const { statusCode, body } = await app.inject({ method: 'GET', url: `/teams/${ids.team}` });
    expect(statusCode).toBe(200);
    expect(titleOf(body)).toBe('Owls "</script><b> | Test League');
    expect(metaOf(body, 'description')).toBe('Owls "</script><b> (North & South): rank 1 of Test League with Elo 1620, 0 wins and 0 losses.');
    expect(canonicalOf(body)).toBe(`${ORIGIN}/teams/${ids.team}`);
    expect(metaOf(body, 'og:type')).toBe('profile');
    // Shared, the team's own name: og:site_name says whose page it is.
    expect(metaOf(body, 'og:title')).toBe('Owls "</script><b>');
    expect(metaOf(body, 'twitter:title')).toBe('Owls "</script><b>');
    expect(metaOf(body, 'og:site_name')).toBe('Test League');
    expect(metaOf(body, 'og:image')).toBe(`${ORIGIN}/og/teams/${ids.team}.png`);
    expect(metaOf(body, 'og:image:width')).toBe('1200');
    expect(metaOf(body, 'og:image:height')).toBe('630');
    expect(metaOf(body, 'twitter:card')).toBe('summary_large_image');
    expect(metaOf(body, 'twitter:image')).toBe(`${ORIGIN}/og/teams/${ids.team}.png`);
    // The name never ends a script or opens an element.
    expect(body).not.toContain('<b>');
    expect(body.match(/<\/script>/g)).toHaveLength(3);

    const data = pageDataOf(body);
    const team = { id: ids.team };
    const upcomingInput = { team_id: ids.team, status: ['scheduled'], sort: 'date', order: 'asc', page: 1, page_size: 5 };
    const rosterInput = { team_id: ids.team, sort: 'elo', order: 'desc', page: 1, page_size: 50 };
    expect(data?.queries).toEqual([
      { key: [['public', 'team'], { input: team, type: 'query' }], data: await trpcAnswer('public.team', team) },
      { key: [['public', 'teamEloHistory'], { input: team, type: 'query' }], data: await trpcAnswer('public.teamEloHistory', team) },
      { key: [['public', 'teamRankHistory'], { input: team, type: 'query' }], data: await trpcAnswer('public.teamRankHistory', team) },
      { key: [['public', 'teamStanding'], { input: team, type: 'query' }], data: null },
      { key: [['public', 'matches'], { input: upcomingInput, type: 'query' }], data: await trpcAnswer('public.matches', upcomingInput) },
      { key: [['public', 'teamEvents'], { input: team, type: 'query' }], data: await trpcAnswer('public.teamEvents', team) },
      { key: [['public', 'players'], { input: rosterInput, type: 'query' }], data: await trpcAnswer('public.players', rosterInput) },
      // No season yet: the season menu, and no map pool or lines to show.
      { key: [['public', 'currentSeason'], { type: 'query' }], data: null },
      { key: [['public', 'seasons'], { input: seasonsMenuInput, type: 'query' }], data: await trpcAnswer('public.seasons', seasonsMenuInput) },
    ]);
  });

  it('writes the standings page\'s season menu and divisions, as the app asks for them without a season in its URL', async () => {
    const standings = pageDataOf((await app.inject({ method: 'GET', url: '/standings' })).body);
    expect(standings?.queries).toEqual([
      { key: [['public', 'seasons'], { input: seasonsMenuInput, type: 'query' }], data: await trpcAnswer('public.seasons', seasonsMenuInput) },
      { key: [['public', 'standings'], { input: {}, type: 'query' }], data: await trpcAnswer('public.standings', {}) },
    ]);
  });

  it("writes a player's head and data", async () => {
    const { statusCode, body } = await app.inject({ method: 'GET', url: `/players/${ids.player}` });
    expect(statusCode).toBe(200);
    expect(titleOf(body)).toBe('Ada | Test League');
    expect(metaOf(body, 'description')).toBe('Ada of Owls "</script><b> on Test League: Elo 1510.');
    expect(canonicalOf(body)).toBe(`${ORIGIN}/players/${ids.player}`);
    expect(metaOf(body, 'twitter:card')).toBe('summary');
    expect(pageDataOf(body)?.queries).toEqual([
      { key: [['public', 'player'], { input: { id: ids.player }, type: 'query' }], data: await trpcAnswer('public.player', { id: ids.player }) },
      { key: [['public', 'playerEloHistory'], { input: { id: ids.player }, type: 'query' }], data: await trpcAnswer('public.playerEloHistory', { id: ids.player }) },
      { key: [['public', 'playerStats'], { input: { id: ids.player }, type: 'query' }], data: await trpcAnswer('public.playerStats', { id: ids.player }) },
    ]);
  });

  it("writes a match's score or date, its preview picture and its data", async () => {
    const played = await app.inject({ method: 'GET', url: `/matches/${ids.match}` });
    expect(played.statusCode).toBe(200);
    expect(titleOf(played.body)).toBe('Owls "</script><b> vs Foxes | Test League');
    expect(metaOf(played.body, 'description')).toBe('Owls "</script><b> vs Foxes: 2–1, won by Owls "</script><b> on Sat, 03 Oct 2026.');
    expect(metaOf(played.body, 'og:image')).toBe(`${ORIGIN}/og/matches/${ids.match}.png`);
    // The match, its event, a played match's maps and the two teams' record, under the keys of the app's own queries.
    const match = { id: ids.match };
    const teams = { team1: ids.team, team2: ids.opponent };
    expect(pageDataOf(played.body)?.queries).toEqual([
      { key: [['public', 'match'], { input: match, type: 'query' }], data: await trpcAnswer('public.match', match) },
      { key: [['public', 'matchEvent'], { input: match, type: 'query' }], data: null },
      { key: [['public', 'matchMaps'], { input: match, type: 'query' }], data: await trpcAnswer('public.matchMaps', match) },
      { key: [['public', 'headToHead'], { input: teams, type: 'query' }], data: await trpcAnswer('public.headToHead', teams) },
    ]);

    const scheduled = await app.inject({ method: 'GET', url: `/matches/${ids.scheduled}` });
    expect(metaOf(scheduled.body, 'description')).toMatch(/^Foxes vs Owls "<\/script><b>: scheduled on Tue, 01 Dec 2026\. Foxes \(Elo 1480\)/);
    // No maps before it is played; the teams in the match's own order.
    expect(pageDataOf(scheduled.body)?.queries.map((query) => query.key)).toEqual([
      [['public', 'match'], { input: { id: ids.scheduled }, type: 'query' }],
      [['public', 'matchEvent'], { input: { id: ids.scheduled }, type: 'query' }],
      [['public', 'headToHead'], { input: { team1: ids.opponent, team2: ids.team }, type: 'query' }],
    ]);
  });

  it("writes an event's name, teams, dates and champion, and its data", async () => {
    const event = await createEvent(
      database.db,
      null,
      eventCreateInput.parse({ name: 'Head Cup', start_date: '2026-10-01', end_date: '2026-10-02', format: 'single_elimination', team_ids: [ids.team, ids.opponent] }),
    );
    const { statusCode, body } = await app.inject({ method: 'GET', url: `/events/${event.id}` });
    expect(statusCode).toBe(200);
    expect(titleOf(body)).toBe('Head Cup | Test League');
    expect(metaOf(body, 'description')).toBe('Head Cup: 2 teams, 2026-10-01 to 2026-10-02.');
    expect(canonicalOf(body)).toBe(`${ORIGIN}/events/${event.id}`);
    expect(pageDataOf(body)?.queries[0]?.data).toEqual(await trpcAnswer('public.event', { id: event.id }));
    await database.db.deleteFrom('events').where('id', '=', event.id).execute();
  });

  it("writes an article's title, excerpt, picture and publication date, and its data", async () => {
    const { statusCode, body } = await app.inject({ method: 'GET', url: '/news/how-elo-rankings-work' });
    expect(statusCode).toBe(200);
    expect(titleOf(body)).toBe('How our Elo rankings work | News | Test League');
    expect(metaOf(body, 'og:type')).toBe('article');
    expect(metaOf(body, 'og:title')).toBe('How our Elo rankings work');
    expect(metaOf(body, 'description')!.length).toBeGreaterThan(50);
    expect(metaOf(body, 'og:description')).toBe(metaOf(body, 'description'));
    expect(metaOf(body, 'article:published_time')).toMatch(/^\d{4}-\d{2}-\d{2}T/);
    expect(metaOf(body, 'og:image')).toMatch(new RegExp(`^${ORIGIN}/content/images/[0-9a-f]{40}-1200x675\\.webp$`));
    expect(canonicalOf(body)).toBe(`${ORIGIN}/news/how-elo-rankings-work`);
    expect(preloadOf(body)).toBe(new URL(metaOf(body, 'og:image')!).pathname);
    const data = pageDataOf(body);
    expect(data?.queries[0]?.key).toEqual(['news', 'article', 'how-elo-rankings-work']);
    expect(data?.queries[0]?.data).toMatchObject({ slug: 'how-elo-rankings-work', title: 'How our Elo rankings work', body: expect.any(Array) });
  });

  it('answers 404, kept out of search results, for an unknown article, team, hidden player or match', async () => {
    const unknown = '6f1d2c3b-4a5e-4f60-8a7b-9c0d1e2f3a4b';
    for (const url of ['/news/no-such-post', `/teams/${unknown}`, '/teams/x', `/players/${ids.hiddenPlayer}`, `/matches/${unknown}`, '/no-such-page']) {
      const { statusCode, body } = await app.inject({ method: 'GET', url });
      expect(statusCode, url).toBe(404);
      expect(titleOf(body), url).toBe('Page not found | Test League');
      expect(metaOf(body, 'robots'), url).toBe('noindex');
      expect(canonicalOf(body), url).toBeUndefined();
      // The app shows its not-found page at once (apps/web/src/lib/page-not-found.ts); the
      // article page its own, from the article query's answer.
      expect(pageDataOf(body), url).toEqual(url.startsWith('/news/') ? { queries: [{ key: ['news', 'article', 'no-such-post'], data: null }] } : { queries: [], notFound: true });
    }
  });

  it("writes each /events section's first page, as its infinite list keeps it", async () => {
    const event = await createEvent(
      database.db,
      null,
      eventCreateInput.parse({ name: 'Old Cup', start_date: '2020-10-01', end_date: '2020-10-02', format: 'single_elimination', team_ids: [ids.team, ids.opponent] }),
    );
    try {
      const events = pageDataOf((await app.inject({ method: 'GET', url: '/events' })).body);
      const section = async (status: string) => ({
        key: ['events', status],
        data: { pages: [await trpcAnswer('public.events', { status, page: 1, page_size: 20 })], pageParams: [1] },
      });
      expect(events?.queries).toEqual([await section('ongoing'), await section('upcoming'), await section('past')]);
      expect(JSON.stringify(events?.queries[2]?.data)).toContain('Old Cup');
    } finally {
      await database.db.deleteFrom('events').where('id', '=', event.id).execute();
    }
  });

  it("writes /search's results for its q, trimmed as the app trims it, and nothing for a q too short to ask", async () => {
    const input = { q: 'Foxes', limit: 50 };
    const found = pageDataOf((await app.inject({ method: 'GET', url: '/search?q=%20Foxes%20' })).body);
    expect(found?.queries).toEqual([{ key: [['public', 'search'], { input, type: 'query' }], data: await trpcAnswer('public.search', input) }]);
    expect((found?.queries[0]?.data as { teams: { name: string }[] }).teams.map((team) => team.name)).toEqual(['Foxes']);
    for (const url of ['/search', '/search?q=F', `/search?q=${'x'.repeat(201)}`]) {
      expect(pageDataOf((await app.inject({ method: 'GET', url })).body), url).toBeUndefined();
    }
  });

  it("uses the request's own origin when PUBLIC_URL is not set", async () => {
    const local = await buildApp({ db: database.db, readDb: database.readDb, config: loadConfig({ LOG_LEVEL: 'silent', WEB_DIST: webDist }), logger: false });
    try {
      const { body } = await local.inject({ method: 'GET', url: `/teams/${ids.team}`, headers: { host: 'elo.test:8080' } });
      expect(canonicalOf(body)).toBe(`http://elo.test:8080/teams/${ids.team}`);
    } finally {
      await local.close();
    }
  });
});

describe('link preview pictures', () => {
  const png = (response: { rawPayload: Buffer }) => sharp(response.rawPayload).metadata();

  it("draws a team's and a match's 1200x630 PNG, with and without a stored logo", async () => {
    const logo = await sharp({ create: { width: 64, height: 64, channels: 3, background: '#ff0000' } }).png().toBuffer();
    await database.db.insertInto('media').values({ key: `teams/${ids.team}/logo.png`, content_type: 'image/png', bytes: logo, size: logo.length }).execute();
    await database.db.updateTable('teams').set({ picture: `/media/teams/${ids.team}/logo.png` }).where('id', '=', ids.team).execute();

    for (const url of [`/og/teams/${ids.team}.png`, `/og/teams/${ids.opponent}.png`, `/og/matches/${ids.match}.png`, `/og/matches/${ids.scheduled}.png`]) {
      const response = await app.inject({ method: 'GET', url });
      expect(response.statusCode, url).toBe(200);
      expect(response.headers['content-type'], url).toBe('image/png');
      expect(response.headers.etag, url).toMatch(/^"og\d+-[\w-]+"$/);
      expect(await png(response), url).toMatchObject({ format: 'png', width: 1200, height: 630 });
    }
    // The stored logo is drawn: the logo's red shows in the team's picture.
    const { data, info } = await sharp((await app.inject({ method: 'GET', url: `/og/teams/${ids.team}.png` })).rawPayload)
      .extract({ left: 150, top: 255, width: 100, height: 100 })
      .raw()
      .toBuffer({ resolveWithObject: true });
    expect([data[0], data[1], data[2], info.channels]).toEqual([255, 0, 0, expect.any(Number)]);
  });

  it('answers 304 for the same picture and draws a new one when what it shows changes', async () => {
    const url = `/og/teams/${ids.opponent}.png`;
    const first = await app.inject({ method: 'GET', url });
    const again = await app.inject({ method: 'GET', url, headers: { 'if-none-match': first.headers.etag as string } });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe('');
    await database.db.updateTable('teams').set({ elo: 1490 }).where('id', '=', ids.opponent).execute();
    const changed = await app.inject({ method: 'GET', url, headers: { 'if-none-match': first.headers.etag as string } });
    expect(changed.statusCode).toBe(200);
    expect(changed.headers.etag).not.toBe(first.headers.etag);
    expect(changed.rawPayload.equals(first.rawPayload)).toBe(false);
  });

  it('draws a team and its matches whose stored name holds control characters (U+000B, CRLF, U+FFFE)', async () => {
    // Stored before the contract refused such names (docs/decisions/0079-plain-text-and-web-urls.md).
    const team = await database.db.insertInto('teams').values({ name: '\u0001Tab\u000bbed\r\nTeam\ufffe', school_name: 'Vertical\u000bTab' }).returning('id').executeTakeFirstOrThrow();
    const match = await database.db
      .insertInto('matches')
      .values({ platform: 'manual', external_id: 'og-controls', team1_id: team.id, team2_id: ids.opponent, status: 'scheduled', date: new Date('2026-12-02T18:00:00Z') })
      .returning('id')
      .executeTakeFirstOrThrow();
    try {
      for (const url of [`/og/teams/${team.id}.png`, `/og/matches/${match.id}.png`]) {
        const response = await app.inject({ method: 'GET', url });
        expect(response.statusCode, url).toBe(200);
        expect(await png(response), url).toMatchObject({ format: 'png', width: 1200, height: 630 });
      }
    } finally {
      // The sitemap tests below count the teams.
      await database.db.deleteFrom('matches').where('id', '=', match.id).execute();
      await database.db.deleteFrom('teams').where('id', '=', team.id).execute();
    }
  });

  it('answers 404 for a malformed or unknown id, and HEAD like GET', async () => {
    const unknown = '6f1d2c3b-4a5e-4f60-8a7b-9c0d1e2f3a4b';
    for (const url of ['/og/teams/x.png', `/og/teams/${unknown}.png`, `/og/matches/${unknown}.png`, `/og/matches/${ids.team}.png`, `/og/players/${ids.player}.png`]) {
      const response = await app.inject({ method: 'GET', url });
      expect(response.statusCode, url).toBe(404);
      expect(response.json(), url).toHaveProperty('error');
    }
    const head = await app.inject({ method: 'HEAD', url: `/og/matches/${ids.match}.png` });
    expect(head.statusCode).toBe(200);
    expect(head.headers['content-type']).toBe('image/png');
  });
});

describe('sitemap and robots.txt', () => {
  const parser = new XMLParser({ isArray: (name) => name === 'url' || name === 'sitemap' });
  const locs = async (url: string, target: FastifyInstance = app) => {
    const response = await target.inject({ method: 'GET', url });
    expect(response.statusCode, url).toBe(200);
    expect(response.headers['content-type'], url).toBe('application/xml; charset=utf-8');
    const parsed = parser.parse(response.body);
    return (parsed.sitemapindex?.sitemap ?? parsed.urlset?.url ?? []).map((entry: { loc: string }) => entry.loc) as string[];
  };

  it('points robots.txt to the sitemap and keeps crawlers out of the staff pages', async () => {
    const response = await app.inject({ method: 'GET', url: '/robots.txt' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('text/plain; charset=utf-8');
    expect(response.body).toContain('Disallow: /admin\n');
    expect(response.body).toContain(`Sitemap: ${ORIGIN}/sitemap.xml\n`);
  });

  it('lists the list pages, every article, every team and every visible player', async () => {
    const sitemaps = await locs('/sitemap.xml');
    expect(sitemaps).toEqual([`${ORIGIN}/sitemaps/pages.xml`, `${ORIGIN}/sitemaps/teams-1.xml`, `${ORIGIN}/sitemaps/players-1.xml`]);
    const pages = await locs('/sitemaps/pages.xml');
    expect(pages.slice(0, 7)).toEqual([`${ORIGIN}/`, `${ORIGIN}/rankings`, `${ORIGIN}/matches`, `${ORIGIN}/news`, `${ORIGIN}/events`, `${ORIGIN}/stats`, `${ORIGIN}/standings`]);
    expect(pages).toContain(`${ORIGIN}/news/how-elo-rankings-work`);
    expect(pages).toHaveLength(7 + 12);
    expect((await locs('/sitemaps/teams-1.xml')).sort()).toEqual([`${ORIGIN}/teams/${ids.team}`, `${ORIGIN}/teams/${ids.opponent}`].sort());
    expect(await locs('/sitemaps/players-1.xml')).toEqual([`${ORIGIN}/players/${ids.player}`]);
    // Each listed page answers 200.
    for (const url of [...pages, ...(await locs('/sitemaps/players-1.xml'))].map((loc) => loc.slice(ORIGIN.length))) {
      expect((await app.inject({ method: 'GET', url })).statusCode, url).toBe(200);
    }
    for (const url of ['/sitemaps/teams-2.xml', '/sitemaps/matches-1.xml', '/sitemaps/teams-0.xml']) {
      expect((await app.inject({ method: 'GET', url })).statusCode, url).toBe(404);
    }
  });

  it('splits a kind into sitemaps of at most the limit', async () => {
    const limited = Fastify({ logger: false });
    registerSitemapRoutes(limited, { db: database.db, config: loadConfig({ LOG_LEVEL: 'silent', PUBLIC_URL: ORIGIN }) }, { maxUrls: 1 });
    try {
      expect(await locs('/sitemap.xml', limited)).toEqual(
        ['pages', 'teams-1', 'teams-2', 'players-1'].map((name) => `${ORIGIN}/sitemaps/${name}.xml`),
      );
      const [first, second] = [await locs('/sitemaps/teams-1.xml', limited), await locs('/sitemaps/teams-2.xml', limited)];
      expect([...first, ...second].sort()).toEqual([`${ORIGIN}/teams/${ids.team}`, `${ORIGIN}/teams/${ids.opponent}`].sort());
      expect(await locs('/sitemaps/pages.xml', limited)).toHaveLength(1);
    } finally {
      await limited.close();
    }
  });
});
