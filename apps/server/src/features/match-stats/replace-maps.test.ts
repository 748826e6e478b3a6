import type { MatchDetailsInput } from '@campus-elo/api-contract';
import { createDatabase, type Database } from '@campus-elo/db';
import { sql, type Kysely } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app';
import { loadConfig } from '../../config';
import { cupFinalDetails, ids, leagueGameDetails, oldGameDetails, player, scoreboard, startStatsApp, type StatsTestApp } from './testing';
import { replacePlatformMatchDetails } from './write-details';

// PUT /v1/matches/{id}/maps/ (staff) and the platforms' writer: one transaction, 400 with the
// field and reason for each broken rule with nothing written, totals that follow, and
// hand-entered details that no sync overwrites.

let t: StatsTestApp;
let db: Kysely<Database>;
beforeAll(async () => {
  t = await startStatsApp();
  db = t.database.db;
});
afterAll(() => t.close());

const put = (matchId: string, payload: object, token: string | null = t.adminToken) =>
  t.app.inject({ method: 'PUT', url: `/v1/matches/${matchId}/maps/`, payload, headers: token ? { authorization: `Bearer ${token}` } : {} });

/** Every stored detail row and total, to show that a refused write changed nothing. */
async function snapshot() {
  const tables = ['match_maps', 'match_vetoes', 'match_map_players', 'player_season_stats', 'player_competition_stats', 'team_season_map_stats', 'audit_log'] as const;
  const counts: Record<string, unknown> = {};
  for (const table of tables) counts[table] = (await sql<{ rows: string }>`SELECT md5(string_agg(t::text, ',' ORDER BY t::text)) AS rows FROM ${sql.table(table)} t`.execute(db)).rows[0]!.rows;
  return counts;
}

/** The kept totals equal summing the rows again (match_stats_rebuild, rolled back). */
async function expectTotalsKept(): Promise<void> {
  const tables = ['player_season_stats', 'player_season_map_stats', 'player_career_stats', 'player_career_map_stats', 'player_competition_stats', 'player_competition_map_stats', 'team_season_map_stats', 'team_season_stats'];
  const read = async (trx: Kysely<Database>) =>
    Object.fromEntries(await Promise.all(tables.map(async (table) => [table, (await sql`SELECT * FROM ${sql.table(table)} ORDER BY 1, 2, 3`.execute(trx)).rows.map((row) => JSON.stringify(row)).sort()])));
  const kept = await read(db);
  await db
    .transaction()
    .execute(async (trx) => {
      await sql`SELECT match_stats_rebuild()`.execute(trx);
      expect(kept).toEqual(await read(trx));
      throw new Error('roll back');
    })
    .catch((error: Error) => {
      if (error.message !== 'roll back') throw error;
    });
}

const bestOfThreeByHand = (): MatchDetailsInput => {
  const details = cupFinalDetails();
  // Staff correct FACEIT's scoreboards: each line one kill more.
  return { ...details, maps: details.maps.map((map) => ({ ...map, players: map.players.map((line) => ({ ...line, kills: line.kills + 1 })) })) };
};

