import { PLAYER_LEADERBOARD_SORTS, TEAM_MAP_LEADERBOARD_SORTS } from '@campus-elo/api-contract';
import { rating } from '@campus-elo/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ids, player, startStatsApp, type StatsTestApp } from './testing';

// GET /v1/public/players/{id}/stats, /teams/{id}/maps and /stats/players over REST on
// PostgreSQL, through the public read path (readDb, the response cache).

let t: StatsTestApp;
beforeAll(async () => {
  t = await startStatsApp();
});
afterAll(() => t.close());

const get = async (url: string) => {
  const response = await t.app.inject({ method: 'GET', url });
  return { status: response.statusCode, body: response.json(), cache: response.headers['x-cache'] };
};

// First, before any test changes data: a data change notice arriving between two requests would rightly skip the cache.
describe('caching', () => {
  it('answers the new reads from the response cache on a repeat', async () => {
    const urls = [`/v1/public/players/${player('owls', 2)}/stats`, `/v1/public/teams/${ids.foxes}/maps`, '/v1/public/stats/players?sort=adr', '/v1/public/stats/teams?sort=wins&min_maps=1', `/v1/public/matches/${ids.cupFinal}/maps`];
    for (const url of urls) {
      const first = await get(url);
      expect(first.status).toBe(200);
      const second = await get(url);
      expect(second.cache, url).toBe('hit');
      expect(second.body).toEqual(first.body);
    }
  });
});

/** owls1's lines as testing.ts writes them: kills = skill + 1 on each map. */
const owls1 = (rounds: number, skill: number) => ({ rounds, kills: skill + 1, deaths: Math.min(rounds, 11), damage: (skill + 1) * 95, headshots: Math.floor((skill + 1) / 2) });
const currentSeasonMaps = [owls1(22, 14), owls1(23, 12), owls1(30, 20), owls1(20, 15), owls1(21, 13)];
const oldSeasonMaps = [owls1(18, 10)];
const sum = (lines: ReturnType<typeof owls1>[], key: keyof ReturnType<typeof owls1>) => lines.reduce((total, line) => total + line[key], 0);

