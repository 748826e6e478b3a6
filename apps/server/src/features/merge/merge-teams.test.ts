import type { Database } from '@campus-elo/db';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createStaffTestDatabase, dumpTables, type StaffTestDatabase } from '../../../test/staff-callers';
import { mergeTeams } from './merge-teams';

let t: StaffTestDatabase;
const id = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`;
const season = id(1);
const [necc, playfly] = [id(2), id(3)];
const [primary, secondary, other] = [id(11), id(12), id(13)];
const [p1, p2, s1, s2, s3] = [id(21), id(22), id(23), id(24), id(25)];
const [r1, r2, r3] = [id(41), id(42), id(43)];
const TABLES: (keyof Database)[] = ['teams', 'players', 'player_seasons', 'participants', 'matches', 'rankings', 'ranking_items', 'push_follows', 'audit_log'];

beforeAll(async () => {
  t = await createStaffTestDatabase();
  await t.db.insertInto('seasons').values({ id: season, name: 'Fall 2026', start_date: '2026-08-20', end_date: '2026-12-20' }).execute();
  await t.db
    .insertInto('competitions')
    .values([
      { id: necc, name: 'NECC', platform: 'faceit', external_id: 'necc', season_id: season },
      { id: playfly, name: 'Playfly', platform: 'leaguespot', external_id: 'playfly', season_id: season },
    ])
    .execute();
});
afterAll(async () => {
  await t?.close();
});

beforeEach(async () => {
  for (const table of ['push_subscriptions', 'audit_log', 'ranking_items', 'rankings', 'matches', 'participants', 'player_seasons', 'players', 'teams'] as const) {
    await t.db.deleteFrom(table).execute();
  }
  await t.db
    .insertInto('teams')
    .values([
      { id: primary, name: 'Primary Pumas', elo: 1300 },
      { id: secondary, name: 'Secondary Sharks', elo: 1100 },
      { id: other, name: 'Other Owls', elo: 1000 },
    ])
    .execute();
  await t.db
    .insertInto('players')
    .values([
      { id: p1, name: 'P1', team_id: primary },
      { id: p2, name: 'P2', team_id: primary },
      { id: s1, name: 'S1', team_id: secondary },
      { id: s2, name: 'S2', team_id: secondary },
      { id: s3, name: 'S3', team_id: secondary },
    ])
    .execute();
  await t.db.updateTable('teams').set({ captain_id: p1 }).where('id', '=', primary).execute();
  await t.db.updateTable('teams').set({ captain_id: s1 }).where('id', '=', secondary).execute();
  await t.db.insertInto('player_seasons').values({ player_id: s1, season_id: season, team_id: secondary }).execute();
  await t.db
    .insertInto('participants')
    .values([
      { team_id: primary, competition_id: necc, season_id: season, platform: 'faceit', platform_name: 'Pumas' },
      { team_id: secondary, competition_id: necc, season_id: season, platform: 'faceit', platform_name: 'Sharks' },
      { team_id: secondary, competition_id: playfly, season_id: season, platform: 'leaguespot', platform_name: 'Sharks LS' },
    ])
    .execute();
  const match = (n: number, team1: string, team2: string, winner: string | null) => ({
    id: id(30 + n),
    platform: 'faceit' as const,
    external_id: `m${n}`,
    competition_id: necc,
    season_id: season,
    team1_id: team1,
    team2_id: team2,
    winner_id: winner,
    status: winner ? ('completed' as const) : ('scheduled' as const),
    date: `2026-09-0${n}T18:00:00Z`,
  });
  await t.db
    .insertInto('matches')
    .values([
      match(1, primary, secondary, primary),
      match(2, secondary, primary, null),
      match(3, secondary, other, secondary),
      match(4, other, secondary, other),
      match(5, primary, other, primary),
    ])
    .execute();
  await t.db
    .insertInto('rankings')
    .values([r1, r2, r3].map((ranking) => ({ id: ranking, season_id: season, date: '2026-09-10T00:00:00Z' })))
    .execute();
  const item = (ranking: string, team: string, rank: number) => ({ ranking_id: ranking, team_id: team, rank, elo: 1000 + rank });
  await t.db
    .insertInto('ranking_items')
    .values([
      item(r1, primary, 1),
      item(r1, other, 2),
      item(r1, secondary, 3),
      item(r2, other, 1),
      item(r2, secondary, 2),
      item(r3, secondary, 1),
      item(r3, primary, 2),
      item(r3, other, 3),
    ])
    .execute();
});

const rankingTeams = async (ranking: string) =>
  (await t.db.selectFrom('ranking_items').select(['team_id', 'rank']).where('ranking_id', '=', ranking).orderBy('rank').execute()).map(
    (i) => [i.rank, i.team_id],
  );

describe('merge teams', () => {
  it('previews what will happen, including the matches that will be removed', async () => {
    const preview = await t.callerFor(t.admin).admin.merge.preview({ primary_team_id: primary, secondary_team_id: secondary });
    expect(preview.primary).toMatchObject({ name: 'Primary Pumas', elo: 1300, players: 2 });
    expect(preview.secondary).toMatchObject({ name: 'Secondary Sharks', elo: 1100, players: 3 });
    expect(preview).toMatchObject({ players_to_move: 3, participants_to_merge: 2, matches_to_update: 2, ranking_items_to_move: 3 });
    expect(preview.matches_to_remove.map((m) => [m.id, m.team1_name, m.team2_name, m.competition_name])).toEqual([
      [id(32), 'Secondary Sharks', 'Primary Pumas', 'NECC'],
      [id(31), 'Primary Pumas', 'Secondary Sharks', 'NECC'],
    ]);
    expect(await dumpTables(t.db, ['audit_log'])).toEqual({ audit_log: [] });
  });

  it('moves everything to the primary in one go and answers the counts', async () => {
    const answer = await t.callerFor(t.owner).admin.merge.commit({ primary_team_id: primary, secondary_team_id: secondary });
    expect(answer).toEqual({
      message: 'Merged Secondary Sharks into Primary Pumas',
      merged_data: { players_moved: 3, participants_merged: 2, matches_updated: 2, matches_removed: 2 },
    });

    const teams = await t.db.selectFrom('teams').select(['id', 'elo', 'captain_id']).orderBy('id').execute();
    expect(teams).toEqual([
      { id: primary, elo: 1300, captain_id: p1 },
      { id: other, elo: 1000, captain_id: null },
    ]);
    const players = await t.db.selectFrom('players').select('team_id').distinct().execute();
    expect(players).toEqual([{ team_id: primary }]);
    expect(await t.db.selectFrom('player_seasons').select('team_id').execute()).toEqual([{ team_id: primary }]);
    const participants = await t.db.selectFrom('participants').select(['team_id', 'platform_name']).orderBy('platform_name').execute();
    expect(participants).toEqual([
      { team_id: primary, platform_name: 'Pumas' },
      { team_id: primary, platform_name: 'Sharks' },
      { team_id: primary, platform_name: 'Sharks LS' },
    ]);
    const matches = await t.db.selectFrom('matches').select(['external_id', 'team1_id', 'team2_id', 'winner_id']).orderBy('external_id').execute();
    expect(matches).toEqual([
      { external_id: 'm3', team1_id: primary, team2_id: other, winner_id: primary },
      { external_id: 'm4', team1_id: other, team2_id: primary, winner_id: other },
      { external_id: 'm5', team1_id: primary, team2_id: other, winner_id: primary },
    ]);
    // A week listing both keeps the primary's entry and closes up the ranks.
    expect(await rankingTeams(r1)).toEqual([
      [1, primary],
      [2, other],
    ]);
    expect(await rankingTeams(r2)).toEqual([
      [1, other],
      [2, primary],
    ]);
    expect(await rankingTeams(r3)).toEqual([
      [1, primary],
      [2, other],
    ]);
    const audit = await t.db.selectFrom('audit_log').select(['action', 'entity_ids', 'user_id']).execute();
    expect(audit).toEqual([{ action: 'merge', entity_ids: [primary, secondary], user_id: t.owner.id }]);
  });

  it("takes the secondary's captain when the primary has none", async () => {
    await t.db.updateTable('teams').set({ captain_id: null }).where('id', '=', primary).execute();
    await t.callerFor(t.owner).admin.merge.commit({ primary_team_id: primary, secondary_team_id: secondary });
    const team = await t.db.selectFrom('teams').select('captain_id').where('id', '=', primary).executeTakeFirstOrThrow();
    expect(team.captain_id).toBe(s1);
  });

  it("moves the secondary's follows to the primary, one per browser", async () => {
    const subscriptions = await t.db
      .insertInto('push_subscriptions')
      .values(['both', 'secondary-only', 'primary-only'].map((name) => ({ endpoint: `https://push.example/${name}`, p256dh: 'p', auth: 'a' })))
      .returning(['id', 'endpoint'])
      .execute();
    const sub = (name: string) => subscriptions.find((s) => s.endpoint.endsWith(`/${name}`))!.id;
    const choices = (starting_soon: boolean, minutes_before: number, started: boolean, result: boolean, rank_change: boolean) => ({ starting_soon, minutes_before, started, result, rank_change });
    await t.db
      .insertInto('push_follows')
      .values([
        { subscription_id: sub('both'), team_id: primary, ...choices(true, 15, false, true, false) },
        { subscription_id: sub('both'), team_id: secondary, ...choices(true, 60, true, false, false) },
        { subscription_id: sub('secondary-only'), team_id: secondary, ...choices(false, 30, false, false, true) },
        { subscription_id: sub('primary-only'), team_id: primary, ...choices(false, 30, true, true, true) },
        { subscription_id: sub('primary-only'), team_id: other, ...choices(true, 30, true, true, true) },
      ])
      .execute();
    await t.callerFor(t.owner).admin.merge.commit({ primary_team_id: primary, secondary_team_id: secondary });
    const follows = await t.db
      .selectFrom('push_follows')
      .select(['subscription_id', 'team_id', 'starting_soon', 'minutes_before', 'started', 'result', 'rank_change'])
      .orderBy('team_id')
      .orderBy('subscription_id')
      .execute();
    const expected = [
      { subscription_id: sub('both'), team_id: primary, ...choices(true, 60, true, true, false) },
      { subscription_id: sub('secondary-only'), team_id: primary, ...choices(false, 30, false, false, true) },
      { subscription_id: sub('primary-only'), team_id: primary, ...choices(false, 30, true, true, true) },
      { subscription_id: sub('primary-only'), team_id: other, ...choices(true, 30, true, true, true) },
    ].sort((a, b) => a.team_id.localeCompare(b.team_id) || a.subscription_id.localeCompare(b.subscription_id));
    expect(follows).toEqual(expected);
  });

  it('leaves the database unchanged when it fails midway', async () => {
    const before = await dumpTables(t.db, TABLES);
    for (const failAt of ['matches_updated', 'participants_merged', 'secondary_deleted']) {
      const failing = mergeTeams(t.db, primary, secondary, t.owner, {
        afterStep: (step) => {
          if (step === failAt) throw new Error(`injected failure after ${step}`);
        },
      });
      await expect(failing).rejects.toThrow('injected failure');
      expect(await dumpTables(t.db, TABLES)).toEqual(before);
    }
  });

  it('refuses the same team on both sides, unknown teams and admins', async () => {
    const owner = t.callerFor(t.owner).admin.merge;
    await expect(owner.commit({ primary_team_id: primary, secondary_team_id: primary })).rejects.toMatchObject({
      code: 'BAD_REQUEST',
      message: expect.stringContaining('must be different'),
    });
    await expect(owner.commit({ primary_team_id: primary, secondary_team_id: id(99) })).rejects.toMatchObject({ code: 'NOT_FOUND' });
    await expect(t.callerFor(t.admin).admin.merge.commit({ primary_team_id: primary, secondary_team_id: secondary })).rejects.toMatchObject({
      code: 'FORBIDDEN',
    });
    expect(await t.db.selectFrom('teams').select('id').execute()).toHaveLength(3);
  });

  it('lists every team by name for the selects', async () => {
    const options = await t.callerFor(t.admin).admin.teams.options();
    expect(options.map((o) => o.name)).toEqual(['Other Owls', 'Primary Pumas', 'Secondary Sharks']);
  });
});
