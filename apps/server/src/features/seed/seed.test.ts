import { createTestDatabase, isDatabaseEmpty, type TestDatabase } from '@campus-elo/db';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dumpTables } from '../../../test/staff-callers';
import { loadConfig } from '../../config';
import { prepareData } from '../../startup-data';
import { recalculateAllElo } from '../elo/recalculate';
import { listEvents } from '../events/queries';
import { listRankingItems } from '../rankings/queries';
import { createRankingSnapshot } from '../rankings/snapshot';
import { findCurrentSeason } from '../seasons/queries';
import { getTeamPage } from '../teams/page-queries';
import { listTeams } from '../teams/queries';
import { parseSeedRequest, seedCommand, seedDatabase } from './cli';
import { seedDemoIfEmpty } from './startup';

describe('demo seeding at start-up', () => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await createTestDatabase();
  });
  afterAll(async () => {
    await database?.close();
  });

  it('leaves the database alone unless SEED=demo', async () => {
    expect(await seedDemoIfEmpty(database.db, loadConfig({ SEED: 'none' }), () => {})).toBeNull();
    expect(await isDatabaseEmpty(database.db)).toBe(true);
  });

  it('seeds an empty database once, on the connection start-up holds, and says so in one line', async () => {
    const lines: string[] = [];
    const config = loadConfig({ SEED: 'demo' });
    // Start-up runs on one connection that holds the migration lock (see startup.ts).
    await database.db.connection().execute((connection) => prepareData(connection, config, (line) => lines.push(line)));
    const seeded = lines.filter((line) => line.startsWith('Seeded the demo league'));
    expect(seeded).toHaveLength(1);
    expect(seeded[0]).toMatch(/^Seeded the demo league: 60 teams, \d+ players, \d+ matches$/);

    expect(await seedDemoIfEmpty(database.db, config, (line) => lines.push(line))).toBeNull();
    const teams = await database.db.selectFrom('teams').select('id').execute();
    expect(teams).toHaveLength(60);
  }, 120_000);

  it('adds a finished playoff and a running invitational, their results ordinary matches', async () => {
    const { results } = await listEvents(database.db, {});
    expect(results.map((e) => [e.format, e.status, e.team_count, e.winner !== null])).toEqual([
      ['double_elimination', 'ongoing', 8, false],
      ['single_elimination', 'past', 8, true],
    ]);
    const linked = await database.db
      .selectFrom('event_bracket_matches')
      .innerJoin('matches', 'matches.id', 'event_bracket_matches.match_id')
      .leftJoin('match_elo', 'match_elo.match_id', 'matches.id')
      .select('match_elo.match_id')
      .execute();
    expect(linked).toHaveLength(7 + 4);
    expect(linked.every((m) => m.match_id !== null)).toBe(true);
  });

  it("writes a consistent Elo ledger: Recalculate All (reset_to_default false) changes nothing on the demo", async () => {
    const tables = ['teams', 'matches', 'elo_adjustments'] as const;
    const before = await dumpTables(database.db, tables);
    const answer = await recalculateAllElo(database.db, { reset_to_default: false, default_elo: 1000 }, null);
    expect(answer.summary.error_count).toBe(0);
    expect(answer.summary.processed_count).toBeGreaterThan(400);
    expect(await dumpTables(database.db, tables)).toEqual(before);
  }, 60_000);

  it("places each demo team once: its page's rank is its place in the season's list, an event's team included, and the weekly snapshot ranks the same teams", async () => {
    const db = database.db;
    const season = await findCurrentSeason(db, undefined);
    expect(season).not.toBeNull();
    const list = await listTeams(db, { season_id: season!.id, sort: 'elo', page: 1, page_size: 100 });
    expect(list.count).toBe(list.results.length);
    for (const [index, team] of list.results.entries()) {
      expect((await getTeamPage(db, team.id, undefined)).rank, team.name).toBe(index + 1);
    }
    // Every team that plays one of the season's matches (events' included) is in its list.
    const playing = await db
      .selectFrom('matches')
      .select(['team1_id', 'team2_id', 'competition_id'])
      .where('season_id', '=', season!.id)
      .execute();
    const listed = new Set(list.results.map((t) => t.id));
    expect(playing.flatMap((m) => [m.team1_id, m.team2_id]).filter((id) => !listed.has(id))).toEqual([]);
    expect(playing.some((m) => m.competition_id === null)).toBe(true);

    // The demo's own weekly snapshots rank only the season's teams (those it had by that week):
    // never teams of other seasons beside them.
    const seeded = await db.selectFrom('rankings').select('id').where('season_id', '=', season!.id).orderBy('date', 'desc').limit(1).executeTakeFirstOrThrow();
    const seededTeams = await db.selectFrom('ranking_items').select('team_id').where('ranking_id', '=', seeded.id).execute();
    expect(seededTeams.length).toBeGreaterThan(0);
    expect(seededTeams.map((i) => i.team_id).filter((id) => !listed.has(id))).toEqual([]);

    const snapshot = await createRankingSnapshot(db, { season_id: season!.id, replace: true }, null);
    const items = await listRankingItems(db, { ranking_id: snapshot.ranking_id, sort: 'rank', page: 1, page_size: 100 });
    expect(items.results.map((i) => [i.rank, i.team.id])).toEqual(list.results.filter((t) => t.elo > 0).map((t, index) => [index + 1, t.id]));
  }, 60_000);

  it('refuses to seed from the command line when the database is not empty', async () => {
    await expect(seedDatabase(database.db, { kind: 'demo' }, () => {})).rejects.toThrow(/already holds a league/);
    await expect(seedDatabase(database.db, { kind: 'scale', factor: 1 }, () => {})).rejects.toThrow(/already holds a league/);
  });
});

describe('seed command arguments', () => {
  it('reads demo and scale with a factor', () => {
    expect(parseSeedRequest(['demo'], undefined)).toEqual({ kind: 'demo' });
    expect(parseSeedRequest(['scale'], '100')).toEqual({ kind: 'scale', factor: 100 });
    expect(parseSeedRequest(['scale'], '1000')).toEqual({ kind: 'scale', factor: 1000 });
  });

  it('explains what is wrong with bad arguments before opening the database', async () => {
    expect(() => parseSeedRequest([], undefined)).toThrow(/Usage: pnpm cli seed demo \| seed scale --factor N/);
    expect(() => parseSeedRequest(['other'], undefined)).toThrow(/Usage/);
    for (const factor of [undefined, '0', '-3', '2.5', 'ten', '1001']) {
      expect(() => parseSeedRequest(['scale'], factor)).toThrow(/--factor must be a whole number/);
    }
    await expect(
      seedCommand.run({ config: loadConfig({}), values: { factor: 'x' }, positionals: ['scale'], log: () => {} }),
    ).rejects.toThrow(/--factor/);
  });
});
