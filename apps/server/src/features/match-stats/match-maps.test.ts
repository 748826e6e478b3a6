import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createStaffTestApp, type StaffTestApp } from '../auth/testing';

// GET /v1/public/matches/{id}/maps and the staff's GET /v1/matches/{id}/maps/ over REST on PostgreSQL.

let t: StaffTestApp;
let matchId: string;
let bareMatchId: string;
let team1: string;
let team2: string;
let hiddenPlayer: string;

beforeAll(async () => {
  t = await createStaffTestApp();
  const db = t.database.db;
  team1 = (await db.insertInto('teams').values({ name: 'Owls', elo: 1000 }).returning('id').executeTakeFirstOrThrow()).id;
  team2 = (await db.insertInto('teams').values({ name: 'Foxes', elo: 1000 }).returning('id').executeTakeFirstOrThrow()).id;
  const player = (await db.insertInto('players').values({ name: 'owlEye', team_id: team1 }).returning('id').executeTakeFirstOrThrow()).id;
  hiddenPlayer = (await db.insertInto('players').values({ name: 'Quiet Fox', team_id: team2, visible: false }).returning('id').executeTakeFirstOrThrow()).id;
  const insertMatch = (externalId: string) =>
    db
      .insertInto('matches')
      .values({ platform: 'faceit', external_id: externalId, team1_id: team1, team2_id: team2, score_team1: 1, score_team2: 0, winner_id: team1, status: 'completed' })
      .returning('id')
      .executeTakeFirstOrThrow();
  matchId = (await insertMatch('with-maps')).id;
  bareMatchId = (await insertMatch('without-maps')).id;
  await db
    .insertInto('match_maps')
    .values({ match_id: matchId, number: 1, map: 'de_mirage', score_team1: 13, score_team2: 9, winner_side: 1, picked_by_side: 2, half1_team1: 8, half1_team2: 4, half2_team1: 5, half2_team2: 5, source: 'faceit' } as never)
    .execute();
  await db.insertInto('match_vetoes').values({ match_id: matchId, step: 1, side: 1, action: 'ban', map: 'de_nuke' } as never).execute();
  await db
    .insertInto('match_map_players')
    .values([
      { match_id: matchId, map_number: 1, side: 1, player_id: player, nickname: 'owlEye', rounds: 22, kills: 20, deaths: 15, assists: 3, headshots: 10, damage: 1980, kills_2k: 2, kills_3k: 1, kills_4k: 0, kills_5k: 0 },
      { match_id: matchId, map_number: 1, side: 2, player_id: null, nickname: 'stranger', rounds: 22, kills: 12, deaths: 18, assists: 2 },
      { match_id: matchId, map_number: 1, side: 2, player_id: hiddenPlayer, nickname: 'quietfox', rounds: 22, kills: 9, deaths: 19, assists: 1 },
    ] as never)
    .execute();
});
afterAll(() => t.close());

describe('GET /v1/public/matches/{id}/maps', () => {
  it('answers the maps with halves, the picking team, the veto and each line with ADR, HS% and rating', async () => {
    const response = await t.app.inject({ method: 'GET', url: `/v1/public/matches/${matchId}/maps` });
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body.vetoes).toEqual([{ step: 1, team_id: team1, action: 'ban', map: 'de_nuke' }]);
    const [map] = body.maps;
    expect(map).toMatchObject({ number: 1, map: 'de_mirage', map_name: 'Mirage', winner_id: team1, picked_by_id: team2, halves: { team1: [8, 5], team2: [4, 5] }, overtime: null });
    const [owl, stranger, hidden] = map.players;
    expect(owl).toMatchObject({ nickname: 'owlEye', team_id: team1, adr: 90, hs_pct: 50, kast: null });
    expect(owl.player.name).toBe('owlEye');
    expect(owl.rating).toBeCloseTo((20 / 22 / 0.679 + 0.7 * (7 / 22 / 0.317) + 30 / 22 / 1.277) / 2.7, 6);
    // An unlinked player keeps the platform's nickname; unknown counts stay null.
    expect(stranger).toMatchObject({ player: null, nickname: 'stranger', team_id: team2, adr: null, rating: null });
    // A hidden player's page is 404, so their line is not linked: the platform's nickname stands alone.
    expect(hidden).toMatchObject({ player: null, nickname: 'quietfox', team_id: team2, kills: 9 });
    expect(response.body).not.toContain(hiddenPlayer);
    expect((await t.app.inject({ method: 'GET', url: `/v1/public/players/${hiddenPlayer}` })).statusCode).toBe(404);
  });

  it("answers staff with every linked line, a hidden player's too, so the map editor saves them linked", async () => {
    const anonymous = await t.app.inject({ method: 'GET', url: `/v1/matches/${matchId}/maps/` });
    expect(anonymous.statusCode).toBe(401);
    const response = await t.app.inject({ method: 'GET', url: `/v1/matches/${matchId}/maps/`, headers: { cookie: await t.cookieFor(t.admin) } });
    expect(response.statusCode).toBe(200);
    const players = response.json().maps[0].players;
    expect(players.map((line: { nickname: string; player: { name: string } | null }) => [line.nickname, line.player?.name ?? null])).toEqual([
      ['owlEye', 'owlEye'],
      ['stranger', null],
      ['quietfox', 'Quiet Fox'],
    ]);
    const unknown = await t.app.inject({ method: 'GET', url: '/v1/matches/00000000-0000-4000-8000-000000000999/maps/', headers: { cookie: await t.cookieFor(t.admin) } });
    expect(unknown.statusCode).toBe(404);
  });

  it('answers empty lists for a match without details and 404 for an unknown match', async () => {
    const bare = await t.app.inject({ method: 'GET', url: `/v1/public/matches/${bareMatchId}/maps` });
    expect(bare.json()).toEqual({ maps: [], vetoes: [] });
    const unknown = await t.app.inject({ method: 'GET', url: '/v1/public/matches/00000000-0000-4000-8000-000000000999/maps' });
    expect(unknown.statusCode).toBe(404);
  });
});
