import { sql, type Kysely } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { migrateTo, migrateToLatest } from '../src/migrate';
import type { Database } from '../src/schema';
import { createTestDatabase, type TestDatabase } from '../src/testing';

// The counters the public lists take their totals from (migrations 0003 and 0069) must equal
// what counting the rows gives, whatever writes the rows: every kind of statement below.

const id = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`;
const season = { fall: id(1), spring: id(2) };
const competition = { fallA: id(11), fallB: id(12), spring: id(13) };
const team = { a: id(21), b: id(22), c: id(23), d: id(24) };
const player = { p1: id(31), p2: id(32), p3: id(33), p4: id(34), p5: id(35) };
const fallSnapshot = id(41);

type Rows = Record<string, number>;
const keyed = (rows: { key: string; n: number | string }[]): Rows => Object.fromEntries(rows.map((r) => [r.key, Number(r.n)]));

/** Each counter as kept, and as counting the rows gives it. */
async function counters(db: Kysely<Database>): Promise<{ kept: Record<string, Rows>; counted: Record<string, Rows> }> {
  const rows = async (query: ReturnType<typeof sql<{ key: string; n: number }>>) => keyed((await query.execute(db)).rows);
  return {
    kept: {
      statuses: await rows(sql`SELECT status AS key, count AS n FROM match_status_counts WHERE count <> 0`),
      days: await rows(sql`SELECT status || ' ' || day AS key, count AS n FROM match_day_counts WHERE count <> 0`),
      moves: await rows(sql`SELECT 'pending' AS key, count(*) AS n FROM match_count_moves HAVING count(*) > 0`),
      seasonTeams: await rows(sql`SELECT season_id || ' ' || team_id || ' ' || kind AS key, n FROM season_teams CROSS JOIN LATERAL (VALUES ('participants', participants), ('matches', matches)) AS k(kind, n) WHERE n <> 0`),
      teams: await rows(sql`SELECT scope AS key, count AS n FROM team_counts WHERE count <> 0`),
      rankingItems: await rows(sql`SELECT ranking_id::text AS key, count AS n FROM ranking_item_counts WHERE count <> 0`),
      players: await rows(sql`SELECT scope AS key, count AS n FROM player_counts WHERE count <> 0`),
      hidden: await rows(sql`SELECT scope AS key, hidden AS n FROM player_counts WHERE hidden <> 0`),
    },
    counted: {
      statuses: await rows(sql`SELECT status AS key, count(*) AS n FROM matches GROUP BY status`),
      days: await rows(sql`SELECT status || ' ' || (date AT TIME ZONE 'UTC')::date AS key, count(*) AS n FROM matches WHERE date IS NOT NULL GROUP BY 1`),
      moves: {},
      seasonTeams: await rows(sql`
        SELECT season_id || ' ' || team_id || ' participants' AS key, count(*) AS n FROM participants GROUP BY 1
        UNION ALL SELECT season_id || ' ' || team_id || ' matches', count(*) FROM (
          SELECT season_id, team1_id AS team_id FROM matches UNION ALL SELECT season_id, team2_id FROM matches
        ) AS sides WHERE season_id IS NOT NULL GROUP BY 1
      `),
      teams: await rows(sql`
        SELECT 'all' AS key, count(*) AS n FROM teams HAVING count(*) > 0
        UNION ALL SELECT season_id::text, count(DISTINCT team_id) FROM (
          SELECT season_id, team_id FROM participants
          UNION ALL SELECT season_id, team1_id FROM matches UNION ALL SELECT season_id, team2_id FROM matches
        ) AS taking_part WHERE season_id IS NOT NULL GROUP BY season_id
      `),
      rankingItems: await rows(sql`SELECT ranking_id::text AS key, count(*) AS n FROM ranking_items GROUP BY ranking_id`),
      players: await rows(sql`
        SELECT 'all' AS key, count(*) AS n FROM players HAVING count(*) > 0
        UNION ALL SELECT season_id::text, count(*) FROM player_seasons GROUP BY season_id
      `),
      hidden: await rows(sql`
        SELECT 'all' AS key, count(*) AS n FROM players WHERE NOT visible HAVING count(*) > 0
        UNION ALL SELECT ps.season_id::text, count(*) FROM player_seasons ps JOIN players p ON p.id = ps.player_id WHERE NOT p.visible GROUP BY ps.season_id
      `),
    },
  };
}

async function expectCountersAgree(db: Kysely<Database>, step: string): Promise<Record<string, Rows>> {
  const { kept, counted } = await counters(db);
  expect(kept, step).toEqual(counted);
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
    .insertInto('competitions')
    .values([
      { id: competition.fallA, name: 'NECC', platform: 'faceit', external_id: 'fa', season_id: season.fall, type: 'league' },
      { id: competition.fallB, name: 'Playfly', platform: 'leaguespot', external_id: 'fb', season_id: season.fall, type: 'league' },
      { id: competition.spring, name: 'NECC', platform: 'faceit', external_id: 'sp', season_id: season.spring, type: 'league' },
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
      { id: player.p2, name: 'Two', team_id: team.a, visible: false },
      { id: player.p3, name: 'Three', team_id: team.b },
      { id: player.p4, name: 'Four', team_id: team.c, visible: false },
    ])
    .execute();
  await db
    .insertInto('player_seasons')
    .values([
      { player_id: player.p1, season_id: season.fall },
      { player_id: player.p1, season_id: season.spring },
      { player_id: player.p2, season_id: season.fall },
      { player_id: player.p2, season_id: season.spring },
      { player_id: player.p3, season_id: season.fall },
      { player_id: player.p4, season_id: season.spring },
    ])
    .execute();
  const participant = (competitionId: string, seasonId: string, teamId: string, name: string) => ({
    competition_id: competitionId,
    season_id: seasonId,
    team_id: teamId,
    platform: competitionId === competition.fallB ? ('leaguespot' as const) : ('faceit' as const),
    platform_name: name,
  });
  await db
    .insertInto('participants')
    .values([
      participant(competition.fallA, season.fall, team.a, 'A'),
      participant(competition.fallB, season.fall, team.a, 'A'),
      participant(competition.fallA, season.fall, team.b, 'B'),
      participant(competition.spring, season.spring, team.c, 'C'),
    ])
    .execute();
  await db.insertInto('rankings').values({ id: fallSnapshot, season_id: season.fall, date: '2026-11-16' }).execute();
  await db
    .insertInto('ranking_items')
    .values([
      { ranking_id: fallSnapshot, team_id: team.a, rank: 1, elo: 1000 },
      { ranking_id: fallSnapshot, team_id: team.b, rank: 2, elo: 1000 },
    ])
    .execute();
  await db
    .insertInto('matches')
    .values(
      [
        ['m1', 'completed', '2026-09-01T18:00:00Z'],
        ['m2', 'completed', '2026-09-01T23:30:00Z'],
        ['m3', 'completed', '2026-09-02T00:30:00Z'],
        ['m4', 'scheduled', '2026-12-01T18:00:00Z'],
        ['m5', 'scheduled', null],
        ['m6', 'in_progress', '2026-11-22T15:00:00Z'],
      ].map(([externalId, status, date]) => ({
        platform: 'faceit' as const,
        external_id: externalId as string,
        team1_id: team.a,
        team2_id: team.b,
        status: status as 'completed' | 'scheduled' | 'in_progress',
        date,
        season_id: season.fall,
      })),
    )
    .execute();
}

describe('list counters', () => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await createTestDatabase();
  });
  afterAll(async () => {
    await database?.close();
  });

  it('are filled from the rows a database already holds when migration 0069 runs', async () => {
    const { db } = database;
    expect(await migrateTo(db, '0060_data_version')).toContain('0090_list_count_summaries');
    await insertLeague(db);
    expect(await migrateToLatest(db)).toContain('0090_list_count_summaries');
    const kept = await expectCountersAgree(db, 'after the migration');
    expect(kept.teams).toEqual({ all: 4, [season.fall]: 2, [season.spring]: 1 });
    expect(kept.hidden).toEqual({ all: 2, [season.fall]: 1, [season.spring]: 2 });
    expect(kept.days).toEqual({ 'completed 2026-09-01': 2, 'completed 2026-09-02': 1, 'scheduled 2026-12-01': 1, 'in_progress 2026-11-22': 1 });
    expect(kept.rankingItems).toEqual({ [fallSnapshot]: 2 });
  });

  it('follow matches through inserts, moves of status and date, upserts, deletes, rollbacks and truncation', async () => {
    const { db } = database;
    await db.updateTable('matches').set({ status: 'completed' }).where('external_id', 'in', ['m4', 'm6']).execute();
    await db.updateTable('matches').set({ date: '2026-09-03T10:00:00Z' }).where('external_id', '=', 'm1').execute();
    await db.updateTable('matches').set({ date: null, status: 'cancelled' }).where('external_id', '=', 'm2').execute();
    await db.updateTable('matches').set({ date: '2026-10-10T10:00:00Z' }).where('external_id', '=', 'm5').execute();
    // A column no counter reads: no counter moves.
    await db.updateTable('matches').set({ url: 'https://example.org' }).execute();
    await expectCountersAgree(db, 'after updates');

    await sql`
      INSERT INTO matches (platform, external_id, team1_id, team2_id, status, date) VALUES
        ('faceit', 'm3', ${team.a}, ${team.b}, 'scheduled', '2026-12-24T12:00:00Z'),
        ('faceit', 'm7', ${team.c}, ${team.d}, 'completed', '2026-09-01T12:00:00Z')
      ON CONFLICT (platform, external_id) DO UPDATE SET status = excluded.status, date = excluded.date
    `.execute(db);
    await expectCountersAgree(db, 'after an upsert');

    await db
      .transaction()
      .execute(async (trx) => {
        await trx.deleteFrom('matches').execute();
        await trx.updateTable('participants').set({ team_id: team.d }).execute();
        throw new Error('roll back');
      })
      .catch(() => undefined);
    await db.deleteFrom('matches').where('external_id', 'in', ['m1', 'm7']).execute();
    await expectCountersAgree(db, 'after deletes and a rollback');

    await sql`TRUNCATE matches, match_elo, match_maps, match_vetoes, match_map_players, event_bracket_matches`.execute(db);
    const kept = await expectCountersAgree(db, 'after truncation');
    expect(kept.statuses).toEqual({});
  });

  it('follow the teams, overall and of each season, through new, moved and deleted participants and teams', async () => {
    const { db } = database;
    await db
      .insertInto('participants')
      .values({ competition_id: competition.spring, season_id: season.spring, team_id: team.a, platform: 'faceit', platform_name: 'A' })
      .execute();
    await db.deleteFrom('participants').where('competition_id', '=', competition.fallB).execute();
    await expectCountersAgree(db, 'after a second season and a first competition left');
    // A merge moves a team's participants to another team, which may already have some.
    await db.updateTable('participants').set({ team_id: team.a }).where('team_id', '=', team.b).execute();
    await db.updateTable('participants').set({ platform_team_id: 'renamed' }).execute();
    await expectCountersAgree(db, 'after a merge');
    await db.deleteFrom('teams').where('id', '=', team.c).execute();
    await db.deleteFrom('competitions').where('id', '=', competition.fallA).execute();
    const kept = await expectCountersAgree(db, 'after deletes that cascade');
    expect(kept.teams).toEqual({ all: 3, [season.spring]: 1 });
    await sql`TRUNCATE participants`.execute(db);
    expect((await expectCountersAgree(db, 'after truncation')).seasonTeams).toEqual({});
  });

  it('count a team in a season when it plays one of the season\'s matches, an event\'s included, without entering a competition', async () => {
    const { db } = database;
    await sql`TRUNCATE participants, matches, match_elo, match_maps, match_vetoes, match_map_players, event_bracket_matches`.execute(db);
    // An event's match: no competition, no participant rows, only the season.
    await sql`
      INSERT INTO matches (platform, external_id, team1_id, team2_id, status, date, season_id) VALUES
        ('faceit', 'event-1', ${team.a}, ${team.d}, 'completed', '2026-09-05T12:00:00Z', ${season.fall})
    `.execute(db);
    let kept = await expectCountersAgree(db, 'after an event match');
    expect(kept.teams).toEqual({ all: 3, [season.fall]: 2 });
    await db.updateTable('matches').set({ season_id: season.spring }).where('external_id', '=', 'event-1').execute();
    await db.updateTable('matches').set({ team2_id: team.b }).where('external_id', '=', 'event-1').execute();
    kept = await expectCountersAgree(db, 'after the match moved season and opponent');
    expect(kept.teams).toEqual({ all: 3, [season.spring]: 2 });
    await db.updateTable('matches').set({ season_id: null }).execute();
    kept = await expectCountersAgree(db, 'after the match left every season');
    expect(kept.teams).toEqual({ all: 3 });
  });

  it('follow the lines of each ranking snapshot through snapshots, renumbering, moves and deletes', async () => {
    const { db } = database;
    const snapshots = await db
      .insertInto('rankings')
      .values([
        { season_id: season.spring, date: '2027-02-01' },
        { season_id: season.spring, date: '2027-02-08' },
      ])
      .returning('id')
      .execute();
    const [first, second] = snapshots.map((r) => r.id) as [string, string];
    await db
      .insertInto('ranking_items')
      .values([
        { ranking_id: first, team_id: team.a, rank: 1, elo: 1100 },
        { ranking_id: first, team_id: team.d, rank: 2, elo: 900 },
        { ranking_id: second, team_id: team.a, rank: 1, elo: 1100 },
      ])
      .execute();
    // A merge renumbers ranks and moves lines between teams; a line moved to another snapshot by hand.
    await db.updateTable('ranking_items').set((eb) => ({ rank: eb('rank', '+', 10), team_id: team.a })).execute();
    await db.updateTable('ranking_items').set({ ranking_id: second }).where('ranking_id', '=', first).where('elo', '=', 900).execute();
    await expectCountersAgree(db, 'after snapshots and moves');
    await db.deleteFrom('rankings').where('id', '=', first).execute();
    expect((await expectCountersAgree(db, 'after a snapshot was deleted')).rankingItems).toEqual({ [fallSnapshot]: 2, [second]: 2 });
    await sql`TRUNCATE ranking_items`.execute(db);
    await expectCountersAgree(db, 'after truncation');
  });

  it('follow the hidden players of each scope through visibility, seasons and deletes', async () => {
    const { db } = database;
    await db.updateTable('players').set({ visible: true }).where('id', '=', player.p2).execute();
    await db.updateTable('players').set({ visible: false, name: 'Uno' }).where('id', '=', player.p1).execute();
    await db.updateTable('players').set({ elo: 1500 }).execute();
    await expectCountersAgree(db, 'after visibility changes');
    await db.insertInto('players').values({ id: player.p5, name: 'Five', visible: false }).execute();
    await db.insertInto('player_seasons').values({ player_id: player.p5, season_id: season.fall }).execute();
    await db.updateTable('player_seasons').set({ season_id: season.fall }).where('player_id', '=', player.p4).execute();
    await db.updateTable('player_seasons').set({ player_id: player.p3 }).where('player_id', '=', player.p2).where('season_id', '=', season.spring).execute();
    await db.deleteFrom('player_seasons').where('player_id', '=', player.p1).where('season_id', '=', season.spring).execute();
    await expectCountersAgree(db, 'after season changes');
    // Deleting players cascades to their seasons: hidden and visible ones, in one statement.
    await db.deleteFrom('players').where('id', 'in', [player.p4, player.p3]).execute();
    const kept = await expectCountersAgree(db, 'after deletes');
    expect(kept.hidden).toEqual({ all: 2, [season.fall]: 2 });
    await sql`TRUNCATE players, player_seasons CASCADE`.execute(db);
    expect((await expectCountersAgree(db, 'after truncation')).players).toEqual({});
  });
});
