import ICAL from 'ical.js';
import { XMLParser } from 'fast-xml-parser';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ids } from '../../../test/league-fixture';
import { startPublicApp, type PublicApp } from '../../../test/public-app';
import { startFakeServer } from '../../../test-support/fakes';
import { loadConfig } from '../../config';
import { newsSource } from '../content/latest-posts';
import { matchEventUid } from './calendar';

// The feeds over real HTTP, read back with independent parsers: ical.js (RFC 5545) and
// fast-xml-parser (RSS 2.0).

let site: PublicApp;
const HOUR = 3_600_000;
const now = Date.now();
const uuid = (n: number) => `00000005-0000-4000-8000-${String(n).padStart(12, '0')}`;
const soon = uuid(101);
const overdue = uuid(102);
const farAhead = uuid(103);
const justPlayed = uuid(104);

beforeAll(async () => {
  site = await startPublicApp({ PUBLIC_URL: 'https://league.example' });
  const match = (id: string, externalId: string, status: 'scheduled' | 'completed', at: number, winner: string | null = null) => ({
    id,
    external_id: externalId,
    platform: 'faceit' as const,
    competition_id: ids.necc,
    season_id: ids.fall,
    team1_id: ids.alpha,
    team2_id: ids.beta,
    status,
    date: new Date(at).toISOString(),
    winner_id: winner,
    score_team1: winner ? 2 : null,
    score_team2: winner ? 0 : null,
  });
  await site.database.db
    .insertInto('matches')
    .values([
      match(soon, 'feed-soon', 'scheduled', now + 2 * HOUR),
      match(overdue, 'feed-overdue', 'scheduled', now - 5 * HOUR),
      match(farAhead, 'feed-far', 'scheduled', now + 90 * 24 * HOUR),
      match(justPlayed, 'feed-played', 'completed', now - 30 * HOUR, ids.alpha),
    ])
    .execute();
});
afterAll(async () => {
  await site?.close();
});

async function calendar(url: string) {
  const response = await site.app.inject({ method: 'GET', url });
  expect(response.statusCode, response.body).toBe(200);
  expect(response.headers['content-type']).toBe('text/calendar; charset=utf-8');
  const component = new ICAL.Component(ICAL.parse(response.body));
  const events = component.getAllSubcomponents('vevent').map((vevent) => new ICAL.Event(vevent));
  return { component, events, byUid: new Map(events.map((e) => [e.uid, e])) };
}

describe('GET /feeds/matches.ics', () => {
  it('lists live and upcoming matches (overdue ones from a day back), each an event with a stable UID', async () => {
    const { component, events, byUid } = await calendar('/feeds/matches.ics');
    expect(component.getFirstPropertyValue('version')).toBe('2.0');
    const uids = events.map((e) => e.uid);
    expect(uids).toContain(matchEventUid(soon));
    expect(uids).toContain(matchEventUid(overdue));
    expect(uids).not.toContain(matchEventUid(farAhead));
    expect(uids).not.toContain(matchEventUid(justPlayed));
    const event = byUid.get(matchEventUid(soon))!;
    expect(event.summary).toBe('Alpha Wolves vs Beta Bears');
    expect(event.startDate.toJSDate().getTime()).toBe(Math.floor((now + 2 * HOUR) / 1000) * 1000);
    expect(event.endDate.toJSDate().getTime() - event.startDate.toJSDate().getTime()).toBe(3 * HOUR);
    expect(event.component.getFirstPropertyValue('url')).toBe(`https://league.example/matches/${soon}`);
    expect(event.component.getFirstPropertyValue('status')).toBe('CONFIRMED');
    // The same UIDs on the next request: a calendar replaces the events instead of adding copies.
    expect((await calendar('/feeds/matches.ics')).events.map((e) => e.uid)).toEqual(uids);
  });
});

describe('GET /feeds/teams/{id}.ics', () => {
  it("lists every dated match of the team, results with their score, called-off ones as cancelled", async () => {
    const { byUid } = await calendar(`/feeds/teams/${ids.alpha}.ics`);
    expect(byUid.get(matchEventUid(justPlayed))?.summary).toBe('Alpha Wolves 2–0 Beta Bears');
    expect(byUid.get(matchEventUid(ids.cancelled))?.component.getFirstPropertyValue('status')).toBe('CANCELLED');
    expect(byUid.get(matchEventUid(ids.liveToday))?.summary).toBe('Alpha Wolves vs Gamma Rays (live)');
    expect(byUid.has(matchEventUid(ids.undated))).toBe(false);
    expect(byUid.has(matchEventUid(ids.fallFinal))).toBe(false);
    // The same match has the same UID in both feeds.
    expect([...byUid.keys()]).toContain(matchEventUid(soon));
  });

  it('answers 404 for an unknown team and 400 for a malformed id', async () => {
    const unknown = await site.app.inject({ method: 'GET', url: `/feeds/teams/${ids.unknown}.ics` });
    expect([unknown.statusCode, unknown.json()]).toEqual([404, { error: 'Team not found' }]);
    const malformed = await site.app.inject({ method: 'GET', url: '/feeds/teams/alpha.ics' });
    expect([malformed.statusCode, malformed.json()]).toEqual([400, { error: 'Invalid team id format' }]);
    expect((await site.app.inject({ method: 'GET', url: '/feeds/nothing' })).statusCode).toBe(404);
  });
});