describe('GET /v1/public/players/{id}/stats', () => {
  it("answers the career totals, per map and the latest matches with the player's line", async () => {
    const { status, body } = await get(`/v1/public/players/${player('owls', 1)}/stats`);
    expect(status).toBe(200);
    const career = [...currentSeasonMaps, ...oldSeasonMaps];
    const rounds = sum(career, 'rounds');
    const kills = sum(career, 'kills');
    expect(body.totals).toMatchObject({ maps: 6, rounds, kills, deaths: sum(career, 'deaths'), assists: 18, adr: sum(career, 'damage') / rounds });
    expect(body.totals.hs_pct).toBeCloseTo((100 * sum(career, 'headshots')) / kills, 9);
    expect(body.totals.kast).toBeNull();
    expect(body.totals.rating).toBeCloseTo(rating({ rounds, kills, deaths: sum(career, 'deaths'), kills2k: 12, kills3k: 6, kills4k: 0, kills5k: 0 })!, 9);
    // Mirage three times (two seasons), the others once; most played first.
    expect(body.by_map.map((map: { map: string; maps: number }) => [map.map, map.maps])).toEqual([
      ['de_mirage', 3],
      ['de_inferno', 1],
      ['de_nuke', 1],
      ['de_overpass', 1],
    ]);
    expect(body.by_map[0].map_name).toBe('Mirage');
    expect(body.recent.map((match: { match_id: string }) => match.match_id)).toEqual([ids.leagueGame, ids.cupFinal, ids.oldGame]);
    const [latest] = body.recent;
    expect(latest).toMatchObject({ opponent: { id: ids.foxes, name: 'Foxes' }, maps: 2, kills: 16 + 14, deaths: 22 });
    expect(latest.rating).toBeCloseTo(rating({ rounds: 41, kills: 30, deaths: 22, kills2k: 4, kills3k: 2, kills4k: 0, kills5k: 0 })!, 9);
    // Both seasons' maps for Owls, the latest season named.
    expect(body.teams).toEqual([{ id: ids.owls, name: 'Owls', maps: 6, last_season: { id: ids.current, name: 'This season' } }]);
  });

  it("answers one season's totals and matches with season_id", async () => {
    const { body } = await get(`/v1/public/players/${player('owls', 1)}/stats?season_id=${ids.current}`);
    expect(body.totals).toMatchObject({ maps: 5, rounds: sum(currentSeasonMaps, 'rounds'), kills: sum(currentSeasonMaps, 'kills') });
    expect(body.recent).toHaveLength(2);
    expect(body.by_map.find((map: { map: string }) => map.map === 'de_mirage').maps).toBe(2);
    // The teams played for stay the career's.
    expect(body.teams).toEqual([{ id: ids.owls, name: 'Owls', maps: 6, last_season: { id: ids.current, name: 'This season' } }]);
  });

  it('lists the teams played for, the latest first', async () => {
    const crow = player('crows', 1);
    // crows1 played for Crows last season, and for Foxes this season (a line linked by hand).
    await t.database.db.updateTable('match_map_players').set({ player_id: crow }).where('match_id', '=', ids.leagueGame).where('nickname', '=', 'foxes1').execute();
    const { body } = await get(`/v1/public/players/${crow}/stats`);
    expect(body.teams).toEqual([
      { id: ids.foxes, name: 'Foxes', maps: 2, last_season: { id: ids.current, name: 'This season' } },
      { id: ids.crows, name: 'Crows', maps: 1, last_season: { id: ids.old, name: 'Last season' } },
    ]);
    await t.database.db.updateTable('match_map_players').set({ player_id: player('foxes', 1) }).where('match_id', '=', ids.leagueGame).where('nickname', '=', 'foxes1').execute();
  });

  it('links lines by FACEIT id: a Foxes player has stats without a player_id in the lines', async () => {
    const { body } = await get(`/v1/public/players/${player('foxes', 2)}/stats`);
    expect(body.totals.maps).toBe(5);
    // The source gave no headshots for Foxes: unknown, not 0.
    expect(body.totals.hs_pct).toBeNull();
  });

  it('answers zero totals and empty lists for a player without lines, and 404 for an unknown player', async () => {
    await t.database.db.insertInto('players').values({ id: player('crows', 9), name: 'benchwarmer' }).execute();
    const { status, body } = await get(`/v1/public/players/${player('crows', 9)}/stats`);
    expect(status).toBe(200);
    expect(body).toEqual({ totals: { maps: 0, rounds: 0, kills: 0, deaths: 0, assists: 0, kd: 0, adr: null, hs_pct: null, kast: null, rating: null }, by_map: [], recent: [], teams: [] });
    expect((await get(`/v1/public/players/${ids.unknown}/stats`)).status).toBe(404);
    await t.database.db.updateTable('players').set({ visible: false }).where('id', '=', player('crows', 9)).execute();
    expect((await get(`/v1/public/players/${player('crows', 9)}/stats?season_id=${ids.old}`)).status).toBe(404);
    expect((await get(`/v1/public/players/${player('owls', 1)}/stats?season_id=nope`)).status).toBe(400);
  });
});

