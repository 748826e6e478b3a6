import {
  matchListInput,
  playerListInput,
  rankingItemsInput,
  rankingListInput,
  seasonListInput,
  teamListInput,
} from '@campus-elo/api-contract';
import { createTestDatabase, type Database, type TestDatabase } from '@campus-elo/db';
import { sql, type Kysely, type KyselyPlugin } from 'kysely';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { listMatches } from '../src/features/matches/queries';
import { listPlayers } from '../src/features/players/queries';
import { listRankingItems, listRankings } from '../src/features/rankings/queries';
import { findCurrentSeason, listSeasons } from '../src/features/seasons/queries';
import { listTeams } from '../src/features/teams/queries';
import { ids, insertLeague } from './league-fixture';
import { startPublicApp } from './public-app';

let database: TestDatabase;
beforeAll(async () => {
  database = await createTestDatabase();
  await insertLeague(database.db);
});
afterAll(async () => {
  await database.close();
});

/** Counts the statements a Kysely instance executes (results come back once per round trip). */
function countingStatements(db: Kysely<Database>) {
  let statements = 0;
  const counter: KyselyPlugin = {
    transformQuery(args) {
      return args.node;
    },
    async transformResult(args) {
      statements += 1;
      return args.result;
    },
  };
  return { db: db.withPlugin(counter), statements: () => statements };
}

describe('each list is one statement, on every page', () => {
  const lists: [string, (db: Kysely<Database>, page: number) => Promise<{ results: unknown[] }>][] = [
    ['teams', (db, page) => listTeams(db, teamListInput.parse({ season_id: ids.fall, page, page_size: 2 }))],
    ['players', (db, page) => listPlayers(db, playerListInput.parse({ season_id: ids.fall, page, page_size: 2 }))],
    ['matches', (db, page) => listMatches(db, matchListInput.parse({ team_id: ids.alpha, page, page_size: 2 }))],
    ['matches by status', (db, page) => listMatches(db, matchListInput.parse({ status: 'completed', page, page_size: 2 }))],
    ['seasons', (db, page) => listSeasons(db, seasonListInput.parse({ page, page_size: 1 }))],
    ['rankings', (db, page) => listRankings(db, rankingListInput.parse({ page, page_size: 2 }))],
    ['ranking items', (db, page) => listRankingItems(db, rankingItemsInput.parse({ ranking_id: ids.weekTwo, page, page_size: 2 }))],
  ];
  test.each(lists)('%s', async (_name, list) => {
    for (const page of [1, 50]) {
      const counted = countingStatements(database.db);
      const answer = await list(counted.db, page);
      expect(counted.statements()).toBe(1);
      if (page === 1) expect(answer.results.length).toBeGreaterThan(0);
      else expect(answer.results).toEqual([]);
    }
  });
});

test("a team in two of a season's competitions counts once", async () => {
  await database.db
    .insertInto('participants')
    .values({ team_id: ids.alpha, competition_id: ids.playfly, season_id: ids.fall, platform: 'leaguespot', platform_name: 'Alpha Wolves' })
    .execute();
  const fall = await listTeams(database.db, teamListInput.parse({ season_id: ids.fall }));
  expect(fall.count).toBe(4);
  expect(fall.results.map((t) => t.name)).toEqual(['Alpha Wolves', 'Beta Bears', 'Gamma Rays', 'Delta_50%']);
});

