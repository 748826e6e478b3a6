import { createDatabase, selectMatchesWithElo } from '@campus-elo/db';
import { sql } from 'kysely';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { faceitMatch } from '../../../test-support/fakes';
import { loadConfig } from '../../config';
import { importFaceitChampionship, secondsFromNow, setUpImports, type ImportsTestSetup } from '../imports/testing';
import { runPlatformSync, schedulePlatformSync, syncIntervalSeconds, type SyncDeps } from './platform-sync';

let setup: ImportsTestSetup;
const championship = 'sync-cup';
const startsAt = secondsFromNow(1 / 48);
const base = { championshipId: championship, championshipName: 'Sync Cup', team1: 'Sync North', team2: 'Sync South', scheduledAt: startsAt } as const;
const syncMatch = (status: 'SCHEDULED' | 'ONGOING' | 'FINISHED', score?: [number, number]) => faceitMatch({ ...base, matchId: '1-sync', status, score });

/** Each run later than the one before by more than any interval used here, so it is due. */
let clock = Date.now();
const later = () => new Date((clock += 3_600_000));

const deps = (env: Record<string, string> = {}): SyncDeps => ({
  db: setup.database.db,
  config: loadConfig({ ...baseEnv(), ...env }),
  kind: setup.database.kind,
});
const baseEnv = () => ({
  FACEIT_API_BASE: setup.faceit.url,
  FACEIT_API_KEY: setup.faceit.apiKey,
  LEAGUESPOT_API_BASE: setup.leaguespot.url,
  PLATFORM_TIMEOUT_MS: '5000',
  LOG_LEVEL: 'silent',
  SYNC_INTERVAL_SECONDS: '60',
});

const matchRow = () => selectMatchesWithElo(setup.database.db).selectAll().where('external_id', '=', '1-sync').executeTakeFirstOrThrow();
const eloOf = async (teamId: string) => (await setup.database.db.selectFrom('teams').select('elo').where('id', '=', teamId).executeTakeFirstOrThrow()).elo;
const faceitCalls = (since: number) => setup.faceit.requests.slice(since).map((r) => r.path);

beforeAll(async () => {
  setup = await setUpImports();
  await importFaceitChampionship(setup, { id: championship, name: 'Sync Cup' }, [syncMatch('SCHEDULED')]);
});
afterAll(() => setup.close());
afterEach(async () => {
  setup.faceit.clearFaults();
  await setup.database.db.updateTable('platform_sync').set({ not_before: null }).execute();
});