describe('PUT /v1/matches/{id}/maps/', () => {
  it("replaces the maps, veto and lines as hand-entered, answers the staff's read, audits, and the totals follow", async () => {
    const before = (await t.app.inject({ method: 'GET', url: `/v1/public/players/${player('owls', 1)}/stats?season_id=${ids.current}` })).json();
    const response = await put(ids.cupFinal, bestOfThreeByHand());
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body.maps.map((map: { map: string; source: string }) => [map.map, map.source])).toEqual([
      ['de_mirage', 'manual'],
      ['de_inferno', 'manual'],
      ['de_nuke', 'manual'],
    ]);
    expect(body.maps[2]).toMatchObject({ halves: { team1: [7, 6], team2: [5, 8] }, overtime: { team1: 3, team2: 1 }, winner_id: ids.owls, picked_by_id: null });
    expect(body.vetoes).toHaveLength(7);
    expect(body.maps[0].players.find((line: { nickname: string }) => line.nickname === 'foxes1').player).toMatchObject({ id: player('foxes', 1) });
    expect(body).toEqual((await t.app.inject({ method: 'GET', url: `/v1/matches/${ids.cupFinal}/maps/`, headers: { authorization: `Bearer ${t.adminToken}` } })).json());
    await expectTotalsKept();
    const season = await db.selectFrom('player_season_stats').select('kills').where('player_id', '=', player('owls', 1)).where('season_id', '=', ids.current).executeTakeFirstOrThrow();
    expect(season.kills).toBe(before.totals.kills + 3);
    const audit = await db.selectFrom('audit_log').selectAll().where('entity', '=', 'match_maps').executeTakeFirstOrThrow();
    expect(audit).toMatchObject({ action: 'update', entity_ids: [ids.cupFinal] });
    expect(audit.details).toMatchObject({ after: { maps: ['de_mirage', 'de_inferno', 'de_nuke'], vetoes: 7, lines: 30 } });
  });

  it('links a line by its platform id, keeps an unknown one as its nickname, and sets each line’s rounds to the map’s', async () => {
    const lines = scoreboard(18, { owls: 10, opponent: 'crows', theirs: 4 }).map((line) => (line.nickname === 'crows5' ? { ...line, platform_player_id: 'steam-unknown', nickname: 'visitor' } : line));
    const response = await put(ids.oldGame, { maps: [{ map: 'de_vertigo', score_team1: 13, score_team2: 5, players: lines }] });
    expect(response.statusCode).toBe(200);
    const players = response.json().maps[0].players;
    expect(players.find((line: { nickname: string }) => line.nickname === 'crows1').player.id).toBe(player('crows', 1));
    expect(players.find((line: { nickname: string }) => line.nickname === 'visitor').player).toBeNull();
    const rounds = await db.selectFrom('match_map_players').select('rounds').distinct().where('match_id', '=', ids.oldGame).execute();
    expect(rounds).toEqual([{ rounds: 18 }]);
    await expectTotalsKept();
  });

  const mapWith = (overrides: object, players = scoreboard(22, { owls: 14, opponent: 'foxes', theirs: 10 })) => ({ map: 'de_mirage', score_team1: 13, score_team2: 9, players, ...overrides });
  const series = (first: object, players?: ReturnType<typeof scoreboard>) => ({
    maps: [mapWith(first, players), { map: 'de_inferno', score_team1: 10, score_team2: 13, players: [] }, { map: 'de_nuke', score_team1: 16, score_team2: 14, players: [] }],
  });
  const owlsLines = scoreboard(22, { owls: 14, opponent: 'foxes', theirs: 10 });
  const refusals: [string, object, (string | number)[], string][] = [
    ['maps won that contradict a series score', series({ score_team1: 9, score_team2: 13 }), ['maps'], 'The maps won (1-2) contradict the match score 2-1.'],
    ['a player on both sides', series({}, [...owlsLines, { ...owlsLines[0]!, side: 2 }]), ['maps', 0, 'players', 10], 'owls1 is listed on both sides.'],
    ['a negative number', series({}, [{ ...owlsLines[0]!, assists: -1 }]), ['maps', 0, 'players', 0, 'assists'], 'Must be 0 or more'],
    [
      'a veto naming a map twice',
      { ...series({}), vetoes: [{ side: 1, action: 'ban', map: 'de_train' }, { side: 2, action: 'ban', map: 'de_train' }] },
      ['vetoes', 1, 'map'],
      'de_train is named twice in the veto.',
    ],
    ['an unknown player id', series({}, [{ ...owlsLines[0]!, player_id: ids.unknown }]), ['maps', 0, 'players', 0, 'player_id'], 'No player has this id.'],
    [
      'ten players on one side',
      series({}, Array.from({ length: 10 }, (_, n) => ({ ...owlsLines[0]!, player_id: null, nickname: `owl${n}` }))),
      ['maps', 0, 'players'],
      'A side lists at most 9 players; side 1 lists more.',
    ],
    ['more deaths than rounds', series({}, [{ ...owlsLines[0]!, deaths: 23 }]), ['maps', 0, 'players', 0, 'deaths'], "deaths cannot exceed the map's 22 rounds."],
    ['halves that do not add up to the score', series({ halves: { team1: [6, 6], team2: [4, 5] } }), ['maps', 0, 'halves'], "The halves and overtime add up to 12-9, not the map's score 13-9."],
  ];

  it.each(refusals)('answers 400 for %s, naming the field, and writes nothing', async (_name, payload, path, message) => {
    const before = await snapshot();
    const response = await put(ids.cupFinal, payload);
    expect(response.statusCode).toBe(400);
    expect(response.json().issues).toContainEqual({ path, message });
    expect(await snapshot()).toEqual(before);
  });

  it("answers 400 for a best-of-one map score that differs from the match's rounds", async () => {
    const before = await snapshot();
    const response = await put(ids.oldGame, { maps: [{ ...oldGameDetails().maps[0]!, score_team1: 13, score_team2: 7 }] });
    expect(response.statusCode).toBe(400);
    expect(response.json().issues).toContainEqual({ path: ['maps', 0, 'score'], message: "The map's score 13-7 contradicts the match score 13-5." });
    expect(await snapshot()).toEqual(before);
  });

  it('answers 404 for an unknown match and 401 without a sign-in, writing nothing', async () => {
    const before = await snapshot();
    expect((await put(ids.unknown, { maps: [] })).statusCode).toBe(404);
    expect((await put(ids.leagueGame, { maps: [] }, null)).statusCode).toBe(401);
    expect(await snapshot()).toEqual(before);
  });
});

