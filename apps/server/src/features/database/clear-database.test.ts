import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { CLEARED_TABLES } from '@campus-elo/api-contract';
import { createTestDatabase, type Database } from '@campus-elo/db';
import { sql } from 'kysely';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createStaffTestDatabase, dumpTables, type StaffTestDatabase } from '../../../test/staff-callers';
import { seedDatabase } from '../seed/cli';
import { backupJsonText, CLEARED_WITHOUT_BACKUP, insertBackupRows, parseBackupFile, writeBackup } from './backup';
import { restoreFrom } from './cli';
import { WRONG_KEY_AUDIT_ACTION, WRONG_KEY_MESSAGE, WRONG_KEYS_PER_OWNER } from './clear';

let t: StaffTestDatabase;
let folder: string;
const id = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`;
const KEPT_TABLES: (keyof Database)[] = ['seasons', 'competitions', 'users', 'media'];
const KEY = 'a-long-production-key';

beforeAll(async () => {
  t = await createStaffTestDatabase({ CLEAR_DATABASE_KEY: KEY });
  folder = mkdtempSync(join(tmpdir(), 'campus-backup-'));
  await t.db.insertInto('seasons').values({ id: id(1), name: 'Fall 2026', start_date: '2026-08-20', end_date: '2026-12-20' }).execute();
  await t.db.insertInto('competitions').values({ id: id(2), name: 'NECC', platform: 'faceit', external_id: 'necc', season_id: id(1) }).execute();
  await t.db.insertInto('media').values({ key: 'teams/x/1.png', content_type: 'image/png', bytes: Buffer.from([1, 2, 3]), size: 3 }).execute();
});
afterAll(async () => {
  await t?.close();
  if (folder) rmSync(folder, { recursive: true, force: true });
});

/** A league touching every cleared table: captains (teams and players point at each other), nulls, Elo changes. */
async function insertLeague(): Promise<void> {
  await t.db
    .insertInto('teams')
    .values([
      { id: id(11), name: 'Alpha "Wolves"', school_name: 'North', elo: 1510, picture: '/media/teams/x/1.png' },
      { id: id(12), name: 'Beta ünïcødé', school_name: null, elo: 990 },
    ])
    .execute();
  await t.db
    .insertInto('players')
    .values([
      { id: id(21), name: 'Ace', team_id: id(11), elo: 2100, skill_level: 10, steam_id: '7656', faceit_id: 'f-ace' },
      { id: id(22), name: 'Bee', team_id: id(12), elo: 1000, benched: true, visible: false },
      { id: id(23), name: 'Free', team_id: null },
    ])
    .execute();
  await t.db.updateTable('teams').set({ captain_id: id(21) }).where('id', '=', id(11)).execute();
  await t.db.insertInto('player_seasons').values({ player_id: id(21), season_id: id(1), team_id: id(11) }).execute();
  await t.db
    .insertInto('participants')
    .values({ team_id: id(11), competition_id: id(2), season_id: id(1), platform: 'faceit', platform_team_id: 'fa-1', platform_name: 'Alpha' })
    .execute();
  await t.db
    .insertInto('matches')
    .values([
      {
        id: id(31),
        platform: 'faceit',
        external_id: '1-abc',
        competition_id: id(2),
        season_id: id(1),
        team1_id: id(11),
        team2_id: id(12),
        score_team1: 16,
        score_team2: 9,
        winner_id: id(11),
        status: 'completed',
        date: '2026-09-01T18:00:00.123Z',
        url: 'https://example.test/m/1',
      },
      { id: id(32), platform: 'leaguespot', external_id: '2', team1_id: id(12), team2_id: id(11), status: 'scheduled', date: null },
    ])
    .execute();
  await t.db.insertInto('match_elo').values({ match_id: id(31), team1_elo_before: 1450, team2_elo_before: 1050, team1_elo_change: 60, team2_elo_change: -60 }).execute();
  await t.db.insertInto('rankings').values({ id: id(41), season_id: id(1), date: '2026-09-07T00:00:00Z' }).execute();
  await t.db
    .insertInto('ranking_items')
    .values([
      { ranking_id: id(41), team_id: id(11), rank: 1, elo: 1510 },
      { ranking_id: id(41), team_id: id(12), rank: 2, elo: 990 },
    ])
    .execute();
  // An event whose one bracket slot is linked to the completed match.
  await t.db
    .insertInto('events')
    .values({ id: id(51), name: 'Cup', start_date: '2026-09-01', end_date: '2026-09-02', season_id: id(1), format: 'single_elimination', winner_team_id: id(11), any_played: true })
    .execute();
  await t.db
    .insertInto('event_teams')
    .values([
      { id: 1, event_id: id(51), team_id: id(11), seed: 1 },
      { id: 2, event_id: id(51), team_id: id(12), seed: 2 },
    ])
    .execute();
  await t.db.insertInto('event_bracket_matches').values({ id: 1, event_id: id(51), match_id: id(31), data: JSON.stringify({ number: 1 }) }).execute();
}

/** The game's details (issue 24): none in this league, but cleared and restored with the rest. */
const MAP_ROWS = { match_maps: 0, match_vetoes: 0, match_map_players: 0 };
const EVENT_ROWS = { events: 1, event_teams: 2, event_bracket_stages: 0, event_bracket_groups: 0, event_bracket_rounds: 0, event_bracket_matches: 1, event_bracket_match_games: 0, division_teams: 0 };

const dumpAll = () => dumpTables(t.db, [...CLEARED_TABLES, ...KEPT_TABLES]);

beforeEach(async () => {
  await sql.raw(`TRUNCATE ${[...CLEARED_TABLES, ...CLEARED_WITHOUT_BACKUP].join(', ')}, backups, audit_log`).execute(t.db);
  await insertLeague();
});

describe('clear database', () => {
  it('shows the key only while it is the demo default', async () => {
    expect(await t.callerFor(t.admin).admin.database.clearInfo()).toEqual({ default_key: null });
    const demo = await createStaffTestDatabase();
    try {
      expect(await demo.callerFor(demo.admin).admin.database.clearInfo()).toEqual({ default_key: 'clear-demo-league' });
    } finally {
      await demo.close();
    }
  });

  it('refuses an empty or wrong key and an admin, changing nothing', async () => {
    const before = await dumpAll();
    const owner = t.callerFor(t.owner).admin.database;
    await expect(owner.clear({ security_key: '  ' })).rejects.toMatchObject({ code: 'BAD_REQUEST', message: expect.stringContaining('Security key is required') });
    await expect(owner.clear({ security_key: 'clear-demo-league' })).rejects.toMatchObject({ code: 'FORBIDDEN', message: 'The security key is not correct' });
    await expect(t.callerFor(t.admin).admin.database.clear({ security_key: KEY })).rejects.toMatchObject({ code: 'FORBIDDEN' });
    expect(await dumpAll()).toEqual(before);
    expect(await t.db.selectFrom('backups').select('id').execute()).toEqual([]);
  });

  it('audits every wrong key and refuses to check more than five in 15 minutes, even the right one', async () => {
    const owner = t.callerFor(t.owner).admin.database;
    const before = await dumpAll();
    for (let i = 0; i < WRONG_KEYS_PER_OWNER; i++) {
      await expect(owner.clear({ security_key: `guess-${i}` })).rejects.toMatchObject({ code: 'FORBIDDEN', message: WRONG_KEY_MESSAGE });
    }
    await expect(owner.clear({ security_key: KEY })).rejects.toMatchObject({ code: 'TOO_MANY_REQUESTS', message: expect.stringContaining('Too many wrong security keys') });
    expect(await dumpAll()).toEqual(before);
    const refused = await t.db.selectFrom('audit_log').select(['user_id', 'entity']).where('action', '=', WRONG_KEY_AUDIT_ACTION).execute();
    expect(refused).toEqual(Array.from({ length: WRONG_KEYS_PER_OWNER }, () => ({ user_id: t.owner.id, entity: 'database' })));
    // Once the refusals leave the window, the right key clears, and that is audited too.
    await t.db.updateTable('audit_log').set({ created_at: new Date(Date.now() - 16 * 60 * 1000) }).execute();
    expect(await owner.clear({ security_key: KEY })).toMatchObject({ backup_id: expect.any(String) });
    expect(await t.db.selectFrom('audit_log').select('action').where('action', '=', 'clear').execute()).toHaveLength(1);
  });

  it('backs up, clears the league, keeps seasons, competitions, users and media; restoring gives back identical rows', async () => {
    const before = await dumpAll();
    const owner = t.callerFor(t.owner).admin.database;
    const answer = await owner.clear({ security_key: KEY });
    expect(answer.message).toMatch(/cleared/i);

    const after = await dumpAll();
    for (const table of CLEARED_TABLES) expect(after[table], table).toEqual([]);
    for (const table of KEPT_TABLES) expect(after[table], table).toEqual(before[table]);

    const { results } = await owner.backups();
    expect(results).toEqual([
      expect.objectContaining({
        id: answer.backup_id,
        reason: 'clear-database',
        created_by: 'owner@tools.test',
        rows: { teams: 2, players: 3, player_seasons: 1, participants: 1, matches: 2, match_elo: 1, rankings: 1, ranking_items: 2, elo_adjustments: 0, player_elo_history: 0, ...MAP_ROWS, ...EVENT_ROWS },
      }),
    ]);
    const audit = await t.db.selectFrom('audit_log').select(['action', 'entity_ids']).execute();
    expect(audit).toEqual([{ action: 'clear', entity_ids: [answer.backup_id] }]);

    const restored = await owner.restore({ id: answer.backup_id });
    expect(restored.restored).toEqual({ teams: 2, players: 3, player_seasons: 1, participants: 1, matches: 2, match_elo: 1, rankings: 1, ranking_items: 2, elo_adjustments: 0, player_elo_history: 0, ...MAP_ROWS, ...EVENT_ROWS });
    expect(restored.previous_backup_id).toBeNull();
    expect(await dumpAll()).toEqual(before);
    // The identity sequences moved past the restored ids.
    const next = await t.db.insertInto('event_bracket_matches').values({ event_id: id(51), data: '{}' }).returning('id').executeTakeFirstOrThrow();
    expect(next.id).toBe(2);
  });

  it('restores a downloaded file (the CLI path) over newer data, backing that up first', async () => {
    const before = await dumpAll();
    const { backup_id } = await t.callerFor(t.owner).admin.database.clear({ security_key: KEY });
    const file = join(folder, 'backup.json');
    writeFileSync(file, (await backupJsonText(t.db, backup_id)).text);

    await t.db.insertInto('teams').values({ name: 'Imported after the clear' }).execute();
    const result = await restoreFrom(t.db, { file });
    expect(await dumpAll()).toEqual(before);
    expect(result.previous_backup_id).not.toBeNull();

    const undo = await restoreFrom(t.db, { backupId: result.previous_backup_id! });
    const teams = await t.db.selectFrom('teams').select('name').execute();
    expect(teams).toEqual([{ name: 'Imported after the clear' }]);
    expect(undo.restored.teams).toBe(1);
  });

  it('restores a file from before match_elo (migration 0104) with the Elo its matches carried', async () => {
    const before = await dumpAll();
    const { backup_id } = await t.callerFor(t.owner).admin.database.clear({ security_key: KEY });
    const backup = JSON.parse((await backupJsonText(t.db, backup_id)).text) as { tables: Record<string, Record<string, unknown>[]> };
    // Such a file kept each match's Elo on the match, and had no match_elo table.
    const elo = new Map(backup.tables.match_elo!.map(({ match_id, ...columns }) => [match_id, columns]));
    backup.tables.matches = backup.tables.matches!.map((m) => ({ ...m, elo_applied: elo.has(m.id), team1_elo_before: null, team2_elo_before: null, team1_elo_change: null, team2_elo_change: null, ...elo.get(m.id) }));
    delete backup.tables.match_elo;
    const file = join(folder, 'before-match-elo.json');
    writeFileSync(file, JSON.stringify(backup));
    await restoreFrom(t.db, { file });
    expect(await dumpAll()).toEqual(before);
  });

  it('refuses a file that is not a backup and leaves the data alone', async () => {
    const before = await dumpAll();
    const file = join(folder, 'not-a-backup.json');
    writeFileSync(file, JSON.stringify({ hello: 'world' }));
    await expect(restoreFrom(t.db, { file })).rejects.toMatchObject({ kind: 'invalid' });
    await expect(restoreFrom(t.db, { backupId: 'nope' })).rejects.toThrow('Not a backup id');
    expect(await dumpAll()).toEqual(before);
  });

  it.each([
    ['an Elo of -100', 'teams', 0, 'elo', -100, 'Elo must be between 0 and 5000'],
    ['a 3,000-character name', 'players', 1, 'name', 'x'.repeat(3000), 'At most 200 characters'],
    ['a name with CRLF', 'teams', 1, 'name', 'Beta\r\nEND:VEVENT', 'Must not contain control characters such as line breaks'],
    ['a javascript: match link', 'matches', 0, 'url', 'javascript:alert(1)', 'Expected an http(s) URL'],
    ['a javascript: team picture', 'teams', 0, 'picture', 'javascript:alert(1)', 'Expected a picture URL'],
  ])('refuses a backup file holding %s (the CLI path), naming table, row and field, and writes nothing', async (_label, table, index, field, value, problem) => {
    const { backup_id } = await t.callerFor(t.owner).admin.database.clear({ security_key: KEY });
    const data = JSON.parse((await backupJsonText(t.db, backup_id)).text);
    data.tables[table][index][field] = value;
    const file = join(folder, 'refused.json');
    writeFileSync(file, JSON.stringify(data));
    const before = await dumpAll();
    const backupsBefore = await t.db.selectFrom('backups').select('id').execute();
    await expect(restoreFrom(t.db, { file })).rejects.toMatchObject({
      kind: 'invalid',
      message: `The backup holds a row the site refuses, so nothing was restored: ${table} row ${index + 1} (id ${data.tables[table][index].id}), ${field}: ${problem}.`,
    });
    expect(await dumpAll()).toEqual(before);
    expect(await t.db.selectFrom('backups').select('id').execute()).toEqual(backupsBefore);
  });

  it("takes the demo league's own backup, whose legacy picture texts ('undefined') are no links, and restores it with its maps and lines", async () => {
    const demo = await createTestDatabase();
    try {
      await seedDatabase(demo.db, { kind: 'demo' }, () => {});
      // Leagues seeded before the demo drew every logo stored the text 'undefined' for a missing one.
      const first = await demo.db.selectFrom('teams').select('id').orderBy('name').limit(1).executeTakeFirstOrThrow();
      await demo.db.updateTable('teams').set({ picture: 'undefined' }).where('id', '=', first.id).execute();
      const backup = parseBackupFile(JSON.parse((await backupJsonText(demo.db, await writeBackup(demo.db, 'test', null))).text));
      expect(backup.tables.teams.map((team) => team.picture)).toContain('undefined');
      // The game's details and the totals their triggers keep come back as they were.
      const details = ['match_maps', 'match_vetoes', 'match_map_players', 'player_season_stats', 'player_career_stats', 'team_season_map_stats', 'team_season_stats'] as const;
      const before = await dumpTables(demo.db, details);
      expect(before.match_map_players!.length).toBeGreaterThan(5000);
      await sql.raw(`TRUNCATE ${[...CLEARED_TABLES, ...CLEARED_WITHOUT_BACKUP].join(', ')}`).execute(demo.db);
      await insertBackupRows(demo.db, backup);
      expect(await dumpTables(demo.db, details)).toEqual(before);
    } finally {
      await demo.close();
    }
  });

  it('rolls a restore back when the backup refers to a season that is gone', async () => {
    const { backup_id } = await t.callerFor(t.owner).admin.database.clear({ security_key: KEY });
    const data = JSON.parse((await backupJsonText(t.db, backup_id)).text);
    data.tables.rankings[0].season_id = id(999);
    const file = join(folder, 'broken.json');
    writeFileSync(file, JSON.stringify(data));
    await expect(restoreFrom(t.db, { file })).rejects.toMatchObject({ kind: 'unprocessable' });
    expect((await dumpTables(t.db, [...CLEARED_TABLES])).teams).toEqual([]);
  });

  it('backs up now on request (owner only), changing nothing, and the backup restores', async () => {
    const before = await dumpAll();
    await expect(t.callerFor(t.admin).admin.database.createBackup({})).rejects.toMatchObject({ code: 'FORBIDDEN' });
    const owner = t.callerFor(t.owner).admin.database;
    const backup = await owner.createBackup({ note: 'before the playoffs' });
    expect(backup).toMatchObject({ reason: 'manual: before the playoffs', created_by: 'owner@tools.test', rows: expect.objectContaining({ teams: 2, matches: 2 }) });
    expect(await dumpAll()).toEqual(before);
    expect((await owner.backups()).results.map((b) => b.id)).toEqual([backup.id]);
    expect(await t.db.selectFrom('audit_log').select(['action', 'entity_ids']).execute()).toEqual([{ action: 'backup', entity_ids: [backup.id] }]);

    await t.db.deleteFrom('ranking_items').execute();
    await owner.restore({ id: backup.id });
    expect(await dumpAll()).toEqual(before);
  });
});