describe('match counts per status (trigger-kept)', () => {
  async function countsAgree() {
    const actual = await database.db.selectFrom('matches').select(['status', sql<number>`count(*)`.as('count')]).groupBy('status').execute();
    const kept = await database.db.selectFrom('match_status_counts').select(['status', 'count']).where('count', '<>', 0).execute();
    const byStatus = (rows: { status: string; count: number }[]) => Object.fromEntries(rows.map((r) => [r.status, Number(r.count)]));
    expect(byStatus(kept)).toEqual(byStatus(actual));
    return byStatus(kept);
  }

  test('follow inserts, status changes, deletes, rollbacks and truncation', async () => {
    expect(await countsAgree()).toEqual({ completed: 3, in_progress: 1, scheduled: 3, cancelled: 1 });

    await database.db
      .insertInto('matches')
      .values(
        Array.from({ length: 5 }, (_, i) => ({
          platform: 'faceit' as const,
          external_id: `count-${i}`,
          team1_id: ids.alpha,
          team2_id: ids.beta,
          status: i < 3 ? ('scheduled' as const) : ('completed' as const),
          date: `2026-12-0${i + 1}T18:00:00Z`,
        })),
      )
      .execute();
    expect(await countsAgree()).toEqual({ completed: 5, in_progress: 1, scheduled: 6, cancelled: 1 });

    await database.db.updateTable('matches').set({ status: 'in_progress' }).where('external_id', 'in', ['count-0', 'count-1']).execute();
    await database.db.updateTable('matches').set({ url: 'https://example.org' }).where('external_id', 'like', 'count-%').execute();
    expect(await countsAgree()).toEqual({ completed: 5, in_progress: 3, scheduled: 4, cancelled: 1 });

    await database.db
      .transaction()
      .execute(async (trx) => {
        await trx.deleteFrom('matches').execute();
        throw new Error('roll back');
      })
      .catch(() => undefined);
    expect(await countsAgree()).toEqual({ completed: 5, in_progress: 3, scheduled: 4, cancelled: 1 });

    await database.db.deleteFrom('matches').where('external_id', 'like', 'count-%').execute();
    expect(await countsAgree()).toEqual({ completed: 3, in_progress: 1, scheduled: 3, cancelled: 1 });

    const listed = await listMatches(database.db, matchListInput.parse({ status: 'scheduled,completed' }));
    expect(listed.count).toBe(6);
  });

  test('truncating matches empties the counts', async () => {
    const scratch = await createTestDatabase();
    try {
      await insertLeague(scratch.db);
      await sql`TRUNCATE matches, match_elo, match_maps, match_vetoes, match_map_players, event_bracket_matches`.execute(scratch.db);
      expect((await listMatches(scratch.db, matchListInput.parse({}))).count).toBe(0);
      await scratch.db
        .insertInto('matches')
        .values({ platform: 'faceit', external_id: 'again', team1_id: ids.alpha, team2_id: ids.beta, status: 'completed' })
        .execute();
      expect((await listMatches(scratch.db, matchListInput.parse({ status: 'completed' }))).count).toBe(1);
    } finally {
      await scratch.close();
    }
  });
});

describe('match counts between two dates (trigger-kept days, and the parts of a day at either end)', () => {
  test('equal the matches in the range, for dates and date-times', async () => {
    const scratch = await createTestDatabase();
    try {
      const { db } = scratch;
      await insertLeague(db);
      await sql`TRUNCATE matches, match_elo, match_maps, match_vetoes, match_map_players, event_bracket_matches`.execute(db);
      const dated: [string, 'scheduled' | 'completed'][] = [
        ['2026-12-01T00:00:00Z', 'scheduled'],
        ['2026-12-01T12:00:00Z', 'scheduled'],
        ['2026-12-01T23:59:59.999Z', 'completed'],
        ['2026-12-02T06:00:00Z', 'scheduled'],
        ['2026-12-03T00:00:00Z', 'scheduled'],
        ['2026-12-05T18:00:00Z', 'completed'],
      ];
      await db
        .insertInto('matches')
        .values([
          ...dated.map(([date, status], i) => ({ platform: 'faceit' as const, external_id: `d${i}`, team1_id: ids.alpha, team2_id: ids.beta, status, date })),
          { platform: 'faceit', external_id: 'undated', team1_id: ids.alpha, team2_id: ids.beta, status: 'scheduled' },
        ])
        .execute();
      const count = async (query: Record<string, string>) => (await listMatches(db, matchListInput.parse(query))).count;
      // Whole days only.
      expect(await count({ status: 'scheduled', date_from: '2026-12-01', date_to: '2026-12-02' })).toBe(3);
      expect(await count({ date_from: '2026-12-02' })).toBe(3);
      expect(await count({ date_to: '2026-12-01' })).toBe(3);
      // Parts of a day at either end, an end that is included, an offset.
      expect(await count({ status: 'scheduled', date_from: '2026-12-01T12:00:00Z', date_to: '2026-12-03T00:00:00Z' })).toBe(3);
      expect(await count({ date_from: '2026-12-01T12:00:00.001Z', date_to: '2026-12-05T17:59:59Z' })).toBe(3);
      expect(await count({ date_from: '2026-12-01T01:00:00+02:00', date_to: '2026-12-02T07:00:00+01:00' })).toBe(4);
      // No whole day in the range: the matches themselves are counted.
      expect(await count({ date_from: '2026-12-01T06:00:00Z', date_to: '2026-12-01T23:59:59.999Z' })).toBe(2);
      expect(await count({ date_from: '2026-12-04', date_to: '2026-12-01' })).toBe(0);
    } finally {
      await scratch.close();
    }
  });
});