describe('the scheduled sync', () => {
  it('brings a match finishing on Faceit into the database on its timer, moving Elo once', async () => {
    const before = await matchRow();
    const [elo1, elo2] = [await eloOf(before.team1_id), await eloOf(before.team2_id)];
    setup.faceit.setMatch(syncMatch('FINISHED', [2, 0]));
    await setup.database.db.updateTable('platform_sync').set({ last_started_at: null }).execute();

    const schedule = schedulePlatformSync(deps({ SYNC_INTERVAL_SECONDS: '1' }), { info: () => {}, warn: () => {} });
    try {
      await vi.waitFor(async () => expect(await matchRow()).toMatchObject({ status: 'completed', score_team1: 2, score_team2: 0 }), { timeout: 15_000, interval: 100 });
    } finally {
      await schedule.stop();
    }
    const completed = await matchRow();
    expect(completed).toMatchObject({ winner_id: completed.team1_id, elo_applied: true });
    expect(await eloOf(completed.team1_id)).toBe(elo1 + completed.team1_elo_change!);
    expect(await eloOf(completed.team2_id)).toBe(elo2 + completed.team2_elo_change!);
    const audits = await setup.database.db.selectFrom('audit_log').select('user_id').where('entity', '=', 'matches').where(sql<boolean>`${completed.id} = ANY(entity_ids)`).orderBy('created_at').execute();
    expect(audits.at(-1)).toEqual({ user_id: null });

    // Completed, it leaves the sync; Elo is not applied again.
    const again = await runPlatformSync(deps(), later());
    expect(again).toMatchObject({ ran: true });
    expect(await eloOf(completed.team1_id)).toBe(elo1 + completed.team1_elo_change!);
  });

  it('writes only matches that changed', async () => {
    await importFaceitChampionship(setup, { id: 'sync-idle', name: 'Sync Idle' }, [faceitMatch({ ...base, championshipId: 'sync-idle', matchId: '1-sync-idle', status: 'SCHEDULED' })]);

    const first = await runPlatformSync(deps(), later());
    expect(first).toMatchObject({ ran: true, platforms: [{ platform: 'faceit', checked: 1, updated: 0, errors: 0 }, { platform: 'leaguespot', skipped: 'no_api_key' }] });
    setup.faceit.setMatch(faceitMatch({ ...base, matchId: '1-sync-idle', status: 'ONGOING' }));
    const second = await runPlatformSync(deps(), later());
    expect(second).toMatchObject({ ran: true, platforms: [{ platform: 'faceit', checked: 1, updated: 1 }, { skipped: 'no_api_key' }] });
  });

  it('calls no platform whose key is not configured', async () => {
    const faceitBefore = setup.faceit.requests.length;
    const leaguespotBefore = setup.leaguespot.requests.length;
    const result = await runPlatformSync(deps({ FACEIT_API_KEY: '' }), later());
    expect(result).toMatchObject({ ran: true, platforms: [{ platform: 'faceit', skipped: 'no_api_key' }, { platform: 'leaguespot', skipped: 'no_api_key' }] });
    expect(faceitCalls(faceitBefore)).toEqual([]);
    expect(setup.leaguespot.requests.length).toBe(leaguespotBefore);
  });

  it('waits out a 429 Retry-After before calling again', async () => {
    setup.faceit.fault({ path: /^\/matches\//, status: 429, retryAfter: '600' });
    const limited = await runPlatformSync(deps(), later());
    expect(limited).toMatchObject({ ran: true, platforms: [{ platform: 'faceit', rate_limited: true }, { skipped: 'no_api_key' }] });
    const notBefore = new Date((limited as { not_before: string }).not_before);
    // About ten minutes from now (the fault asked for 600 s).
    expect(notBefore.getTime()).toBeGreaterThan(Date.now() + 500_000);

    const callsBefore = setup.faceit.requests.length;
    expect(await runPlatformSync(deps(), new Date(notBefore.getTime() - 1000))).toEqual({ ran: false, reason: 'rate_limited' });
    expect(faceitCalls(callsBefore)).toEqual([]);
    setup.faceit.clearFaults();
    // Past it (and due): calling again.
    expect(await runPlatformSync(deps(), later())).toMatchObject({ ran: true, platforms: [{ platform: 'faceit', rate_limited: false }, { skipped: 'no_api_key' }] });
  });

  it('runs once per interval, and not at all when turned off', async () => {
    const at = later();
    expect(await runPlatformSync(deps(), at)).toMatchObject({ ran: true });
    expect(await runPlatformSync(deps(), new Date(at.getTime() + 30_000))).toEqual({ ran: false, reason: 'not_due' });
    expect(await runPlatformSync(deps({ SYNC_INTERVAL_SECONDS: '0' }), later())).toEqual({ ran: false, reason: 'off' });
  });

  it('forgets sync jobs that ended more than a week ago', async () => {
    const { db } = setup.database;
    const job = (id: string, daysAgo: number, state: 'done' | 'queued') => ({ id, kind: 'sync', state, input: '{}', created_at: new Date(Date.now() - daysAgo * 86_400_000) });
    const [old, recent, stuck] = ['00000000-0000-4000-8000-00000000a001', '00000000-0000-4000-8000-00000000a002', '00000000-0000-4000-8000-00000000a003'];
    await db.insertInto('jobs').values([job(old, 8, 'done'), job(recent, 6, 'done'), job(stuck, 8, 'queued')]).execute();
    expect(await runPlatformSync(deps(), later())).toMatchObject({ ran: true });
    const left = await db.selectFrom('jobs').select('id').where('id', 'in', [old, recent, stuck]).orderBy('id').execute();
    expect(left.map((row) => row.id)).toEqual([recent, stuck]);
    await db.deleteFrom('jobs').where('id', 'in', [recent, stuck]).execute();
  });

  it('syncs every 120 s while a match is live or starts within the hour, else every 1800 s', async () => {
    const config = loadConfig({});
    const { db } = setup.database;
    await db.updateTable('matches').set({ status: 'completed' }).where('status', 'in', ['in_progress', 'scheduled']).execute();
    expect(await syncIntervalSeconds(db, config)).toBe(1800);
    const match = await matchRow();
    await db.updateTable('matches').set({ status: 'scheduled', date: new Date(Date.now() + 30 * 60_000) }).where('id', '=', match.id).execute();
    expect(await syncIntervalSeconds(db, config)).toBe(120);
    await db.updateTable('matches').set({ date: new Date(Date.now() + 3 * 3_600_000) }).where('id', '=', match.id).execute();
    expect(await syncIntervalSeconds(db, config)).toBe(1800);
    await db.updateTable('matches').set({ status: 'in_progress' }).where('id', '=', match.id).execute();
    expect(await syncIntervalSeconds(db, config)).toBe(120);
  });
});

describe.skipIf(!process.env.DATABASE_URL)('the sync across replicas (PostgreSQL)', () => {
  it('does not run while another replica holds the sync lock', async () => {
    const other = createDatabase({ databaseUrl: setup.database.url, poolSize: 1 });
    try {
      await other.db.connection().execute(async (connection) => {
        await sql`SELECT pg_advisory_lock(727013)`.execute(connection);
        const callsBefore = setup.faceit.requests.length;
        expect(await runPlatformSync(deps(), later())).toEqual({ ran: false, reason: 'running_elsewhere' });
        expect(faceitCalls(callsBefore)).toEqual([]);
        await sql`SELECT pg_advisory_unlock(727013)`.execute(connection);
      });
      expect(await runPlatformSync(deps(), later())).toMatchObject({ ran: true });
    } finally {
      await other.close();
    }
  });
});
