import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { faceitChampionship, faceitMatch, startFakeFaceit, startFakeLeaguespot, type FakeFaceit, type FakeLeaguespot } from '../../../test-support/fakes';
import { createStaffTestApp, type StaffTestApp } from '../auth/testing';
import { secondsFromNow } from './testing';

let faceit: FakeFaceit;
let leaguespot: FakeLeaguespot;
let staff: StaffTestApp;
let auth: { authorization: string };
let seasonId: string;

beforeAll(async () => {
  [faceit, leaguespot] = await Promise.all([startFakeFaceit(), startFakeLeaguespot()]);
  staff = await createStaffTestApp({ FACEIT_API_BASE: faceit.url, FACEIT_API_KEY: faceit.apiKey, LEAGUESPOT_API_BASE: leaguespot.url });
  auth = { authorization: `Bearer ${await staff.tokenFor(staff.admin)}` };
  seasonId = (await staff.database.db.insertInto('seasons').values({ name: 'REST', start_date: '2025-01-01', end_date: '2025-12-31' }).returning('id').executeTakeFirstOrThrow()).id;
  faceit.setChampionship('rest-cup', faceitChampionship({ championshipId: 'rest-cup', count: 12, teams: 4, startAt: secondsFromNow(-6) }));
});
afterAll(async () => {
  await staff.close();
  await Promise.all([faceit.close(), leaguespot.close()]);
});

const post = (url: string, payload: unknown, headers: Record<string, string> = auth) =>
  staff.app.inject({ method: 'POST', url, payload: payload as object, headers });
const get = (url: string, headers: Record<string, string> = auth) => staff.app.inject({ method: 'GET', url, headers });

