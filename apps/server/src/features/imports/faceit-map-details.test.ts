import type { FaceitMatchStats } from '@campus-elo/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { faceitMatch, type FaceitMatchSpec } from '../../../test-support/fakes';
import { loadConfig } from '../../config';
import { getMatchMaps } from '../match-stats/queries';
import { runPlatformSync } from '../sync/platform-sync';
import { secondsFromNow, setUpImports, type ImportsTestSetup } from './testing';

// FACEIT map details through the import procedures, Update Matches and the sync, against the
// fake FACEIT (test-support/fakes/faceit-match-stats.ts makes each finished match's maps).

let setup: ImportsTestSetup;
let seasonId: string;
const championship = 'maps-cup';
const base = { championshipId: championship, championshipName: 'Maps Cup' } as const;
const spec = (matchId: string, team1: string, team2: string, status: FaceitMatchSpec['status'], score?: [number, number], daysAgo = 2): FaceitMatchSpec => ({
  ...base,
  matchId,
  team1,
  team2,
  status,
  scheduledAt: secondsFromNow(-daysAgo),
  score,
});

const series = spec('1-maps-series', 'Maps Owls', 'Maps Herons', 'FINISHED', [2, 1]);
const single = spec('1-maps-single', 'Maps Herons', 'Maps Larks', 'FINISHED');
const upcoming = spec('1-maps-upcoming', 'Maps Owls', 'Maps Larks', 'SCHEDULED', undefined, -1);

const db = () => setup.database.db;
const matchId = async (externalId: string) => (await db().selectFrom('matches').select('id').where('external_id', '=', externalId).executeTakeFirstOrThrow()).id;
const linesOf = (id: string) => db().selectFrom('match_map_players').selectAll().where('match_id', '=', id).orderBy('id').execute();
const mapsOf = (id: string) => db().selectFrom('match_maps').selectAll().where('match_id', '=', id).orderBy('number').execute();

let importMessage: string;

const syncDeps = () => ({
  db: db(),
  config: loadConfig({ FACEIT_API_BASE: setup.faceit.url, FACEIT_API_KEY: setup.faceit.apiKey, LEAGUESPOT_API_BASE: setup.leaguespot.url, LOG_LEVEL: 'silent', SYNC_INTERVAL_SECONDS: '60' }),
  kind: setup.database.kind,
});
/** Each sync an hour after the one before, so it is due. */
let syncClock = Date.now();
const nextSyncTime = () => new Date((syncClock += 3_600_000));

beforeAll(async () => {
  setup = await setUpImports();
  seasonId = (await db().insertInto('seasons').values({ name: 'Maps season', start_date: '2020-01-01', end_date: '2099-12-31' }).returning('id').executeTakeFirstOrThrow()).id;
  setup.faceit.setChampionship(championship, [faceitMatch(series), faceitMatch(single), faceitMatch(upcoming)]);
  const preview = await setup.caller.admin.imports.preview({ platform: 'faceit', competition_id: championship });
  const answer = await setup.caller.admin.imports.commit({ platform: 'faceit', competition_name: 'Maps Cup', season_id: seasonId, data: preview, participant_matches: {} });
  expect(answer.map_details).toEqual({ saved: 2, not_yet: 0, failed: 0 });
  importMessage = answer.message;
});
afterAll(() => setup.close());