describe('visible player counts (trigger-kept totals less the hidden)', () => {
  /** The list's counts against plain counts, for every scope. */
  async function countsAgree(db: Kysely<Database>) {
    const scopes = [undefined, ids.fall, ids.spring];
    const listed = [];
    for (const season_id of scopes) {
      const fromList = (await listPlayers(db, playerListInput.parse({ season_id }))).count;
      let plain = db.selectFrom('players').where('visible', '=', true);
      if (season_id) plain = plain.where('id', 'in', db.selectFrom('player_seasons').select('player_id').where('season_id', '=', season_id));
      const row = await plain.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
      expect(fromList, `season ${season_id ?? 'all'}`).toBe(Number(row.n));
      listed.push(fromList);
    }
    return listed;
  }

  test('follow new, hidden, moved and deleted players, and truncation', async () => {
    const scratch = await createTestDatabase();
    try {
      const { db } = scratch;
      await insertLeague(db);
      expect(await countsAgree(db)).toEqual([5, 3, 2]);

      const rookies = await db
        .insertInto('players')
        .values([{ name: 'Rookie' }, { name: 'Shade', visible: false }])
        .returning('id')
        .execute();
      await db.insertInto('player_seasons').values(rookies.map((p) => ({ player_id: p.id, season_id: ids.fall }))).execute();
      expect(await countsAgree(db)).toEqual([6, 4, 2]);

      await db.updateTable('players').set({ visible: false }).where('id', '=', ids.ace).execute();
      await db.updateTable('player_seasons').set({ season_id: ids.spring }).where('player_id', '=', ids.cobra).execute();
      expect(await countsAgree(db)).toEqual([5, 2, 3]);

      // Deleting a player removes its seasons by cascade.
      await db.deleteFrom('players').where('id', 'in', [ids.dusk, rookies[0]?.id ?? '']).execute();
      await db.deleteFrom('player_seasons').where('player_id', '=', ids.echo).execute();
      expect(await countsAgree(db)).toEqual([3, 1, 1]);

      await sql`TRUNCATE players, player_seasons CASCADE`.execute(db);
      expect(await countsAgree(db)).toEqual([0, 0, 0]);
      await db.insertInto('players').values({ name: 'Fresh' }).execute();
      expect(await countsAgree(db)).toEqual([1, 0, 0]);
    } finally {
      await scratch.close();
    }
  });

  test('filters beyond season and visibility count the rows themselves', async () => {
    expect((await listPlayers(database.db, playerListInput.parse({ season_id: ids.fall, benched: 'false' }))).count).toBe(2);
    expect((await listPlayers(database.db, playerListInput.parse({ visible: 'false' }))).count).toBe(1);
    expect((await listPlayers(database.db, playerListInput.parse({ season_id: ids.fall, visible: 'false' }))).count).toBe(1);
  });
});

describe('findCurrentSeason', () => {
  test('configured, else containing today (latest start first), else the latest; null without seasons', async () => {
    const scratch = await createTestDatabase();
    try {
      expect(await findCurrentSeason(scratch.db, undefined)).toBeNull();
      expect(await findCurrentSeason(scratch.db, ids.fall)).toBeNull();

      await insertLeague(scratch.db);
      const inFall = new Date('2026-11-22T12:00:00Z');
      expect((await findCurrentSeason(scratch.db, undefined, inFall))?.name).toBe('Fall 2026');
      expect((await findCurrentSeason(scratch.db, undefined, new Date('2026-03-01T00:00:00Z')))?.name).toBe('Spring 2026');
      // Between seasons, and after the last one: the latest start.
      expect((await findCurrentSeason(scratch.db, undefined, new Date('2026-06-15T00:00:00Z')))?.name).toBe('Fall 2026');
      expect((await findCurrentSeason(scratch.db, undefined, new Date('2030-01-01T00:00:00Z')))?.name).toBe('Fall 2026');
      // The last day of a season still belongs to it.
      expect((await findCurrentSeason(scratch.db, undefined, new Date('2026-05-20T23:59:59Z')))?.name).toBe('Spring 2026');

      expect(await findCurrentSeason(scratch.db, ids.spring, inFall)).toEqual({
        id: ids.spring,
        name: 'Spring 2026',
        start_date: '2026-01-10',
        end_date: '2026-05-20',
      });
      expect((await findCurrentSeason(scratch.db, ids.unknown, inFall))?.name).toBe('Fall 2026');

      await scratch.db.insertInto('seasons').values({ name: 'Fall Cup 2026', start_date: '2026-10-01', end_date: '2026-11-30' }).execute();
      expect((await findCurrentSeason(scratch.db, undefined, inFall))?.name).toBe('Fall Cup 2026');
    } finally {
      await scratch.close();
    }
  });

  test('CURRENT_SEASON_ID picks the season behind /v1/public/current-season', async () => {
    const site = await startPublicApp({ CURRENT_SEASON_ID: ids.spring });
    try {
      expect(await site.get('/v1/public/current-season')).toMatchObject({ status: 200, body: { id: ids.spring, name: 'Spring 2026' } });
    } finally {
      await site.close();
    }
  });
});