describe('imports over REST', () => {
  it('refuses visitors with 401 on every path', async () => {
    for (const [method, url] of [
      ['POST', '/v1/import-matches/preview/'],
      ['POST', '/v1/import-matches/'],
      ['POST', '/v1/matches/update/'],
      ['POST', '/v1/player-elo/update/'],
      ['GET', `/v1/proxy/leaguespot/seasons/${leaguespot.seasonId}/`],
    ] as const) {
      const response = await staff.app.inject({ method, url, payload: method === 'POST' ? {} : undefined });
      expect([url, response.statusCode]).toEqual([url, 401]);
      expect(response.json()).toHaveProperty('error');
    }
  });

  it('previews and imports, answering the contract shapes', async () => {
    const preview = await post('/v1/import-matches/preview/', { platform: 'faceit', competition_id: 'rest-cup' });
    expect(preview.statusCode).toBe(200);
    const body = preview.json() as { items: unknown[]; skipped: unknown[] };
    expect(body.items).toHaveLength(12);
    expect(JSON.stringify(body)).not.toContain(faceit.apiKey);

    const imported = await post('/v1/import-matches/', { platform: 'faceit', competition_name: 'REST Cup', season_id: seasonId, data: body, participant_matches: {} });
    expect(imported.statusCode).toBe(200);
    // The contract's four fields, and (issue 29) what it created and the Elo it moved, as an undoable run.
    expect(imported.json()).toEqual({
      message: expect.any(String),
      matches_imported: 12,
      matches_updated: 0,
      matches_skipped: 0,
      teams_created: 4,
      players_created: 20,
      dry_run: false,
      elo_changes: expect.any(Array),
      elo_run_id: null,
      // Issue 24: the finished matches' maps and lines, fetched after the import.
      map_details: { saved: 6, not_yet: 0, failed: 0 },
    });

    const update = await post('/v1/matches/update/', { platform: 'faceit' });
    expect(update.statusCode).toBe(200);
    expect(Object.keys(update.json() as object).sort()).toEqual(['error_count', 'failures', 'message', 'total_processed', 'updated_count']);

    const elo = await post('/v1/player-elo/update/', {});
    expect(elo.statusCode).toBe(200);
    expect(elo.json()).toMatchObject({ updated_players: 0, not_found: 20 });
  });

  it('stores no javascript: link and no control character from the platform, and the public API serves none', async () => {
    const hostile = faceitMatch({ matchId: '1-hostile', championshipId: 'hostile-cup', team1: 'Evil\r\nEND:VEVENT\u000b', team2: 'Fair U', status: 'SCHEDULED', scheduledAt: secondsFromNow(2) });
    hostile.faceit_url = 'javascript:alert(document.cookie)';
    hostile.teams!.faction1!.avatar = 'javascript:alert(1)';
    hostile.teams!.faction1!.roster![0]!.avatar = 'javascript:alert(2)';
    faceit.setChampionship('hostile-cup', [hostile]);
    const preview = await post('/v1/import-matches/preview/', { platform: 'faceit', competition_id: 'hostile-cup' });
    expect(preview.statusCode).toBe(200);
    expect(preview.body).not.toContain('javascript:');
    const importOf = (items: unknown) => ({ platform: 'faceit', competition_name: 'Hostile Cup', season_id: seasonId, data: { items }, participant_matches: {} });
    expect((await post('/v1/import-matches/', importOf((preview.json() as { items: unknown[] }).items))).json()).toMatchObject({ matches_imported: 1 });
    // The raw Faceit answer, sent straight to the import, is cleaned the same way.
    expect((await post('/v1/import-matches/', importOf([hostile]))).json()).toMatchObject({ matches_updated: 1 });

    const db = staff.database.db;
    const team = await db.selectFrom('teams').select(['id', 'name', 'picture']).where('name', 'like', 'Evil%').execute();
    expect(team).toEqual([{ id: expect.any(String), name: 'Evil END:VEVENT', picture: null }]);
    const match = await db.selectFrom('matches').select(['id', 'url']).where('external_id', '=', '1-hostile').executeTakeFirstOrThrow();
    expect(match.url).toBeNull();
    const captain = await db.selectFrom('players').select(['id', 'picture']).where('faceit_id', '=', hostile.teams!.faction1!.roster![0]!.player_id!).executeTakeFirstOrThrow();
    expect(captain.picture).toBeNull();

    for (const url of [`/v1/public/teams/${team[0]!.id}`, `/v1/public/matches/${match.id}`, `/v1/public/players/${captain.id}`, '/v1/public/matches?page_size=100']) {
      const response = await get(url, {});
      expect(response.statusCode, url).toBe(200);
      expect(response.body, url).not.toContain('javascript:');
    }
  });

  it('answers 400 with the zod issues for wrong payloads', async () => {
    for (const [url, payload] of [
      ['/v1/import-matches/preview/', { platform: 'steam' }],
      ['/v1/import-matches/preview/', { platform: 'leaguespot' }],
      ['/v1/import-matches/preview/', { platform: 'faceit', competition_id: '../../etc' }],
      ['/v1/import-matches/', { platform: 'faceit', competition_name: 'X', season_id: 'nope', data: { items: [] } }],
      ['/v1/import-matches/', { platform: 'faceit', competition_name: 'X', season_id: seasonId }],
      ['/v1/matches/update/', { match_ids: 'all' }],
      ['/v1/matches/update/', { auto_detect: 'yes' }],
      ['/v1/player-elo/update/', { api_key: 42 }],
    ] as const) {
      const response = await post(url, payload);
      expect([url, payload, response.statusCode]).toEqual([url, payload, 400]);
      const body = response.json() as { error: string; issues: unknown[] };
      expect(body.error).toEqual(expect.any(String));
      expect(body.issues.length).toBeGreaterThan(0);
    }
    const leaguespotWithoutId = (await post('/v1/import-matches/preview/', { platform: 'leaguespot' })).json() as { issues: { message: string }[] };
    expect(leaguespotWithoutId.issues[0]?.message).toBe('Season ID is required');
  });

  it('answers 404 for unknown ids', async () => {
    const unknown = '00000000-0000-4000-8000-000000000000';
    expect((await post('/v1/import-matches/', { platform: 'faceit', competition_name: 'X', season_id: unknown, data: { items: [] } })).statusCode).toBe(404);
    expect((await post('/v1/matches/update/', { match_ids: [unknown] })).statusCode).toBe(404);
    expect((await post('/v1/import-matches/preview/', { platform: 'faceit', competition_id: 'no-such-cup' })).statusCode).toBe(404);
    expect((await get('/v1/proxy/leaguespot/seasons/no-such-season/')).statusCode).toBe(404);
  });

  it('passes the Leaguespot calls through the proxy paths', async () => {
    const round = leaguespot.rounds[0]!;
    const season = await get(`/v1/proxy/leaguespot/seasons/${leaguespot.seasonId}/`);
    expect(season.json()).toMatchObject({ currentStageId: leaguespot.stageId });
    const stage = await get(`/v1/proxy/leaguespot/stages/${leaguespot.stageId}/`);
    expect((stage.json() as { rounds: unknown[] }).rounds).toHaveLength(7);
    const matches = await get(`/v1/proxy/leaguespot/rounds/${round.id}/matches/`);
    expect(matches.json()).toHaveLength(20);
    const matchId = round.matchIds[0]!;
    expect((await get(`/v1/proxy/leaguespot/matches/${matchId}/`)).json()).toMatchObject({ id: matchId });
    expect((await get(`/v1/proxy/leaguespot/matches/${matchId}/participants/`)).json()).toEqual(expect.arrayContaining([expect.objectContaining({ score: expect.any(Number) })]));
  });

  it('answers 502 when the platform fails and 422 when the season has no stage', async () => {
    leaguespot.fault({ path: `/seasons/${leaguespot.seasonId}`, status: 500, times: 1 });
    const failed = await get(`/v1/proxy/leaguespot/seasons/${leaguespot.seasonId}/`);
    expect([failed.statusCode, failed.json()]).toEqual([502, { error: 'Leaguespot answered 500' }]);

    leaguespot.behaviour.withoutStage = true;
    try {
      const response = await post('/v1/import-matches/preview/', { platform: 'leaguespot', season_id: leaguespot.seasonId });
      expect([response.statusCode, response.json()]).toEqual([422, { error: 'No current stage found for this season' }]);
    } finally {
      leaguespot.behaviour.withoutStage = false;
    }
  });
});
