import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createStaffTestDatabase, type StaffTestDatabase } from '../../../test/staff-callers';
import { weekStart } from './snapshot';

let t: StaffTestDatabase;
const id = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`;
const [spring, fall] = [id(1), id(2)];

beforeAll(async () => {
  t = await createStaffTestDatabase();
  await t.db
    .insertInto('seasons')
    .values([
      { id: spring, name: 'Spring 2026', start_date: '2026-01-10', end_date: '2026-05-20' },
      { id: fall, name: 'Fall 2026', start_date: '2026-08-20', end_date: '2026-12-20' },
    ])
    .execute();
});
afterAll(async () => {
  await t?.close();
});
beforeEach(async () => {
  await t.db.deleteFrom('rankings').execute();
  await t.db.deleteFrom('teams').execute();
  await t.db
    .insertInto('teams')
    .values([
      { id: id(11), name: 'Gamma', elo: 1200 },
      { id: id(12), name: 'Beta', elo: 1500 },
      { id: id(13), name: 'Alpha', elo: 1500 },
      { id: id(14), name: 'Zero', elo: 0 },
      { id: id(15), name: 'Delta', elo: 1201 },
      // Plays in neither season: no snapshot of a season ranks it.
      { id: id(16), name: 'Outsider', elo: 1900 },
    ])
    .execute();
  // The teams take part in both seasons by their matches (an event's, say: no competition).
  const pairs = [
    [11, 12],
    [13, 15],
    [14, 13],
  ];
  await t.db
    .insertInto('matches')
    .values(
      [spring, fall].flatMap((season) =>
        pairs.map(([a, b]) => ({ platform: 'manual' as const, external_id: `${season}-${a}-${b}`, team1_id: id(a!), team2_id: id(b!), status: 'scheduled' as const, season_id: season })),
      ),
    )
    .execute();
});

describe('create ranking snapshot', () => {
  it('ranks every team of the season with Elo above 0 by Elo, ties by name, in the latest season, a team of no season left out', async () => {
    const answer = await t.callerFor(t.admin).admin.rankings.createSnapshot({});
    expect(answer).toMatchObject({ teams_ranked: 4, season_name: 'Fall 2026', season_id: fall });

    const items = await t.db
      .selectFrom('ranking_items')
      .innerJoin('teams', 'teams.id', 'ranking_items.team_id')
      .select(['teams.name', 'ranking_items.rank', 'ranking_items.elo'])
      .where('ranking_id', '=', answer.ranking_id)
      .orderBy('rank')
      .execute();
    expect(items).toEqual([
      { name: 'Alpha', rank: 1, elo: 1500 },
      { name: 'Beta', rank: 2, elo: 1500 },
      { name: 'Delta', rank: 3, elo: 1201 },
      { name: 'Gamma', rank: 4, elo: 1200 },
    ]);
    const audit = await t.db.selectFrom('audit_log').select(['action', 'entity', 'entity_ids']).where('entity', '=', 'ranking').execute();
    expect(audit).toEqual([{ action: 'create', entity: 'ranking', entity_ids: [answer.ranking_id] }]);
  });

  it('uses the given season, and the new week appears in the public rankings', async () => {
    const answer = await t.callerFor(t.owner).admin.rankings.createSnapshot({ season_id: spring });
    expect(answer).toMatchObject({ teams_ranked: 4, season_name: 'Spring 2026' });
    const weeks = await t.callerFor(t.admin).public.rankings({ season_id: spring });
    expect(weeks.results.map((w) => w.id)).toEqual([answer.ranking_id]);
    const items = await t.callerFor(t.admin).public.rankingItems({ ranking_id: answer.ranking_id });
    expect(items.results.map((i) => [i.rank, i.team.name])).toEqual([
      [1, 'Alpha'],
      [2, 'Beta'],
      [3, 'Delta'],
      [4, 'Gamma'],
    ]);
  });

  it('answers 404 for an unknown season and refuses when no team can be ranked', async () => {
    await expect(t.callerFor(t.admin).admin.rankings.createSnapshot({ season_id: id(99) })).rejects.toMatchObject({ code: 'NOT_FOUND' });
    await t.db.updateTable('teams').set({ elo: 0 }).execute();
    await expect(t.callerFor(t.admin).admin.rankings.createSnapshot({})).rejects.toMatchObject({ code: 'UNPROCESSABLE_CONTENT' });
    expect(await t.db.selectFrom('rankings').select('id').execute()).toEqual([]);
  });

  it('refuses a second snapshot of the same week (409) unless replace is set, and deletes one', async () => {
    const caller = t.callerFor(t.admin);
    const first = await caller.admin.rankings.createSnapshot({ season_id: fall });
    await expect(caller.admin.rankings.createSnapshot({ season_id: fall })).rejects.toMatchObject({
      code: 'CONFLICT',
      message: expect.stringMatching(/^Fall 2026 already has a snapshot this week, the one of \d{4}-\d{2}-\d{2}: send replace: true/),
    });
    const second = await caller.admin.rankings.createSnapshot({ season_id: fall, replace: true });
    expect(second.replaced_ranking_ids).toEqual([first.ranking_id]);
    expect((await caller.public.rankings({ season_id: fall })).results.map((r) => r.id)).toEqual([second.ranking_id]);

    expect(await caller.admin.rankings.delete({ id: second.ranking_id })).toMatchObject({ id: second.ranking_id });
    expect((await caller.public.rankings({ season_id: fall })).count).toBe(0);
    await expect(caller.admin.rankings.delete({ id: second.ranking_id })).rejects.toMatchObject({ code: 'NOT_FOUND' });
  });

  it("ranks an ended season by each team's Elo at its end, from the ledger, dated then", async () => {
    // Alpha won a result after Spring ended: Spring's snapshot must not count it.
    await t.db
      .insertInto('matches')
      .values({ platform: 'manual', external_id: 'after-spring', team1_id: id(13), team2_id: id(11), status: 'completed', winner_id: id(13), date: new Date('2026-06-10T12:00:00Z') })
      .execute();
    await t.callerFor(t.admin).admin.matches.update({ id: (await t.db.selectFrom('matches').select('id').where('external_id', '=', 'after-spring').executeTakeFirstOrThrow()).id, forfeit: true });
    const alphaNow = (await t.db.selectFrom('teams').select('elo').where('id', '=', id(13)).executeTakeFirstOrThrow()).elo;
    expect(alphaNow).toBeGreaterThan(1500);

    const answer = await t.callerFor(t.admin).admin.rankings.createSnapshot({ season_id: spring });
    expect(answer.date).toBe('2026-05-20T23:59:59.999Z');
    const items = await t.db.selectFrom('ranking_items').select(['team_id', 'elo']).where('ranking_id', '=', answer.ranking_id).orderBy('rank').execute();
    expect(items.find((i) => i.team_id === id(13))?.elo).toBe(1500);
  });

  it('starts weeks on Monday (UTC)', () => {
    expect(weekStart(new Date('2026-11-22T23:00:00Z')).toISOString()).toBe('2026-11-16T00:00:00.000Z');
    expect(weekStart(new Date('2026-11-23T00:00:00Z')).toISOString()).toBe('2026-11-23T00:00:00.000Z');
  });
});
