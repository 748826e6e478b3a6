import { sql, type Kysely } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../src/schema';
import { createTestDatabase, type TestDatabase } from '../src/testing';

// The season, career and team map totals of migration 0096 (and the competition totals of
// 0097, the team season totals of 0100) must equal summing the lines,
// maps and vetoes again (match_stats_rebuild), whatever wrote them: inserts, replacements,
// a match moving season or team, a player merged away, cascades, rollbacks, truncation.

const id = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`;
const season = { fall: id(1), spring: id(2) };
const team = { a: id(21), b: id(22), c: id(23) };
const player = { p1: id(31), p2: id(32), p3: id(33) };
const match = { m1: id(51), m2: id(52) };
const competition = { cup: id(71), league: id(72) };

const totalTables = [
  'player_season_stats',
  'player_season_map_stats',
  'player_career_stats',
  'team_season_map_stats',
  'team_season_stats',
  'player_competition_stats',
  'player_competition_map_stats',
  'player_career_map_stats',
] as const;

async function totals(db: Kysely<Database>): Promise<Record<string, unknown[]>> {
  const result: Record<string, unknown[]> = {};
  for (const table of totalTables) {
    result[table] = (await sql<Record<string, unknown>>`SELECT * FROM ${sql.table(table)} ORDER BY 1, 2, 3, 4`.execute(db)).rows.map((row) =>
      JSON.stringify(row),
    );
    result[table]!.sort();
  }
  return result;
}

async function expectTotalsAgree(db: Kysely<Database>, step: string): Promise<Record<string, unknown[]>> {
  const kept = await totals(db);
  // The team season totals are the team map totals summed over maps (migration 0100's row trigger).
  const summed = await sql<Record<string, unknown>>`
    SELECT season_id, team_id, sum(played)::bigint AS played, sum(wins)::bigint AS wins, sum(losses)::bigint AS losses,
      sum(rounds_for)::bigint AS rounds_for, sum(rounds_against)::bigint AS rounds_against, sum(picks)::bigint AS picks, sum(bans)::bigint AS bans
    FROM team_season_map_stats GROUP BY season_id, team_id ORDER BY season_id, team_id`.execute(db);
  const teamSeasons = await sql<Record<string, unknown>>`
    SELECT season_id, team_id, played, wins, losses, rounds_for, rounds_against, picks, bans FROM team_season_stats ORDER BY season_id, team_id`.execute(db);
  expect(teamSeasons.rows, `${step}: team season totals`).toEqual(summed.rows);
  await db.transaction().execute(async (trx) => {
    await sql`SELECT match_stats_rebuild()`.execute(trx);
    expect(kept, step).toEqual(await totals(trx));
  });
  return kept;
}

async function insertLeague(db: Kysely<Database>): Promise<void> {
  await db
    .insertInto('seasons')
    .values([
      { id: season.fall, name: 'Fall 2026', start_date: '2026-08-20', end_date: '2026-12-20' },
      { id: season.spring, name: 'Spring 2027', start_date: '2027-01-10', end_date: '2027-05-20' },
    ])
    .execute();
  await db
    .insertInto('teams')
    .values(Object.entries(team).map(([name, teamId]) => ({ id: teamId, name: `Team ${name}`, elo: 1000 })))
    .execute();
  await db
    .insertInto('players')
    .values([
      { id: player.p1, name: 'One', team_id: team.a },
      { id: player.p2, name: 'Two', team_id: team.b },
      { id: player.p3, name: 'Three', team_id: team.b },
    ])
    .execute();
  await db
    .insertInto('competitions')
    .values([
      { id: competition.cup, name: 'Cup', platform: 'faceit', season_id: season.fall },
      { id: competition.league, name: 'League', platform: 'faceit', season_id: season.fall },
    ])
    .execute();
  const aMatch = (matchId: string, team1: string, team2: string) => ({
    id: matchId,
    platform: 'faceit' as const,
    external_id: matchId,
    season_id: season.fall,
    competition_id: competition.cup,
    team1_id: team1,
    team2_id: team2,
    score_team1: 2,
    score_team2: 0,
    winner_id: team1,
    status: 'completed' as const,
    date: new Date('2026-10-01T18:00:00Z'),
  });
  await db.insertInto('matches').values([aMatch(match.m1, team.a, team.b), aMatch(match.m2, team.b, team.c)]).execute();
}

const line = (matchId: string, mapNumber: number, side: 1 | 2, playerId: string | null, kills: number, extra: Partial<Record<string, number | null>> = {}) => ({
  match_id: matchId,
  map_number: mapNumber,
  side,
  player_id: playerId,
  nickname: playerId ?? `anon${kills}`,
  rounds: 22,
  kills,
  deaths: 15,
  assists: 4,
  headshots: Math.floor(kills / 2),
  damage: kills * 90,
  kills_2k: 2,
  kills_3k: 1,
  kills_4k: 0,
  kills_5k: 0,
  ...extra,
});

async function writeMatchOne(db: Kysely<Database>): Promise<void> {
  await db
    .insertInto('match_maps')
    .values([
      { match_id: match.m1, number: 1, map: 'de_mirage', score_team1: 13, score_team2: 9, winner_side: 1, picked_by_side: 1, source: 'faceit' },
      { match_id: match.m1, number: 2, map: 'de_inferno', score_team1: 13, score_team2: 11, winner_side: 1, picked_by_side: 2, source: 'faceit' },
    ] as never)
    .execute();
  await db
    .insertInto('match_vetoes')
    .values([
      { match_id: match.m1, step: 1, side: 1, action: 'ban', map: 'de_nuke' },
      { match_id: match.m1, step: 2, side: 2, action: 'ban', map: 'de_ancient' },
      { match_id: match.m1, step: 3, side: 1, action: 'pick', map: 'de_mirage' },
      { match_id: match.m1, step: 4, side: 2, action: 'pick', map: 'de_inferno' },
    ] as never)
    .execute();
  await db
    .insertInto('match_map_players')
    .values([
      line(match.m1, 1, 1, player.p1, 20),
      line(match.m1, 1, 2, player.p2, 14, { damage: null, kills_5k: null }),
      line(match.m1, 1, 2, null, 9),
      line(match.m1, 2, 1, player.p1, 25),
      line(match.m1, 2, 2, player.p2, 11),
    ] as never)
    .execute();
}

describe('match stats totals (migration 0096)', () => {
  let database: TestDatabase;
  let db: Kysely<Database>;

  beforeAll(async () => {
    database = await createTestDatabase();
    db = database.db;
    await insertLeague(db);
  });
  afterAll(async () => {
    await database?.close();
  });

  it('sums a match’s lines, maps and vetoes into season, career and team map totals', async () => {
    await writeMatchOne(db);
    const kept = await expectTotalsAgree(db, 'after insert');
    const p1 = await db.selectFrom('player_season_stats').selectAll().where('player_id', '=', player.p1).executeTakeFirstOrThrow();
    expect({ maps: Number(p1.maps), kills: Number(p1.kills), rounds: Number(p1.rounds), team: p1.team_id }).toEqual({ maps: 2, kills: 45, rounds: 44, team: team.a });
    const p2 = await db.selectFrom('player_career_stats').selectAll().where('player_id', '=', player.p2).executeTakeFirstOrThrow();
    // The map without damage adds no damage rounds; the one without 5k rounds is not rated.
    expect({ damage_rounds: Number(p2.damage_rounds), rated_rounds: Number(p2.rated_rounds), rounds: Number(p2.rounds) }).toEqual({ damage_rounds: 22, rated_rounds: 22, rounds: 44 });
    const mirageA = await db.selectFrom('team_season_map_stats').selectAll().where('team_id', '=', team.a).where('map', '=', 'de_mirage').executeTakeFirstOrThrow();
    expect({ played: Number(mirageA.played), wins: Number(mirageA.wins), picks: Number(mirageA.picks), rounds_for: Number(mirageA.rounds_for) }).toEqual({ played: 1, wins: 1, picks: 1, rounds_for: 13 });
    const nukeA = await db.selectFrom('team_season_map_stats').selectAll().where('team_id', '=', team.a).where('map', '=', 'de_nuke').executeTakeFirstOrThrow();
    expect({ played: Number(nukeA.played), bans: Number(nukeA.bans) }).toEqual({ played: 0, bans: 1 });
    expect(kept.player_career_stats).toHaveLength(2);
  });

  it('keeps the totals when a match is replaced, moved, merged, rolled back, deleted and truncated', async () => {
    // Replace: delete the maps (lines cascade) and write them again.
    await db.transaction().execute(async (trx) => {
      await trx.deleteFrom('match_vetoes').where('match_id', '=', match.m1).execute();
      await trx.deleteFrom('match_maps').where('match_id', '=', match.m1).execute();
      await writeMatchOne(trx);
    });
    await expectTotalsAgree(db, 'after replacing');

    await db.insertInto('match_maps').values({ match_id: match.m2, number: 1, map: 'de_nuke', score_team1: 16, score_team2: 14, winner_side: 1, overtime_team1: 3, overtime_team2: 1, source: 'manual' } as never).execute();
    await db.insertInto('match_map_players').values([line(match.m2, 1, 1, player.p3, 30, { rounds: 30 }), line(match.m2, 1, 2, player.p1, 18, { rounds: 30 })] as never).execute();
    await expectTotalsAgree(db, 'after a second match');

    await db.updateTable('matches').set({ competition_id: competition.league }).where('id', '=', match.m1).execute();
    const inLeague = await expectTotalsAgree(db, 'after moving a match to another competition');
    expect(inLeague.player_competition_stats!.some((row) => String(row).includes(competition.league))).toBe(true);
    await db.updateTable('matches').set({ competition_id: null }).where('id', '=', match.m2).execute();
    await expectTotalsAgree(db, 'after a match left its competition');

    await db.updateTable('matches').set({ season_id: season.spring }).where('id', '=', match.m1).execute();
    const moved = await expectTotalsAgree(db, 'after moving a match to another season');
    expect(moved.player_season_stats!.some((row) => String(row).includes(season.spring))).toBe(true);

    // A team merge moves the matches to the kept team, then deletes the other.
    await db.updateTable('matches').set({ team2_id: team.a }).where('id', '=', match.m2).execute();
    await db.updateTable('matches').set({ team1_id: team.a }).where('id', '=', match.m1).where('team1_id', '=', team.c).execute();
    await expectTotalsAgree(db, 'after a team merge');

    await db.updateTable('match_map_players').set({ player_id: player.p2 }).where('player_id', '=', player.p3).execute();
    await expectTotalsAgree(db, 'after a player merge');

    await db.updateTable('matches').set({ season_id: null }).where('id', '=', match.m2).execute();
    await expectTotalsAgree(db, 'after a match left its season');

    await expect(
      db.transaction().execute(async (trx) => {
        await trx.deleteFrom('match_maps').where('match_id', '=', match.m1).execute();
        throw new Error('rolled back');
      }),
    ).rejects.toThrow('rolled back');
    await expectTotalsAgree(db, 'after a rollback');

    await db.deleteFrom('matches').where('id', '=', match.m1).execute();
    await expectTotalsAgree(db, 'after deleting a match');
    await db.deleteFrom('players').where('id', '=', player.p1).execute();
    await expectTotalsAgree(db, 'after deleting a player');

    await sql`TRUNCATE matches CASCADE`.execute(db);
    const emptied = await expectTotalsAgree(db, 'after truncation');
    expect(Object.values(emptied).every((rows) => rows.length === 0)).toBe(true);
  });

  it('refuses negative numbers, a map twice in a veto and more headshots than kills', async () => {
    await insertLeague(db).catch(() => undefined);
    await db
      .insertInto('matches')
      .values({ id: id(60), platform: 'faceit', external_id: 'm60', team1_id: team.a, team2_id: team.b, status: 'completed' })
      .execute();
    await db.insertInto('match_maps').values({ match_id: id(60), number: 1, map: 'de_dust2', score_team1: 13, score_team2: 2, winner_side: 1, source: 'manual' } as never).execute();
    await expect(db.insertInto('match_map_players').values(line(id(60), 1, 1, null, -1) as never).execute()).rejects.toThrow();
    await expect(db.insertInto('match_map_players').values(line(id(60), 1, 1, null, 3, { headshots: 4 }) as never).execute()).rejects.toThrow();
    await expect(db.insertInto('match_maps').values({ match_id: id(60), number: 2, map: 'de_train', score_team1: -1, score_team2: 13, source: 'manual' } as never).execute()).rejects.toThrow();
    await expect(db.insertInto('match_maps').values({ match_id: id(60), number: 2, map: 'de_train', score_team1: 5, score_team2: 13, winner_side: 1, source: 'manual' } as never).execute()).rejects.toThrow();
    await expect(
      db
        .insertInto('match_vetoes')
        .values([
          { match_id: id(60), step: 1, side: 1, action: 'ban', map: 'de_train' },
          { match_id: id(60), step: 2, side: 2, action: 'ban', map: 'de_train' },
        ] as never)
        .execute(),
    ).rejects.toThrow();
  });
});
