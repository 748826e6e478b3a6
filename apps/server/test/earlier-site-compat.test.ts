import { createTestDatabase, type TestDatabase } from '@campus-elo/db';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app';
import { loadConfig } from '../src/config';
import { seedDatabase } from '../src/features/seed/cli';

// The requests College Counter's frontend (cc-frontend/v1: services/api.ts, hooks.ts and its
// pages) and its public API tests (cc-backend/v1/cc/tests/test_public_api.py) make, with their
// exact query strings, against our demo league on another origin (issue 23). The frontend's
// base URL is our /v1; its query strings come from URLSearchParams, which keeps empty values.

const PARTNER = 'https://partner.example';
const PUBLIC_URL = 'https://league.example';

let database: TestDatabase;
let app: FastifyInstance;
let demo: { teamId: string; otherTeamId: string; seasonId: string; eventId: string; linkedMatchId: string; cancelledMatchId: string };

async function get(url: string) {
  const response = await app.inject({ method: 'GET', url: `/v1${url}`, headers: { origin: PARTNER } });
  expect(response.headers['access-control-allow-origin'], url).toBe('*');
  return { status: response.statusCode, body: response.json() };
}

async function ok(url: string) {
  const { status, body } = await get(url);
  expect(status, `${url}: ${JSON.stringify(body)}`).toBe(200);
  return body;
}

beforeAll(async () => {
  database = await createTestDatabase();
  await seedDatabase(database.db, { kind: 'demo' }, () => {});
  app = await buildApp({ db: database.db, readDb: database.readDb, config: loadConfig({ LOG_LEVEL: 'silent', PUBLIC_URL }), logger: false });
  const db = database.db;
  const linked = await db
    .selectFrom('event_bracket_matches')
    .innerJoin('matches', 'matches.id', 'event_bracket_matches.match_id')
    .select(['event_bracket_matches.event_id', 'matches.id', 'matches.team1_id', 'matches.team2_id'])
    .where('matches.status', '!=', 'cancelled')
    .orderBy('matches.id')
    .executeTakeFirstOrThrow();
  const ranked = await db
    .selectFrom('ranking_items')
    .innerJoin('rankings', 'rankings.id', 'ranking_items.ranking_id')
    .select(['ranking_items.team_id', 'rankings.season_id'])
    .orderBy('rankings.date', 'desc')
    .orderBy('ranking_items.rank')
    .executeTakeFirstOrThrow();
  const cancelled = await db.selectFrom('matches').select('id').where('status', '=', 'cancelled').executeTakeFirst();
  // An opponent the ranked team has really played (ids are random, so no other pick is sure to have met it).
  const played = await db
    .selectFrom('matches')
    .select(['team1_id', 'team2_id'])
    .where('status', '!=', 'cancelled')
    .where((eb) => eb.or([eb('team1_id', '=', ranked.team_id), eb('team2_id', '=', ranked.team_id)]))
    .orderBy('date')
    .orderBy('id')
    .executeTakeFirstOrThrow();
  demo = {
    teamId: ranked.team_id,
    otherTeamId: played.team1_id === ranked.team_id ? played.team2_id : played.team1_id,
    seasonId: ranked.season_id,
    eventId: linked.event_id,
    linkedMatchId: linked.id,
    cancelledMatchId: cancelled?.id ?? '',
  };
});
afterAll(async () => {
  await app?.close();
  await database?.close();
});