describe('GET /v1/public/teams/{id}/maps', () => {
  it("answers the current season's map pool without season_id, with picks, bans and first bans from the veto", async () => {
    const { status, body } = await get(`/v1/public/teams/${ids.owls}/maps`);
    expect(status).toBe(200);
    expect(body.results).toEqual([
      { map: 'de_mirage', map_name: 'Mirage', played: 2, wins: 2, losses: 0, round_diff: 4 + 6, picks: 1, bans: 0, first_bans: 0 },
      { map: 'de_inferno', map_name: 'Inferno', played: 1, wins: 0, losses: 1, round_diff: -3, picks: 0, bans: 0, first_bans: 0 },
      { map: 'de_nuke', map_name: 'Nuke', played: 1, wins: 1, losses: 0, round_diff: 2, picks: 0, bans: 0, first_bans: 0 },
      { map: 'de_overpass', map_name: 'Overpass', played: 1, wins: 1, losses: 0, round_diff: 5, picks: 0, bans: 0, first_bans: 0 },
      // Owls banned Ancient first (step 1), Dust II later (step 5).
      { map: 'de_ancient', map_name: 'Ancient', played: 0, wins: 0, losses: 0, round_diff: 0, picks: 0, bans: 1, first_bans: 1 },
      { map: 'de_dust2', map_name: 'Dust II', played: 0, wins: 0, losses: 0, round_diff: 0, picks: 0, bans: 1, first_bans: 0 },
    ]);
    const foxes = await get(`/v1/public/teams/${ids.foxes}/maps`);
    expect(foxes.body.results.filter((map: { first_bans: number }) => map.first_bans > 0).map((map: { map: string }) => map.map)).toEqual(['de_anubis']);
  });

  it('answers another season with season_id, an empty pool for a team without maps, and 404 for an unknown team', async () => {
    const old = await get(`/v1/public/teams/${ids.crows}/maps?season_id=${ids.old}`);
    expect(old.body.results).toEqual([{ map: 'de_mirage', map_name: 'Mirage', played: 1, wins: 0, losses: 1, round_diff: -8, picks: 0, bans: 0, first_bans: 0 }]);
    expect((await get(`/v1/public/teams/${ids.crows}/maps`)).body).toEqual({ results: [] });
    expect((await get(`/v1/public/teams/${ids.unknown}/maps`)).status).toBe(404);
  });
});

