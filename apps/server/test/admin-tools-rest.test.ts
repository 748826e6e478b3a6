import { createTestDatabase, type TestDatabase } from '@campus-elo/db';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app';
import { loadConfig } from '../src/config';
import { createUser } from '../src/features/auth/users';

// The REST doors of the Elo tools, snapshots, merge, clear database and backups: paths,
// payloads, status codes and the owner-only guard, with real Bearer tokens.
let database: TestDatabase;
let app: FastifyInstance;
const tokens = { owner: '', admin: '' };
const PASSWORD = 'a long enough password';
const id = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`;

beforeAll(async () => {
  database = await createTestDatabase();
  app = await buildApp({ db: database.db, config: loadConfig({ LOG_LEVEL: 'silent' }), logger: false });
  for (const role of ['owner', 'admin'] as const) {
    await createUser(database.db, { email: `${role}@rest.test`, password: PASSWORD, role });
    const res = await app.inject({ method: 'POST', url: '/v1/auth/token', payload: { email: `${role}@rest.test`, password: PASSWORD } });
    tokens[role] = res.json().token;
  }
  await database.db.insertInto('seasons').values({ id: id(1), name: 'Fall 2026', start_date: '2026-08-20', end_date: '2026-12-20' }).execute();
  await database.db
    .insertInto('teams')
    .values([
      { id: id(11), name: 'Alpha', elo: 1200 },
      { id: id(12), name: 'Beta', elo: 1100 },
    ])
    .execute();
  // A team counts in a season when it entered one of its competitions (packages/domain, season-place).
  await database.db.insertInto('competitions').values({ id: id(31), name: 'Fall Cup', platform: 'faceit', external_id: 'fall-cup', season_id: id(1) }).execute();
  await database.db
    .insertInto('participants')
    .values([id(11), id(12)].map((team_id, i) => ({ team_id, competition_id: id(31), season_id: id(1), platform: 'faceit', platform_team_id: `fa-${i}`, platform_name: `Team ${i}` })))
    .execute();
});
afterAll(async () => {
  await app?.close();
  await database?.close();
});

const post = (url: string, as: keyof typeof tokens | null, payload?: object) =>
  app.inject({ method: 'POST', url, ...(payload ? { payload } : {}), headers: as ? { authorization: `Bearer ${tokens[as]}` } : {} });
const get = (url: string, as: keyof typeof tokens | null) =>
  app.inject({ method: 'GET', url, headers: as ? { authorization: `Bearer ${tokens[as]}` } : {} });

describe('admin tools over REST', () => {
  it('answers 401 without a session and 403 to an admin on owner-only tools', async () => {
    const ownerOnly = [
      ['/v1/player-elo/reset/', {}],
      ['/v1/team-elo/recalculate/', {}],
      ['/v1/merge-teams/', { primary_team_id: id(11), secondary_team_id: id(12) }],
      ['/v1/clear-database/', { security_key: 'clear-demo-league' }],
      [`/v1/backups/${id(5)}/restore/`, undefined],
    ] as const;
    for (const [url, payload] of ownerOnly) {
      expect((await post(url, null, payload)).statusCode, url).toBe(401);
      const refused = await post(url, 'admin', payload);
      expect(refused.statusCode, url).toBe(403);
      expect(refused.json().error).toBeTruthy();
    }
    expect((await get('/v1/backups/', 'admin')).statusCode).toBe(403);
    expect((await get(`/v1/backups/${id(5)}/`, 'admin')).statusCode).toBe(403);
    expect((await get('/v1/image-proxy?url=https://example.com/a.png', null)).statusCode).toBe(401);
    expect(await database.db.selectFrom('teams').select('id').execute()).toHaveLength(2);
  });

  it('runs the staff tools for an admin with the documented answers', async () => {
    const calculated = await post('/v1/team-elo/calculate/', 'admin', { only_default_elo: false, default_elo: 1000 });
    expect(calculated.statusCode).toBe(200);
    expect(calculated.json()).toEqual({ updated_teams: 0, teams_without_enough_players: 2, total_teams_processed: 2, elo_changes: [], elo_run_id: null });

    const snapshot = await post('/v1/rankings/snapshot/', 'admin', { season_id: id(1) });
    expect(snapshot.statusCode).toBe(200);
    expect(snapshot.json()).toMatchObject({ teams_ranked: 2, season_name: 'Fall 2026' });
  });

  it('answers 400 with what was wrong for bad payloads', async () => {
    const badElo = await post('/v1/player-elo/reset/', 'owner', { default_elo: 'lots' });
    expect(badElo.statusCode).toBe(400);
    expect(badElo.json().error).toContain('default_elo');
    const sameTeam = await post('/v1/merge-teams/', 'owner', { primary_team_id: id(11), secondary_team_id: id(11) });
    expect(sameTeam.statusCode).toBe(400);
    expect(sameTeam.json().error).toContain('must be different');
    const emptyKey = await post('/v1/clear-database/', 'owner', { security_key: '' });
    expect(emptyKey.statusCode).toBe(400);
    expect(emptyKey.json().error).toContain('Security key is required');
    const wrongKey = await post('/v1/clear-database/', 'owner', { security_key: 'guess' });
    expect(wrongKey.statusCode).toBe(403);
    expect(wrongKey.json()).toEqual({ error: 'The security key is not correct' });
    expect((await post('/v1/rankings/snapshot/', 'admin', { season_id: 'nope' })).json()).toMatchObject({ error: 'Invalid season_id format' });
  });

  it('recalculates, merges, clears, downloads and restores for the owner', async () => {
    const recalculated = await post('/v1/team-elo/recalculate/', 'owner');
    expect(recalculated.json()).toMatchObject({ summary: { processed_count: 0, error_count: 0 }, total_elo_changes: 0, elo_run_id: expect.any(String) });
    expect((await post('/v1/player-elo/reset/', 'owner', {})).json()).toEqual({ updated_players: 0, player_changes: [], player_changes_total: 0, elo_run_id: null });

    const preview = await post('/v1/merge-teams/preview/', 'admin', { primary_team_id: id(11), secondary_team_id: id(12) });
    expect(preview.json()).toMatchObject({ players_to_move: 0, matches_to_remove: [] });

    const cleared = await post('/v1/clear-database/', 'owner', { security_key: 'clear-demo-league' });
    expect(cleared.statusCode).toBe(200);
    const { backup_id } = cleared.json();

    const list = await get('/v1/backups/', 'owner');
    expect(list.json().results.map((b: { id: string }) => b.id)).toEqual([backup_id]);

    const file = await get(`/v1/backups/${backup_id}/`, 'owner');
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-disposition']).toMatch(/^attachment; filename="campus-elo-backup-\d{4}-\d{2}-\d{2}-[0-9a-f]{8}\.json"$/);
    expect(file.json()).toMatchObject({ format: 'campus-elo-backup', version: 1 });
    expect(file.json().tables.teams).toHaveLength(2);
    expect((await get(`/v1/backups/${id(77)}/`, 'owner')).statusCode).toBe(404);

    const restored = await post(`/v1/backups/${backup_id}/restore/`, 'owner');
    expect(restored.statusCode).toBe(200);
    expect(restored.json().restored.teams).toBe(2);

    const merged = await post('/v1/merge-teams/', 'owner', { primary_team_id: id(11), secondary_team_id: id(12) });
    expect(merged.statusCode).toBe(200);
    expect(merged.json()).toEqual({
      message: 'Merged Beta into Alpha',
      merged_data: { players_moved: 0, participants_merged: 1, matches_updated: 0, matches_removed: 0 },
    });
  });
});