describe('admin.matchStats.replaceMaps over tRPC', () => {
  it('is the same procedure: a staff session replaces the maps, an anonymous caller is refused', async () => {
    const payload = { id: ids.leagueGame, maps: [{ map: 'de_ancient', score_team1: 13, score_team2: 4, players: [] }, { map: 'de_anubis', score_team1: 13, score_team2: 11, players: [] }] };
    const anonymous = await t.app.inject({ method: 'POST', url: '/trpc/admin.matchStats.replaceMaps', payload });
    expect(anonymous.statusCode).toBe(401);
    const response = await t.app.inject({ method: 'POST', url: '/trpc/admin.matchStats.replaceMaps', payload, headers: { authorization: `Bearer ${t.adminToken}` } });
    expect(response.statusCode).toBe(200);
    expect(response.json().result.data.maps.map((map: { map: string; source: string }) => `${map.map}:${map.source}`)).toEqual(['de_ancient:manual', 'de_anubis:manual']);
    await expectTotalsKept();
    // Put the league game's FACEIT details back for the platform writer's test below.
    await db.deleteFrom('match_maps').where('match_id', '=', ids.leagueGame).execute();
    expect(await replacePlatformMatchDetails(db, ids.leagueGame, leagueGameDetails(), 'faceit')).toBe('written');
  });
});

describe('replacePlatformMatchDetails', () => {
  it('keeps hand-entered details, skips unchanged ones, and writes new ones', async () => {
    // cupFinal was entered by hand above: a sync leaves it alone.
    const manual = await snapshot();
    expect(await replacePlatformMatchDetails(db, ids.cupFinal, cupFinalDetails(), 'faceit')).toBe('kept_manual');
    expect(await snapshot()).toEqual(manual);

    // The league game holds FACEIT's details already: the same details write nothing.
    expect(await replacePlatformMatchDetails(db, ids.leagueGame, leagueGameDetails(), 'faceit')).toBe('unchanged');
    expect(await snapshot()).toEqual(manual);

    const corrected = leagueGameDetails();
    corrected.maps[0]!.players[0]!.kills += 2;
    expect(await db.transaction().execute((trx) => replacePlatformMatchDetails(trx, ids.leagueGame, corrected, 'faceit'))).toBe('written');
    await expectTotalsKept();

    await expect(replacePlatformMatchDetails(db, ids.leagueGame, { maps: [{ ...corrected.maps[0]!, score_team1: 5 }] }, 'faceit')).rejects.toMatchObject({ kind: 'invalid' });
    await expect(replacePlatformMatchDetails(db, ids.unknown, corrected, 'faceit')).rejects.toMatchObject({ kind: 'not_found' });
  });
});