describe('GET /v1/public/stats/players', () => {
  type Row = { player: { id: string; name: string }; team: { id: string }; maps: number; rating: number; kills: number; adr: number };
  const names = (body: { results: Row[] }) => body.results.map((row) => row.player.name);

  it("ranks the current season's players with at least 5 maps by rating, best first", async () => {
    const { status, body } = await get('/v1/public/stats/players');
    expect(status).toBe(200);
    // owls5 (4 maps) and the substitute owls6 (1 map) are under the default minimum.
    expect(body.count).toBe(9);
    expect(names(body)).not.toContain('owls5');
    const ratings = body.results.map((row: Row) => row.rating);
    expect(ratings).toEqual([...ratings].sort((a, b) => b - a));
    expect(body.results[0]).toMatchObject({ player: { name: 'owls4' }, team: { id: ids.owls, name: 'Owls' }, maps: 5 });
    expect(body.results[0]).toHaveProperty('plus_minus');
    const everyone = await get('/v1/public/stats/players?min_maps=1&page_size=100');
    expect(everyone.body.count).toBe(11);
  });

  it('sorts by any listed column both ways, pages, and filters by team, map and competition', async () => {
    const byKills = await get('/v1/public/stats/players?sort=kills&order=asc&page_size=3&page=2');
    expect(byKills.body).toMatchObject({ count: 9, total_pages: 3, current_page: 2, page_size: 3 });
    const kills = (await get('/v1/public/stats/players?sort=kills&order=asc&page_size=100')).body.results.map((row: Row) => row.kills);
    expect(kills).toEqual([...kills].sort((a: number, b: number) => a - b));
    expect(byKills.body.results.map((row: Row) => row.kills)).toEqual(kills.slice(3, 6));

    const foxes = await get(`/v1/public/stats/players?team_id=${ids.foxes}`);
    expect(names(foxes.body).sort()).toEqual(['foxes1', 'foxes2', 'foxes3', 'foxes4', 'foxes5']);

    const mirage = await get('/v1/public/stats/players?map=de_mirage&min_maps=2');
    expect(mirage.body.count).toBe(10);
    expect(mirage.body.results.every((row: Row) => row.maps === 2)).toBe(true);

    const cup = await get(`/v1/public/stats/players?competition_id=${ids.cup}&min_maps=1&sort=maps`);
    expect(cup.body.count).toBe(10);
    expect(cup.body.results.every((row: Row) => row.maps === 3)).toBe(true);
    const league = await get(`/v1/public/stats/players?competition_id=${ids.league}&min_maps=1&team_id=${ids.owls}&map=de_overpass`);
    expect(names(league.body).sort()).toEqual(['owls1', 'owls2', 'owls3', 'owls4', 'owls6']);
    const otherSeason = await get(`/v1/public/stats/players?competition_id=${ids.cup}&season_id=${ids.old}&min_maps=0`);
    expect(otherSeason.body.count).toBe(0);
    const lastSeason = await get(`/v1/public/stats/players?season_id=${ids.old}&min_maps=1`);
    expect(lastSeason.body.count).toBe(10);
  });

  it('orders every sort both ways by its value, unknown values last, and its pages join up to the whole list', async () => {
    let unknownSeen = 0;
    for (const sort of PLAYER_LEADERBOARD_SORTS) {
      for (const order of ['asc', 'desc'] as const) {
        const query = `season_id=${ids.current}&min_maps=1&sort=${sort}&order=${order}`;
        const whole = (await get(`/v1/public/stats/players?${query}&page_size=100`)).body;
        expect(whole.count, `${sort} ${order}`).toBe(11);
        const values: (number | null)[] = whole.results.map((row: Record<string, number | null>) => row[sort]);
        const known = values.filter((value) => value !== null);
        // Unknown values (HS% where no headshots are known) come after every known one, either way.
        expect(values.slice(0, known.length), `${sort} ${order}`).toEqual(known);
        unknownSeen += values.length - known.length;
        expect(known, `${sort} ${order}`).toEqual([...known].sort((a, b) => (order === 'asc' ? a - b : b - a)));
        const pages = [];
        for (let page = 1; page <= 4; page++) pages.push(...(await get(`/v1/public/stats/players?${query}&page_size=3&page=${page}`)).body.results);
        expect(pages.map((row: Row) => `${row.player.id}:${row.team.id}`), `${sort} ${order}`).toEqual(whole.results.map((row: Row) => `${row.player.id}:${row.team.id}`));
      }
    }
    expect(unknownSeen).toBeGreaterThan(0);
  });

  it('leaves hidden players out of the rows and the count', async () => {
    await t.database.db.updateTable('players').set({ visible: false }).where('id', '=', player('foxes', 5)).execute();
    const { body } = await get(`/v1/public/stats/players?team_id=${ids.foxes}&min_maps=4`);
    expect(body.count).toBe(4);
    expect(names(body)).not.toContain('foxes5');
    await t.database.db.updateTable('players').set({ visible: true }).where('id', '=', player('foxes', 5)).execute();
  });

  it('answers 400 naming the allowed values for a sort outside the list', async () => {
    const { status, body } = await get('/v1/public/stats/players?sort=deaths');
    expect(status).toBe(400);
    expect(body.error).toBe('Invalid sort: sort must be one of rating, adr, kd, plus_minus, hs_pct, kills, maps, clutch_wins, first_kills');
    expect((await get('/v1/public/stats/players?min_maps=-1')).status).toBe(400);
    expect((await get('/v1/public/stats/players?map=Mirage')).status).toBe(400);
  });
});