describe("the earlier site's public API tests, against the demo league", () => {
  it('teams: all, by name, by event_id, and a malformed event_id', async () => {
    const all = await ok('/public/teams');
    expect(all.count).toBe(60);
    const byName = await ok('/public/teams?name=Team 1'.replace(' ', '%20'));
    for (const team of byName.results) expect(team.name.toLowerCase()).toContain('team 1');
    const inEvent = await ok(`/public/teams?event_id=${demo.eventId}`);
    const eventTeams = await database.db.selectFrom('event_teams').select('team_id').where('event_id', '=', demo.eventId).execute();
    expect(inEvent.count).toBeGreaterThanOrEqual(2);
    expect(inEvent.count).toBeLessThan(all.count);
    expect(inEvent.results.map((t: { id: string }) => t.id).sort()).toEqual(eventTeams.map((t) => t.team_id).sort());
    const invalid = await get('/public/teams?event_id=invalid-uuid');
    expect(invalid.status).toBe(400);
    expect(invalid.body.error).toBe('Invalid event_id format');
  });

  it("players: all, and one team's", async () => {
    const all = await ok('/public/players');
    expect(all.count).toBeGreaterThan(0);
    const team = await ok(`/public/players?team_id=${demo.teamId}`);
    expect(team.count).toBeGreaterThan(0);
    for (const player of team.results) expect(player.team.id).toBe(demo.teamId);
  });

  it('matches: all, by team, by status and by season', async () => {
    const all = await ok('/public/matches');
    const byTeam = await ok(`/public/matches?team_id=${demo.teamId}`);
    expect(byTeam.count).toBeGreaterThan(0);
    expect(byTeam.count).toBeLessThan(all.count);
    for (const match of (await ok('/public/matches?status=completed')).results) expect(match.status).toBe('completed');
    for (const match of (await ok(`/public/matches?season_id=${demo.seasonId}`)).results) expect(match.season.id).toBe(demo.seasonId);
  });

  it('seasons: all, and current=true is the one whose dates contain today', async () => {
    const all = await ok('/public/seasons');
    const today = new Date().toISOString().slice(0, 10);
    const containing = all.results.filter((s: { start_date: string; end_date: string }) => s.start_date <= today && today <= s.end_date);
    for (const season of all.results) expect(season.is_current).toBe(containing.includes(season));
    const current = await ok('/public/seasons?current=true');
    expect(current.results.map((s: { id: string }) => s.id)).toEqual(containing.map((s: { id: string }) => s.id));
    expect(current.count).toBe(1);
  });
});