describe('two server replicas writing one match at once', () => {
  // Each replica has its own app and connection pool on the one database, as in production.
  it.skipIf(!process.env.DATABASE_URL)('take turns: one set of maps, veto and lines, never duplicates, and totals equal to the rows', async () => {
    const replica = createDatabase({ databaseUrl: t.database.url!, poolSize: 4 });
    const second = await buildApp({ db: replica.db, readDb: replica.db, config: loadConfig({ LOG_LEVEL: 'silent' }), logger: false, listen: replica.listen });
    try {
      const putOn = (app: typeof t.app, payload: MatchDetailsInput) =>
        app.inject({ method: 'PUT', url: `/v1/matches/${ids.leagueGame}/maps/`, payload, headers: { authorization: `Bearer ${t.adminToken}` } });
      /** The league game's details with every line's kills raised by `extra`, so each version is told apart by its total. */
      const version = (extra: number): MatchDetailsInput => {
        const details = leagueGameDetails();
        return { ...details, maps: details.maps.map((map) => ({ ...map, players: map.players.map((line) => ({ ...line, kills: line.kills + extra })) })) };
      };
      const killsOf = (extra: number) => version(extra).maps.flatMap((map) => map.players).reduce((sum, line) => sum + line.kills, 0);
      const stored = async () => ({
        maps: (await db.selectFrom('match_maps').select(['number', 'map']).where('match_id', '=', ids.leagueGame).orderBy('number').execute()).map((row) => `${row.number}:${row.map}`),
        lines: await db.selectFrom('match_map_players').select([(eb) => eb.fn.countAll<string>().as('count'), (eb) => eb.fn.sum<string>('kills').as('kills')]).where('match_id', '=', ids.leagueGame).executeTakeFirstOrThrow(),
      });
      /**
       * Starts both writes while a third connection holds the match's row, waits until both
       * are queued on it (so they truly run at once), then lets them go.
       */
      const atOnce = <T,>(writes: () => Promise<T>[]) =>
        db.transaction().execute(async (holder) => {
          await sql`SELECT 1 FROM matches WHERE id = ${ids.leagueGame} FOR UPDATE`.execute(holder);
          const running = writes().map((write) => write.then((value) => ({ value }), (error: unknown) => ({ error })));
          let waiting = 0;
          for (let poll = 0; poll < 500 && waiting < 2; poll++) {
            await new Promise((resolve) => setTimeout(resolve, 10));
            const { rows } = await sql<{ waiting: number }>`SELECT count(*)::int AS waiting FROM pg_stat_activity WHERE datname = current_database() AND wait_event_type = 'Lock'`.execute(replica.db);
            waiting = rows[0]!.waiting;
          }
          expect(waiting, 'both writers queued on the match').toBe(2);
          return running;
        }).then(async (running) => (await Promise.all(running)).map((outcome) => {
          if ('error' in outcome) throw outcome.error;
          return outcome.value;
        }));
      for (let round = 0; round < 2; round++) {
        // Staff on both replicas save at once: both succeed, one after the other.
        const [first, other] = await atOnce(() => [putOn(t.app, version(round * 2)), putOn(second, version(round * 2 + 1))]);
        expect([first!.statusCode, other!.statusCode]).toEqual([200, 200]);
        const after = await stored();
        expect(after.maps).toEqual(['1:de_mirage', '2:de_overpass']);
        expect(Number(after.lines.count)).toBe(20);
        expect([killsOf(round * 2), killsOf(round * 2 + 1)]).toContain(Number(after.lines.kills));
        await expectTotalsKept();
      }
      // The sync on both replicas at once, after the hand-entered details are removed.
      await db.deleteFrom('match_maps').where('match_id', '=', ids.leagueGame).execute();
      const outcomes = await atOnce(() => [
        replacePlatformMatchDetails(t.database.db, ids.leagueGame, version(10), 'faceit'),
        replacePlatformMatchDetails(replica.db, ids.leagueGame, version(11), 'faceit'),
      ]);
      expect(outcomes).toEqual(['written', 'written']);
      const synced = await stored();
      expect(synced.maps).toEqual(['1:de_mirage', '2:de_overpass']);
      expect(Number(synced.lines.count)).toBe(20);
      expect([killsOf(10), killsOf(11)]).toContain(Number(synced.lines.kills));
      await expectTotalsKept();
    } finally {
      await second.close();
      await replica.close();
    }
  });
});