describe('GET /v1/public/stats/teams', () => {
  type Row = { team: { id: string; name: string }; played: number; wins: number; win_pct: number | null; round_diff: number; bans: number };
  const teamNames = (body: { results: Row[] }) => body.results.map((row) => row.team.name);

  it("ranks the current season's teams with at least 5 maps by win %, every map summed", async () => {
    const { status, body } = await get('/v1/public/stats/teams');
    expect(status).toBe(200);
    // Crows played only last season.
    expect(body).toMatchObject({ count: 2, total_pages: 1, current_page: 1, page_size: 25 });
    expect(body.results).toEqual([
      { team: { id: ids.owls, name: 'Owls', picture: null }, played: 5, wins: 4, losses: 1, win_pct: 80, round_diff: 4 + 6 - 3 + 2 + 5, picks: 1, bans: 2 },
      { team: { id: ids.foxes, name: 'Foxes', picture: null }, played: 5, wins: 1, losses: 4, win_pct: 20, round_diff: -(4 + 6 - 3 + 2 + 5), picks: 1, bans: 2 },
    ]);
  });

  it('filters by map, season and min_maps, sorts both ways and pages', async () => {
    const inferno = await get('/v1/public/stats/teams?map=de_inferno&min_maps=1');
    expect(teamNames(inferno.body)).toEqual(['Foxes', 'Owls']);
    expect(inferno.body.results[0]).toMatchObject({ played: 1, wins: 1, win_pct: 100, round_diff: 3 });
    const byDiff = await get('/v1/public/stats/teams?sort=round_diff&order=asc&page_size=1&page=2');
    expect(byDiff.body).toMatchObject({ count: 2, total_pages: 2, current_page: 2 });
    expect(teamNames(byDiff.body)).toEqual(['Owls']);
    const old = await get(`/v1/public/stats/teams?season_id=${ids.old}&min_maps=1&sort=played`);
    expect(teamNames(old.body).sort()).toEqual(['Crows', 'Owls']);
    // A banned map never played: no win % (last both ways) with min_maps=0.
    const ancient = await get('/v1/public/stats/teams?map=de_ancient&min_maps=0&order=asc');
    expect(ancient.body.results).toEqual([expect.objectContaining({ team: expect.objectContaining({ name: 'Owls' }), played: 0, win_pct: null, bans: 1 })]);
    expect((await get('/v1/public/stats/teams?min_maps=6')).body).toMatchObject({ count: 0, results: [] });
    expect((await get(`/v1/public/stats/teams?season_id=${ids.unknown}`)).body.count).toBe(0);
  });

  it('orders every sort both ways, win % unknown last, and its pages join up to the whole list', async () => {
    for (const sort of TEAM_MAP_LEADERBOARD_SORTS) {
      for (const order of ['asc', 'desc'] as const) {
        for (const map of ['', '&map=de_ancient', '&map=de_mirage']) {
          const query = `min_maps=0&sort=${sort}&order=${order}${map}`;
          const whole = (await get(`/v1/public/stats/teams?${query}&page_size=100`)).body;
          const values: (number | null)[] = whole.results.map((row: Record<string, number | null>) => row[sort]);
          const known = values.filter((value) => value !== null);
          expect(values.slice(0, known.length), `${sort} ${order}${map}`).toEqual(known);
          expect(known, `${sort} ${order}${map}`).toEqual([...known].sort((a, b) => (order === 'asc' ? a - b : b - a)));
          const pages = [];
          for (let page = 1; page <= whole.count; page++) pages.push(...(await get(`/v1/public/stats/teams?${query}&page_size=1&page=${page}`)).body.results);
          expect(pages, `${sort} ${order}${map}`).toEqual(whole.results);
        }
      }
    }
  });

  it('answers 400 naming the allowed values for a sort outside the list, and for bad filters', async () => {
    const { status, body } = await get('/v1/public/stats/teams?sort=rating');
    expect(status).toBe(400);
    expect(body.error).toBe('Invalid sort: sort must be one of played, wins, win_pct, round_diff, picks, bans');
    expect((await get('/v1/public/stats/teams?min_maps=-1')).status).toBe(400);
    expect((await get('/v1/public/stats/teams?map=Mirage')).status).toBe(400);
    expect((await get('/v1/public/stats/teams?season_id=nope')).status).toBe(400);
  });
});