describe("the earlier site's frontend requests, as it sends them", () => {
  it('a match page (Match.tsx): ?id=<uuid> answers that match as results[0], and its teams by id', async () => {
    const page = await ok(`/public/matches?id=${demo.linkedMatchId}`);
    expect(page.count).toBe(1);
    const match = page.results[0];
    expect(match.id).toBe(demo.linkedMatchId);
    // Event.tsx reads event_match.extra_info.round_name.
    expect(match.event_match).toMatchObject({ event: { id: demo.eventId }, extra_info: { round_name: expect.any(String) } });
    for (const side of [match.team1, match.team2]) {
      const team = await ok(`/public/teams?id=${side.id}`);
      expect(team.results.map((t: { id: string }) => t.id)).toEqual([side.id]);
    }
  });

  it('a cancelled match still has its page by id, while the unfiltered list leaves it out', async () => {
    if (!demo.cancelledMatchId) return;
    expect((await ok(`/public/matches?id=${demo.cancelledMatchId}`)).results[0].status).toBe('cancelled');
    const cancelledInList = await database.db.selectFrom('matches').select((eb) => eb.fn.countAll<number>().as('n')).where('status', '=', 'cancelled').executeTakeFirstOrThrow();
    const total = await database.db.selectFrom('matches').select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
    expect((await ok('/public/matches')).count).toBe(Number(total.n) - Number(cancelledInList.n));
  });

  it('an event page (Event.tsx): the event, its matches and its teams by event_id', async () => {
    const event = await ok(`/public/events/${demo.eventId}`);
    expect(event.custom_details).toMatchObject({ bracket_link: `${PUBLIC_URL}/events/${demo.eventId}`, is_public: true, prize_currency: 'USD' });
    const matches = await ok(`/public/matches?event_id=${demo.eventId}`);
    const linked = await database.db.selectFrom('event_bracket_matches').select('match_id').where('event_id', '=', demo.eventId).where('match_id', 'is not', null).execute();
    expect(matches.results.map((m: { id: string }) => m.id).sort()).toEqual(expect.arrayContaining([demo.linkedMatchId]));
    expect(matches.count).toBeLessThanOrEqual(linked.length);
    for (const match of matches.results) expect(match.event_match.event.id).toBe(demo.eventId);
    const teams = await ok(`/public/teams?event_id=${demo.eventId}`);
    for (const team of teams.results) expect(team).toHaveProperty('current_ranking');
  });

  it("the events list (Events.tsx, hooks.ts): sorted, featured, and each with custom_details", async () => {
    const list = await ok('/public/events?sort=start_date&order=asc&page_size=20');
    const starts = list.results.map((e: { start_date: string }) => e.start_date);
    expect(starts).toEqual([...starts].sort());
    for (const event of list.results) expect(event.custom_details.bracket_link).toBe(`${PUBLIC_URL}/events/${event.id}`);
    expect((await ok('/public/events?featured=true&sort=start_date&order=desc')).count).toBe(0);
    await database.db.updateTable('events').set({ featured: true }).where('id', '=', demo.eventId).execute();
    const featured = await ok('/public/events?featured=true&sort=start_date&order=desc');
    expect(featured.results.map((e: { id: string }) => e.id)).toEqual([demo.eventId]);
    expect(featured.results[0].custom_details.is_featured).toBe(true);
    expect((await ok('/public/events?page_size=1000')).page_size).toBe(100);
  });

  it('the Past tab (Matches.tsx): its unset filters are empty values, meaning no filter', async () => {
    const past = await ok('/public/matches?page=1&page_size=30&status=completed&date_from=&date_to=&season_id=&competition_name=&sort=date&order=desc');
    const plain = await ok('/public/matches?page=1&page_size=30&status=completed&sort=date&order=desc');
    expect(past).toEqual(plain);
    expect(past.count).toBeGreaterThan(30);
    const filtered = await ok(`/public/matches?page=1&page_size=30&status=completed&date_from=&date_to=&season_id=${demo.seasonId}&competition_name=&sort=date&order=desc`);
    for (const match of filtered.results) expect(match.season.id).toBe(demo.seasonId);
  });

  it('a team page (Team.tsx): the team with its competitions and rank, its ranking, its players', async () => {
    const team = (await ok(`/public/teams?id=${demo.teamId}`)).results[0];
    expect(team.id).toBe(demo.teamId);
    expect(Array.isArray(team.current_competitions)).toBe(true);
    const ranking = await ok(`/public/team-current-ranking?team_id=${demo.teamId}`);
    expect(ranking).toMatchObject({ rank: expect.any(Number), team: { id: demo.teamId }, ranking: { id: expect.any(String), date: expect.any(String) } });
    if (team.current_ranking) expect(team.current_ranking).toMatchObject({ id: ranking.id, rank: ranking.rank, ranking: ranking.ranking });
    const players = await ok(`/public/players?team_id=${demo.teamId}&visible=true&sort=elo&order=desc&page_size=5`);
    for (const player of players.results) expect(player).toHaveProperty('steam_id');
    const upcoming = await ok(`/public/matches?sort=date&order=asc&page=1&page_size=4&status=scheduled&date_from=${new Date().toISOString()}&team_id=${demo.teamId}`);
    for (const match of upcoming.results) expect(match.status).toBe('scheduled');
  });

  it('the home widgets and the rankings: current season, latest snapshot and its lines with their ranking', async () => {
    const current = await ok('/public/seasons?current=true&page_size=1');
    expect(current.results[0].is_current).toBe(true);
    const rankings = await ok(`/public/rankings?season_id=${current.results[0].id}&sort=date&order=desc&page_size=1`);
    const items = await ok(`/public/ranking-items?ranking_id=${rankings.results[0].id}&sort=rank&order=asc&page_size=10`);
    expect(items.results[0].ranking).toEqual({ id: rankings.results[0].id, date: rankings.results[0].date });
  });

  it('every logo it shows is an absolute URL on PUBLIC_URL', async () => {
    const teams = await ok('/public/teams?page_size=100');
    const pictures = teams.results.map((t: { picture: string | null }) => t.picture).filter((p: string | null): p is string => p !== null && p.includes('/media/'));
    expect(pictures.length).toBeGreaterThan(10);
    for (const picture of pictures) expect(picture.startsWith(`${PUBLIC_URL}/media/`)).toBe(true);
  });
});