describe('calendar text and dates the database should not hold', () => {
  /** A forged event after the calendar's NAME line, as a hostile team name would carry it. */
  const FORGED = 'BEGIN:VEVENT\r\nUID:forged@evil\r\nDTSTAMP:20300101T000000Z\r\nDTSTART:20300101T000000Z\r\nSUMMARY:Forged\r\nEND:VEVENT';
  const insertTeam = async (name: string) =>
    (await site.database.db.insertInto('teams').values({ name }).returning('id').executeTakeFirstOrThrow()).id;
  const insertMatch = (id: string, teamId: string, date: string) =>
    site.database.db
      .insertInto('matches')
      .values({ id, platform: 'manual', external_id: `feed-${id}`, team1_id: teamId, team2_id: ids.beta, status: 'scheduled', date: new Date(date), competition_id: ids.necc })
      .execute();

  it('a team name with CRLF and control characters already stored cannot add events or lines to its calendar', async () => {
    // Stored before the contract refused such names (docs/decisions/0079-plain-text-and-web-urls.md).
    const teamId = await insertTeam(`Evil\r\n${FORGED}\r\nX-EVIL:\u0001\u000b\ufffe`);
    await insertMatch(uuid(111), teamId, new Date(now + 3 * HOUR).toISOString());
    const response = await site.app.inject({ method: 'GET', url: `/feeds/teams/${teamId}.ics` });
    expect(response.statusCode).toBe(200);
    // Every line is a property or a folded continuation, and none holds a control character.
    const lines = response.body.split('\r\n').filter((line) => line !== '');
    // eslint-disable-next-line no-control-regex -- the test looks for control characters
    for (const line of lines) expect(line, JSON.stringify(line)).toMatch(/^([A-Z][A-Z0-9-]*[;:]| )[^\u0000-\u001f\u007f\ufffe\uffff]*$/);
    const { component, events } = await calendar(`/feeds/teams/${teamId}.ics`);
    expect(events.map((e) => e.uid)).toEqual([matchEventUid(uuid(111))]);
    expect(lines.filter((line) => line.startsWith('BEGIN:VEVENT'))).toHaveLength(1);
    expect(component.getFirstPropertyValue('name')).toMatch(/^Evil BEGIN:VEVENT UID:forged@evil/);
    expect(events[0]!.summary).toMatch(/^Evil BEGIN:VEVENT .* vs Beta Bears$/);
  });

  it('writes a valid DTEND for a match on 9999-12-31 (never past year 9999)', async () => {
    const teamId = await insertTeam('Far Future');
    await insertMatch(uuid(121), teamId, '9999-12-31T00:00:00Z');
    await insertMatch(uuid(122), teamId, '9999-12-31T22:30:00Z');
    const response = await site.app.inject({ method: 'GET', url: `/feeds/teams/${teamId}.ics` });
    const stamps = response.body.split('\r\n').filter((line) => /^DT(START|END)[;:]/.test(line));
    expect(stamps.length).toBe(4);
    for (const line of stamps) expect(line).toMatch(/^DT(START|END):\d{8}T\d{6}Z$/);
    const { byUid } = await calendar(`/feeds/teams/${teamId}.ics`);
    const midnight = byUid.get(matchEventUid(uuid(121)))!;
    expect(midnight.endDate.toJSDate().toISOString()).toBe('9999-12-31T03:00:00.000Z');
    const late = byUid.get(matchEventUid(uuid(122)))!;
    expect(late.endDate.toJSDate().toISOString()).toBe('9999-12-31T23:59:59.000Z');
    expect(late.endDate.compare(late.startDate)).toBe(1);
  });
});

const xml = new XMLParser({ ignoreAttributes: false });

describe('GET /feeds/news.xml', () => {
  it('is RSS 2.0 of the latest posts, newest first, each linking its article', async () => {
    const response = await site.app.inject({ method: 'GET', url: '/feeds/news.xml' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('application/rss+xml; charset=utf-8');
    const rss = xml.parse(response.body).rss;
    expect(rss['@_version']).toBe('2.0');
    expect(rss.channel.title).toBe('Campus Elo news');
    expect(rss.channel.link).toBe('https://league.example/news');
    const items = [rss.channel.item].flat() as { title: string; link: string; guid: { '#text': string }; pubDate: string; description: string }[];
    const posts = await newsSource(loadConfig({})).latestPosts(20);
    expect(items.map((i) => i.title)).toEqual(posts.map((p) => p.title));
    expect(items[0]?.link).toBe(`https://league.example/news/${posts[0]?.slug}`);
    expect(items[0]?.guid['#text']).toBe(items[0]?.link);
    const dates = items.map((i) => Date.parse(i.pubDate));
    expect(dates.every((d) => !Number.isNaN(d))).toBe(true);
    expect([...dates].sort((a, b) => b - a)).toEqual(dates);
    expect(items[0]?.description.length).toBeGreaterThan(20);
  });
});

describe('news from a Sanity project', () => {
  it('reads the posts through the query API, and reports Sanity failing as such', async () => {
    const post = { _id: 'p1', title: 'From Sanity', slug: 'from-sanity', publishedAt: '2026-10-01T12:00:00Z', author: null, authorLink: null, bodyText: [] };
    const sanity = await startFakeServer((req) =>
      req.path === '/v2025-08-13/data/query/production' && req.query.get('query')?.includes('_type == "post"') ? { status: 200, body: { result: [post] } } : { status: 404 },
    );
    try {
      const config = loadConfig({ SANITY_PROJECT_ID: 'abc123', SANITY_API_VERSION: '2025-08-13' });
      const source = newsSource(config, { sanityApiHost: sanity.url });
      expect((await source.latestPosts(5)).map((p) => p.title)).toEqual(['From Sanity']);
      sanity.fault({ path: /.*/, status: 500 });
      await expect(source.latestPosts(5)).rejects.toMatchObject({ kind: 'upstream_failed', message: 'Sanity answered 500' });
    } finally {
      await sanity.close();
    }
  });
});
