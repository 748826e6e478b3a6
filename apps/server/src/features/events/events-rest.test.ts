import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createStaffTestApp, type StaffTestApp } from '../auth/testing';

// The event paths over REST: statuses, the paged list's shape, who may do what.

let t: StaffTestApp;
let admin: Record<string, string>;
let owner: Record<string, string>;
const teamIds: string[] = [];

beforeAll(async () => {
  t = await createStaffTestApp();
  admin = await t.browserHeaders(t.admin);
  owner = await t.browserHeaders(t.owner);
  for (let i = 1; i <= 4; i++) {
    teamIds.push((await t.database.db.insertInto('teams').values({ name: `R${i}`, elo: 1000 + i }).returning('id').executeTakeFirstOrThrow()).id);
  }
});
afterAll(() => t.close());

describe('event paths', () => {
  let eventId: string;

  it('creates an event (201) and answers it on the public page and list', async () => {
    const created = await t.app.inject({
      method: 'POST',
      url: '/v1/events/',
      headers: admin,
      payload: {
        name: 'Winter Invitational',
        start_date: '2099-01-10',
        end_date: '2099-01-11',
        format: 'double_elimination',
        team_ids: teamIds,
        links: { stream: 'https://twitch.tv/campus', discord: '' },
      },
    });
    expect(created.statusCode).toBe(201);
    eventId = (created.json() as { id: string }).id;

    const page = await t.app.inject({ method: 'GET', url: `/v1/public/events/${eventId}` });
    expect(page.statusCode).toBe(200);
    expect(page.json()).toMatchObject({
      name: 'Winter Invitational',
      status: 'upcoming',
      links: { stream: 'https://twitch.tv/campus', stream2: null, discord: null, registration: null },
      seeding: { method: 'elo', seed: null },
      teams: [{ name: 'R4', seed: 1 }, { name: 'R3', seed: 2 }, { name: 'R2', seed: 3 }, { name: 'R1', seed: 4 }],
      winner: null,
      standings: null,
    });

    const list = await t.app.inject({ method: 'GET', url: '/v1/public/events?status=upcoming&page_size=5' });
    expect(list.statusCode).toBe(200);
    expect(list.json()).toMatchObject({ count: 1, current_page: 1, page_size: 5, total_pages: 1, results: [{ id: eventId, team_count: 4, status: 'upcoming' }] });
    const ongoing = await t.app.inject({ method: 'GET', url: '/v1/public/events?status=ongoing' });
    expect(ongoing.json()).toMatchObject({ count: 0, results: [] });
  });

  it('answers 404 for an unknown id and 400 for a malformed one or a bad filter', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/v1/public/events/00000000-0000-0000-0000-000000000000' })).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'GET', url: '/v1/public/events/not-an-id' })).statusCode).toBe(400);
    expect((await t.app.inject({ method: 'GET', url: '/v1/public/events?status=soon' })).statusCode).toBe(400);
  });

  it('refuses a Swiss event without its rounds, and a link that is not a link', async () => {
    const swiss = await t.app.inject({ method: 'POST', url: '/v1/events/', headers: admin, payload: { name: 'S', start_date: '2099-01-10', end_date: '2099-01-10', format: 'swiss', team_ids: teamIds } });
    expect(swiss.statusCode).toBe(400);
    expect((swiss.json() as { error: string }).error).toContain('rounds');
    const badLink = await t.app.inject({ method: 'PUT', url: `/v1/events/${eventId}/`, headers: admin, payload: { name: 'X', start_date: '2099-01-10', end_date: '2099-01-10', links: { discord: 'javascript:alert(1)' } } });
    expect(badLink.statusCode).toBe(400);
  });

  it('stores the event details (issue 23), answers them as details and custom_details, and refuses bad ones', async () => {
    const base = { name: 'Winter Invitational', start_date: '2099-01-10', end_date: '2099-01-11' };
    const saved = await t.app.inject({
      method: 'PUT',
      url: `/v1/events/${eventId}/`,
      headers: admin,
      payload: {
        ...base,
        links: { rules: 'https://league.example/rules.pdf' },
        details: { prize_pool: '1500', prize_currency: 'eur', entry_fee: 12.5, max_teams: 16, registration_open: true, registration_deadline: '2099-01-05T18:00:00Z', featured: true, division: 'honors' },
      },
    });
    expect(saved.statusCode, saved.body).toBe(200);
    const event = (await t.app.inject({ method: 'GET', url: `/v1/public/events/${eventId}` })).json();
    expect(event.details).toEqual({ prize_pool: '1500.00', prize_currency: 'EUR', entry_fee: '12.50', max_teams: 16, registration_open: true, registration_deadline: '2099-01-05T18:00:00.000Z', featured: true, division: 'honors' });
    expect(event.links.rules).toBe('https://league.example/rules.pdf');
    expect(event.custom_details).toMatchObject({ prize_pool: '1500.00', entry_fee: '12.50', rules_document: 'https://league.example/rules.pdf', is_featured: true, division: 'honors', bracket_link: `http://localhost:80/events/${eventId}` });
    for (const details of [{ prize_pool: '-5' }, { prize_pool: '1e9' }, { entry_fee: '12.345' }, { prize_currency: 'dollars' }, { max_teams: 1 }, { registration_deadline: 'soon' }]) {
      const refused = await t.app.inject({ method: 'PUT', url: `/v1/events/${eventId}/`, headers: admin, payload: { ...base, details } });
      expect(refused.statusCode, JSON.stringify(details)).toBe(400);
    }
    // PUT replaces: details left out become empty again.
    expect((await t.app.inject({ method: 'PUT', url: `/v1/events/${eventId}/`, headers: admin, payload: base })).json().details).toMatchObject({ prize_pool: null, featured: false, prize_currency: 'USD' });
  });

  it('links a match only between the slot\'s teams (409 otherwise), and leaves deletion to the owner', async () => {
    const event = (await t.app.inject({ method: 'GET', url: `/v1/public/events/${eventId}` })).json() as { stages: { rounds: { matches: { id: number; team1: { id: string }; team2: { id: string } }[] }[] }[] };
    const slot = event.stages[0]!.rounds[0]!.matches[0]!;
    const other = teamIds.find((id) => id !== slot.team1.id && id !== slot.team2.id)!;
    const match = await t.database.db.insertInto('matches').values({ platform: 'manual', external_id: 'x', team1_id: slot.team1.id, team2_id: other, status: 'scheduled' }).returning('id').executeTakeFirstOrThrow();
    const link = await t.app.inject({ method: 'POST', url: `/v1/events/${eventId}/matches/${slot.id}/link/`, headers: admin, payload: { match_id: match.id } });
    expect(link.statusCode).toBe(409);
    expect((link.json() as { error: string }).error).toContain('not between the two teams');

    expect((await t.app.inject({ method: 'DELETE', url: `/v1/events/${eventId}/`, headers: admin })).statusCode).toBe(403);
    const deleted = await t.app.inject({ method: 'DELETE', url: `/v1/events/${eventId}/`, headers: owner });
    expect(deleted.statusCode).toBe(200);
    expect((await t.app.inject({ method: 'GET', url: `/v1/public/events/${eventId}` })).statusCode).toBe(404);
  });
});