describe("the earlier site's three team summaries", () => {
  it('team-current-ranking answers its shape; without a ranking item, its 404', async () => {
    const body = await ok(`/public/team-current-ranking?team_id=${demo.teamId}&season_id=${demo.seasonId}`);
    expect(Object.keys(body).sort()).toEqual(['elo', 'id', 'rank', 'ranking', 'season', 'team']);
    expect(body.season).toEqual({ id: demo.seasonId, name: expect.any(String) });
    const unknown = await get('/public/team-current-ranking?team_id=00000000-0000-4000-8000-000000000000');
    expect(unknown).toEqual({ status: 404, body: { error: 'No ranking item found for this team in the current ranking' } });
    expect((await get('/public/team-current-ranking?team_id=nope')).status).toBe(400);
    expect((await get('/public/team-current-ranking')).status).toBe(400);
  });

  it('team_recent_form answers win, loss or draw against each opponent, 3 by default and at most 5', async () => {
    const body = await ok(`/public/team_recent_form?team_id=${demo.teamId}`);
    expect(body.team_id).toBe(demo.teamId);
    expect(body.recent_form).toHaveLength(3);
    for (const entry of body.recent_form) {
      expect(['win', 'loss', 'draw']).toContain(entry.result);
      expect(entry.opponent).toEqual({ id: expect.any(String), name: expect.any(String), picture: entry.opponent.picture });
      expect(entry.opponent.id).not.toBe(demo.teamId);
    }
    expect((await ok(`/public/team_recent_form?team_id=${demo.teamId}&limit=20`)).recent_form).toHaveLength(5);
    expect((await ok(`/public/team_recent_form?team_id=${demo.teamId}&limit=`)).recent_form).toHaveLength(3);
  });

  it('team_ranking_history answers every snapshot line, newest first, of a season when asked', async () => {
    const body = await ok(`/public/team_ranking_history?team_id=${demo.teamId}`);
    expect(body.team_id).toBe(demo.teamId);
    const dates = body.ranking_history.map((line: { ranking_date: string }) => line.ranking_date);
    expect(dates.length).toBeGreaterThan(1);
    expect(dates).toEqual([...dates].sort().reverse());
    const season = await ok(`/public/team_ranking_history?team_id=${demo.teamId}&season_id=${demo.seasonId}`);
    for (const line of season.ranking_history) expect(line.season.id).toBe(demo.seasonId);
  });
});

