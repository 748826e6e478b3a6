import type { TRPCError } from '@trpc/server';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { faceitPlayer } from '../../../test-support/fakes';
import { setUpImports, type ImportsTestSetup } from './testing';

let setup: ImportsTestSetup;
const steamIds = ['76561198000000001', '76561198000000002', '76561198000000003', '76561198000000004'];

beforeAll(async () => {
  setup = await setUpImports();
  await setup.database.db
    .insertInto('players')
    .values([...steamIds.map((steam_id, i) => ({ name: `Player ${i}`, steam_id })), { name: 'No Steam' }])
    .execute();
  // Three of the four are on Faceit; the fourth is not.
  steamIds.slice(0, 3).forEach((steamId, i) => setup.faceit.setPlayer(faceitPlayer(steamId, 1500 + i * 100, 5 + i)));
});
afterAll(() => setup.close());
afterEach(() => setup.faceit.clearFaults());

const playerRows = () => setup.database.db.selectFrom('players').select(['steam_id', 'elo', 'skill_level']).orderBy('name').execute();

describe('update player Elo', () => {
  it('sets Elo and skill level from games.cs2 for players with a Steam id', async () => {
    const before = setup.faceit.requests.length;
    const answer = await setup.caller.admin.imports.updatePlayerElo({});
    expect(answer).toMatchObject({ updated_players: 3, not_found: 1, failed: 0 });
    const calls = setup.faceit.requests.slice(before);
    expect(calls).toHaveLength(4);
    expect(calls.every((r) => r.path === '/players' && r.query.get('game') === 'cs2')).toBe(true);
    expect(await playerRows()).toEqual([
      { steam_id: null, elo: 1000, skill_level: 1 },
      { steam_id: steamIds[0], elo: 1500, skill_level: 5 },
      { steam_id: steamIds[1], elo: 1600, skill_level: 6 },
      { steam_id: steamIds[2], elo: 1700, skill_level: 7 },
      { steam_id: steamIds[3], elo: 1000, skill_level: 1 },
    ]);
  });

  it("keeps each Elo that changed in the player's history, once", async () => {
    const history = () =>
      setup.database.db
        .selectFrom('player_elo_history')
        .innerJoin('players', 'players.id', 'player_elo_history.player_id')
        .select(['players.steam_id', 'player_elo_history.elo', 'player_elo_history.source'])
        .orderBy('players.steam_id')
        .execute();
    const expected = [
      { steam_id: steamIds[0], elo: 1500, source: 'faceit' },
      { steam_id: steamIds[1], elo: 1600, source: 'faceit' },
      { steam_id: steamIds[2], elo: 1700, source: 'faceit' },
    ];
    expect(await history()).toEqual(expected);
    // Faceit answers the same Elo again: nothing new to keep.
    await setup.caller.admin.imports.updatePlayerElo({});
    expect(await history()).toEqual(expected);
  });

  it('retries a 429 after the Retry-After delay', async () => {
    setup.faceit.fault({ path: '/players', status: 429, retryAfter: '1', times: 2 });
    const started = Date.now();
    const answer = await setup.caller.admin.imports.updatePlayerElo({});
    expect(answer).toMatchObject({ updated_players: 3, not_found: 1, failed: 0 });
    expect(Date.now() - started).toBeGreaterThanOrEqual(950);
  });

  it('counts lookups that fail, and answers 502 when every one fails', async () => {
    setup.faceit.fault({ path: '/players', status: 500, times: 1 });
    // Whichever lookup arrives first fails; the other three are answered.
    const answer = await setup.caller.admin.imports.updatePlayerElo({});
    expect(answer.failed).toBe(1);
    expect(answer.updated_players + answer.not_found).toBe(3);
    setup.faceit.fault({ path: '/players', status: 502 });
    const error = await setup.caller.admin.imports.updatePlayerElo({}).catch((e: unknown) => e);
    expect((error as TRPCError).code).toBe('BAD_GATEWAY');
  });

  it('uses the api_key given instead of the server key, and explains a missing key', async () => {
    const keyless = setup.callerWith({ FACEIT_API_KEY: '' });
    expect(await keyless.admin.imports.updatePlayerElo({ api_key: setup.faceit.apiKey })).toMatchObject({ updated_players: 3 });
    const refused = await keyless.admin.imports.updatePlayerElo({ api_key: 'wrong' }).catch((e: unknown) => e);
    expect([(refused as TRPCError).code, (refused as TRPCError).message]).toEqual(['BAD_GATEWAY', "Faceit refused the server's API key (401)"]);
    const missing = await keyless.admin.imports.updatePlayerElo({ api_key: '' }).catch((e: unknown) => e);
    expect((missing as TRPCError).code).toBe('UNPROCESSABLE_CONTENT');
  });
});