describe('FACEIT map details', () => {
  it('an import stores the maps and scoreboards of its completed matches, lines linked to the imported players', async () => {
    expect(importMessage).toContain('Saved map details of 2 matches.');
    const id = await matchId(series.matchId);
    const match = await db().selectFrom('matches').select(['score_team1', 'score_team2', 'team1_id']).where('id', '=', id).executeTakeFirstOrThrow();
    // The match's own score stays the series (maps won).
    expect(match).toMatchObject({ score_team1: 2, score_team2: 1 });

    const answer = await getMatchMaps(db(), id, 'all');
    expect(answer.maps).toHaveLength(3);
    expect(answer.maps.filter((map) => map.winner_id === match.team1_id)).toHaveLength(2);
    for (const map of answer.maps) {
      expect(map.source).toBe('faceit');
      expect(map.halves).not.toBeNull();
      expect(map.players).toHaveLength(10);
      // Every roster player was created by the import with their FACEIT id: all linked.
      expect(map.players.every((line) => line.player !== null)).toBe(true);
      expect(map.players.every((line) => line.adr !== null && line.rating !== null)).toBe(true);
    }
    // FACEIT's answers name no bans and no picker.
    expect(answer.vetoes).toEqual([]);

    const bo1 = await getMatchMaps(db(), await matchId(single.matchId), 'all');
    expect(bo1.maps).toHaveLength(1);
    expect(await mapsOf(await matchId(upcoming.matchId))).toEqual([]);
  });

  it('re-running Update Matches writes nothing new', async () => {
    const ids = [await matchId(series.matchId), await matchId(single.matchId)];
    const before = await Promise.all(ids.map(linesOf));
    for (let run = 0; run < 2; run += 1) {
      const answer = await setup.caller.admin.imports.updateMatches({ match_ids: ids, only_changed: true });
      expect(answer).toMatchObject({ updated_count: 0, error_count: 0, map_details: { saved: 0, not_yet: 0, failed: 0 } });
    }
    // The same rows (ids included): nothing was deleted and written again.
    expect(await Promise.all(ids.map(linesOf))).toEqual(before);
  });

  it('stats not ready yet: the result says so, the maps wait without lines, and a later sync fills them', async () => {
    const late = spec('1-maps-late', 'Maps Owls', 'Maps Larks', 'ONGOING', undefined, 1);
    setup.faceit.setChampionship(championship, [faceitMatch(late)]);
    const preview = await setup.caller.admin.imports.preview({ platform: 'faceit', competition_id: championship });
    await setup.caller.admin.imports.commit({ platform: 'faceit', competition_name: 'Maps Cup', season_id: seasonId, data: preview, participant_matches: {} });
    const id = await matchId(late.matchId);

    setup.faceit.setStatsReady(late.matchId, false);
    setup.faceit.setMatch(faceitMatch({ ...late, status: 'FINISHED', score: [1, 2] }));
    const answer = await setup.caller.admin.imports.updateMatches({ match_ids: [id] });
    expect(answer.map_details).toEqual({ saved: 0, not_yet: 1, failed: 0 });
    expect(answer.message).toContain('Map stats not yet available for 1 match; the next sync tries again.');
    expect(await mapsOf(id)).toHaveLength(3);
    expect(await linesOf(id)).toEqual([]);

    // Still not ready: the sync says so again.
    const deps = syncDeps();
    const waiting = await runPlatformSync(deps, nextSyncTime());
    expect(waiting).toMatchObject({ ran: true, platforms: [{ platform: 'faceit', map_details: { not_yet: 1 } }, { platform: 'leaguespot' }] });

    setup.faceit.setStatsReady(late.matchId, true);
    const filled = await runPlatformSync(deps, nextSyncTime());
    expect(filled).toMatchObject({ ran: true, platforms: [{ platform: 'faceit', map_details: { saved: 1, not_yet: 0 } }, { platform: 'leaguespot' }] });
    expect(await linesOf(id)).toHaveLength(30);
    // Filled, it leaves the sync's list: the next run asks nothing about it.
    const callsBefore = setup.faceit.requests.length;
    await runPlatformSync(deps, nextSyncTime());
    expect(setup.faceit.requests.slice(callsBefore).map((r) => r.path)).not.toContain(`/matches/${late.matchId}/stats`);
  });

  it('maps entered by hand are kept through Update Matches and the sync', async () => {
    const id = await matchId(single.matchId);
    await db().deleteFrom('match_maps').where('match_id', '=', id).execute();
    const match = await db().selectFrom('matches').select(['score_team1', 'score_team2']).where('id', '=', id).executeTakeFirstOrThrow();
    await db()
      .insertInto('match_maps')
      .values({ match_id: id, number: 1, map: 'de_vertigo', score_team1: match.score_team1! > match.score_team2! ? 13 : 5, score_team2: match.score_team1! > match.score_team2! ? 5 : 13, source: 'manual' } as never)
      .execute();
    const answer = await setup.caller.admin.imports.updateMatches({ match_ids: [id] });
    expect(answer.map_details).toEqual({ saved: 0, not_yet: 0, failed: 0 });
    expect((await mapsOf(id)).map((map) => [map.map, map.source])).toEqual([['de_vertigo', 'manual']]);
    expect(await linesOf(id)).toEqual([]);

    // Completed, without lines, but entered by hand: the sync does not ask about it.
    const callsBefore = setup.faceit.requests.length;
    expect(await runPlatformSync(syncDeps(), nextSyncTime())).toMatchObject({ ran: true });
    expect(setup.faceit.requests.slice(callsBefore).map((r) => r.path)).not.toContain(`/matches/${single.matchId}/stats`);
    expect((await mapsOf(id)).map((map) => [map.map, map.source])).toEqual([['de_vertigo', 'manual']]);
  });

  it('keeps an unknown player unlinked with their nickname and FACEIT id, and a key the answer lacks as null, never 0', async () => {
    const older = spec('1-maps-older', 'Maps Herons', 'Maps Owls', 'ONGOING', undefined, 3);
    setup.faceit.setChampionship(championship, [faceitMatch(older)]);
    const preview = await setup.caller.admin.imports.preview({ platform: 'faceit', competition_id: championship });
    await setup.caller.admin.imports.commit({ platform: 'faceit', competition_name: 'Maps Cup', season_id: seasonId, data: preview, participant_matches: {} });
    const id = await matchId(older.matchId);

    const finished = faceitMatch({ ...older, status: 'FINISHED', score: [13, 9] });
    const faction = (key: 'faction1' | 'faction2') => finished.teams?.[key];
    // An older match's stats: only kills, deaths, assists and headshots; one stand-in FACEIT never gave us.
    const team = (key: 'faction1' | 'faction2', kills: number, deaths: number) => ({
      team_id: faction(key)?.faction_id,
      team_stats: { 'Final Score': key === 'faction1' ? '13' : '9' },
      players: (faction(key)?.roster ?? []).map((player, index) => ({
        player_id: key === 'faction2' && index === 4 ? 'faceit-ringer-id' : player.player_id,
        nickname: key === 'faction2' && index === 4 ? 'ringer' : player.nickname,
        player_stats: { Kills: String(kills), Deaths: String(deaths), Assists: '2', Headshots: '5' },
      })),
    });
    const stats: FaceitMatchStats = {
      rounds: [{ round_stats: { Map: 'de_mirage', Score: '13 / 9', Rounds: '22' }, teams: [team('faction1', 15, 12), team('faction2', 12, 15)] }],
    };
    setup.faceit.setMatchStats(older.matchId, stats);
    setup.faceit.setMatch({ ...finished, voting: { map: { pick: ['de_mirage'] } }, detailed_results: [{ winner: 'faction1', factions: { faction1: { score: 13 }, faction2: { score: 9 } } }] });

    const answer = await setup.caller.admin.imports.updateMatches({ match_ids: [id] });
    expect(answer.map_details).toEqual({ saved: 1, not_yet: 0, failed: 0 });
    const lines = await linesOf(id);
    expect(lines).toHaveLength(10);
    const ringer = lines.find((line) => line.nickname === 'ringer');
    expect(ringer).toMatchObject({ player_id: null, platform_player_id: 'faceit-ringer-id', kills: 12, deaths: 15 });
    expect(lines.filter((line) => line.player_id === null)).toHaveLength(1);
    for (const line of lines) {
      expect(line.headshots).toBe(5);
      expect([line.damage, line.mvps, line.kills_2k, line.kills_5k, line.first_kills, line.entry_attempts, line.clutch_attempts, line.utility_damage, line.flash_successes, line.sniper_kills, line.kast_rounds]).toEqual(
        Array(11).fill(null),
      );
    }
    const [map] = (await getMatchMaps(db(), id, 'all')).maps;
    expect(map).toMatchObject({ map: 'de_mirage', score_team1: 13, score_team2: 9, halves: null, overtime: null });
    expect(map?.players.find((line) => line.nickname === 'ringer')).toMatchObject({ player: null, adr: null, rating: null });
  });

  it('a 429 from the stats endpoint during an import is waited out; one that never ends fails only that match\'s map details', async () => {
    const throttled = spec('1-maps-throttled', 'Maps Owls', 'Maps Herons', 'FINISHED', [2, 0], 4);
    const refused = spec('1-maps-refused', 'Maps Larks', 'Maps Herons', 'FINISHED', undefined, 5);
    setup.faceit.setChampionship(championship, [faceitMatch(throttled), faceitMatch(refused)]);
    const preview = await setup.caller.admin.imports.preview({ platform: 'faceit', competition_id: championship });
    setup.faceit.fault({ path: `/matches/${throttled.matchId}/stats`, status: 429, retryAfter: '0', times: 1 });
    setup.faceit.fault({ path: `/matches/${refused.matchId}/stats`, status: 429, retryAfter: '0' });
    const callsBefore = setup.faceit.requests.length;
    const answer = await setup.caller.admin.imports.commit({ platform: 'faceit', competition_name: 'Maps Cup', season_id: seasonId, data: preview, participant_matches: {} });
    setup.faceit.clearFaults();
    const statsCalls = (matchIdOnPlatform: string) => setup.faceit.requests.slice(callsBefore).filter((r) => r.path === `/matches/${matchIdOnPlatform}/stats`).length;

    // Both matches are imported; the throttled one's stats came on the second ask.
    expect(answer.map_details).toEqual({ saved: 1, not_yet: 0, failed: 1 });
    expect(answer.message).toContain('Map details of 1 match could not be fetched or did not fit the match.');
    expect(statsCalls(throttled.matchId)).toBe(2);
    expect(statsCalls(refused.matchId)).toBeGreaterThan(1);
    const throttledId = await matchId(throttled.matchId);
    expect(await mapsOf(throttledId)).toHaveLength(2);
    expect(await linesOf(throttledId)).toHaveLength(20);
    const refusedId = await matchId(refused.matchId);
    expect(await linesOf(refusedId)).toEqual([]);

    // FACEIT answers again: Update Matches fills the refused match.
    const retried = await setup.caller.admin.imports.updateMatches({ match_ids: [refusedId] });
    expect(retried.map_details).toEqual({ saved: 1, not_yet: 0, failed: 0 });
    expect(await linesOf(refusedId)).toHaveLength(10);
  });
});