describe('the filters the earlier site documents, never ignored', () => {
  it('matches: head to head (one side alone is 400), platform (playfly is leaguespot), competition_id, id lists, dates', async () => {
    const h2h = await ok(`/public/matches?team_id_1=${demo.teamId}&team_id_2=${demo.otherTeamId}`);
    expect(h2h.count).toBeGreaterThan(0);
    for (const m of h2h.results) expect([m.team1.id, m.team2.id].sort()).toEqual([demo.teamId, demo.otherTeamId].sort());
    const alone = await get(`/public/matches?team_id_1=${demo.teamId}`);
    expect(alone.status).toBe(400);
    expect(alone.body.error).toContain('team_id_2');
    for (const m of (await ok('/public/matches?platform=playfly')).results) expect(m.platform).toBe('leaguespot');
    for (const m of (await ok('/public/matches?platform=faceit')).results) expect(m.platform).toBe('faceit');
    expect((await get('/public/matches?platform=steam')).status).toBe(400);
    const first = (await ok('/public/matches?page_size=2')).results;
    const competitionId = first[0].competition.id;
    for (const m of (await ok(`/public/matches?competition_id=${competitionId}`)).results) expect(m.competition.id).toBe(competitionId);
    const pair = await ok(`/public/matches?id=${first[0].id},${first[1].id}`);
    expect(pair.results.map((m: { id: string }) => m.id).sort()).toEqual([first[0].id, first[1].id].sort());
    const day = first[0].date.slice(0, 10);
    for (const m of (await ok(`/public/matches?date_from=${day}&date_to=${day}`)).results) expect(m.date.slice(0, 10)).toBe(day);
    expect((await get('/public/matches?date_from=tomorrow')).status).toBe(400);
    expect((await get('/public/matches?id=1,2')).body.error).toBe('Invalid id format');
  });

  it('teams: id lists and competition_id; players: id lists, steam_id, faceit_id, benched', async () => {
    const two = (await ok('/public/teams?sort=name&page_size=2')).results.map((t: { id: string }) => t.id);
    expect((await ok(`/public/teams?id=${two.join(',')}`)).results.map((t: { id: string }) => t.id).sort()).toEqual([...two].sort());
    const participant = await database.db.selectFrom('participants').select(['competition_id']).executeTakeFirstOrThrow();
    const inCompetition = await ok(`/public/teams?competition_id=${participant.competition_id}&page_size=100`);
    const expected = await database.db.selectFrom('participants').select('team_id').distinct().where('competition_id', '=', participant.competition_id).execute();
    expect(inCompetition.count).toBe(expected.length);
    const player = await database.db.selectFrom('players').select(['id', 'faceit_id']).where('visible', '=', true).where('faceit_id', 'is not', null).executeTakeFirstOrThrow();
    await database.db.updateTable('players').set({ steam_id: '76561198000000001' }).where('id', '=', player.id).execute();
    expect((await ok('/public/players?steam_id=76561198000000001')).results.map((p: { id: string }) => p.id)).toEqual([player.id]);
    expect((await ok(`/public/players?faceit_id=${player.faceit_id}`)).results.map((p: { id: string }) => p.id)).toEqual([player.id]);
    expect((await ok(`/public/players?id=${player.id}`)).results[0]).toMatchObject({ id: player.id, steam_id: '76561198000000001', faceit_id: player.faceit_id });
    for (const p of (await ok('/public/players?benched=true')).results) expect(p.benched).toBe(true);
  });

  it('seasons by id; events by id, name, featured=false and public_only; a sort of events by name', async () => {
    const seasons = await ok(`/public/seasons?id=${demo.seasonId}`);
    expect(seasons.results.map((s: { id: string }) => s.id)).toEqual([demo.seasonId]);
    const event = await ok(`/public/events/${demo.eventId}`);
    expect((await ok(`/public/events?id=${demo.eventId}`)).results.map((e: { id: string }) => e.id)).toEqual([demo.eventId]);
    for (const e of (await ok(`/public/events?name=${encodeURIComponent(event.name.slice(0, 4))}`)).results) expect(e.name.toLowerCase()).toContain(event.name.slice(0, 4).toLowerCase());
    const all = await ok('/public/events?page_size=100');
    expect((await ok('/public/events?public_only=true&page_size=100')).count).toBe(all.count);
    expect((await ok('/public/events?public_only=false&page_size=100')).count).toBe(all.count);
    for (const e of (await ok('/public/events?featured=false&page_size=100')).results) expect(e.custom_details.is_featured).toBe(false);
    const byName = (await ok('/public/events?sort=name&order=asc&page_size=100')).results.map((e: { name: string }) => e.name);
    expect(byName).toEqual([...byName].sort((a, b) => a.localeCompare(b, 'en', { sensitivity: 'base' })));
    expect((await get('/public/events?featured=maybe')).status).toBe(400);
  });

  it('an empty value is no filter for every list parameter; a parameter it does not know is ignored', async () => {
    for (const [url, bare] of [
      ['/public/teams?id=&name=&season_id=&competition_id=&event_id=&page=&page_size=&sort=&order=', '/public/teams'],
      ['/public/players?id=&team_id=&steam_id=&faceit_id=&visible=&benched=&season_id=', '/public/players'],
      ['/public/matches?id=&status=&team_id=&platform=&competition_id=&event_id=&team_id_1=&team_id_2=', '/public/matches'],
      ['/public/seasons?id=&current=', '/public/seasons'],
      ['/public/events?id=&name=&featured=&public_only=&sort=&order=', '/public/events'],
      ['/public/teams?colour=blue', '/public/teams'],
    ] as const) {
      expect(await ok(url), url).toEqual(await ok(bare));
    }
  });
});
