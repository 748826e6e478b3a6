import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createStaffTestApp, type StaffTestApp } from '../auth/testing';

let t: StaffTestApp;
let headers: Record<string, string>;
let teamId: string;
let playerId: string;
let otherId: string;

beforeAll(async () => {
  t = await createStaffTestApp();
  headers = await t.browserHeaders(t.admin);
  const team = await t.database.db.insertInto('teams').values({ name: 'Delta Dogs' }).returning('id').executeTakeFirstOrThrow();
  teamId = team.id;
  const players = await t.database.db
    .insertInto('players')
    .values([
      { name: 'Mira', steam_id: '76561198000000101', faceit_id: 'faceit-mira', team_id: teamId, elo: 1500, skill_level: 7 },
      { name: 'Otto', steam_id: '76561198000000102', faceit_id: 'faceit-otto', elo: 900, skill_level: 3 },
    ])
    .returning(['id', 'name'])
    .execute();
  playerId = players.find((p) => p.name === 'Mira')!.id;
  otherId = players.find((p) => p.name === 'Otto')!.id;
});
afterAll(() => t.close());

const valid = { name: 'Mira', elo: 1500, skill_level: 7, team_id: null as string | null, benched: false, visible: true };
const put = (id: string, payload: unknown) => t.app.inject({ method: 'PUT', url: `/v1/players/${id}/`, headers, payload: payload as object });

describe('PUT /v1/players/{id}/', () => {
  it('replaces the player: ids left out become empty, null team means no team', async () => {
    const response = await put(playerId, { ...valid, benched: true, visible: false });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ id: playerId, steam_id: null, faceit_id: null, team: null, team_id: null, benched: true, visible: false, picture: null });
  });

  it('sets the team and the ids, and answers the team by name', async () => {
    const response = await put(playerId, { ...valid, team_id: teamId, steam_id: '76561198000000101', faceit_id: 'faceit-mira', skill_level: 10 });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ team: { id: teamId, name: 'Delta Dogs' }, steam_id: '76561198000000101', skill_level: 10 });
  });

  it('refuses a Steam ID or Faceit ID another player has with 400 and says which', async () => {
    const steam = await put(playerId, { ...valid, steam_id: '76561198000000102' });
    expect(steam.statusCode).toBe(400);
    expect(steam.json()).toEqual({ error: 'Another player (Otto) already has this Steam ID' });
    const faceit = await put(playerId, { ...valid, faceit_id: 'faceit-otto' });
    expect(faceit.statusCode).toBe(400);
    expect(faceit.json()).toEqual({ error: 'Another player (Otto) already has this Faceit ID' });
    // A player keeps their own ids.
    expect((await put(otherId, { ...valid, name: 'Otto', steam_id: '76561198000000102', faceit_id: 'faceit-otto' })).statusCode).toBe(200);
  });

  it.each([
    ['skill level 0', { ...valid, skill_level: 0 }, 'skill_level'],
    ['skill level 11', { ...valid, skill_level: 11 }, 'skill_level'],
    ['no skill level', { ...valid, skill_level: undefined }, 'skill_level'],
    ['no name', { ...valid, name: '' }, 'name'],
    ['a text elo', { ...valid, elo: '1000' }, 'elo'],
    ['no benched flag', { ...valid, benched: undefined }, 'benched'],
    ['a malformed team id', { ...valid, team_id: 'team-1' }, 'team_id'],
    ['an empty steam id', { ...valid, steam_id: '' }, 'steam_id'],
    ['a Steam ID that is not a SteamID64', { ...valid, steam_id: 'my steam name' }, 'Invalid steam_id format'],
  ])('answers 400 for %s', async (_label, payload, field) => {
    const response = await put(playerId, payload);
    expect(response.statusCode).toBe(400);
    expect((response.json() as { error: string }).error).toContain(field);
  });

  it('answers 400 for a team that does not exist and 404 for an unknown player', async () => {
    const team = await put(playerId, { ...valid, team_id: '00000000-0000-4000-8000-000000000000' });
    expect(team.statusCode).toBe(400);
    expect(team.json()).toEqual({ error: 'Invalid team_id: no such team' });
    const unknown = await put('00000000-0000-4000-8000-000000000000', valid);
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toEqual({ error: 'Player not found' });
  });

  it('records the change in the audit log', async () => {
    const rows = await t.database.db.selectFrom('audit_log').selectAll().where('entity', '=', 'player').where(sql<boolean>`${playerId} = any(entity_ids)`).orderBy('created_at').execute();
    expect(rows.length).toBeGreaterThanOrEqual(2);
    expect(rows[0]).toMatchObject({ user_id: t.admin.id, action: 'update' });
    expect(rows[0]!.details).toMatchObject({ before: { name: 'Mira' }, after: { id: playerId } });
  });
});

describe('admin.players.options', () => {
  it('lists every player by name with their team name', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/trpc/admin.players.options', headers });
    expect((response.json() as { result: { data: unknown[] } }).result.data).toEqual([
      { id: playerId, name: 'Mira', team_name: 'Delta Dogs' },
      { id: otherId, name: 'Otto', team_name: null },
    ]);
  });
});
