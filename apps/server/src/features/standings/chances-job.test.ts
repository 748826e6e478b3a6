import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createStaffTestApp, type StaffTestApp } from '../auth/testing';
import { JobQueue } from '../jobs/queue';
import { scheduleStandingsChances } from './chances';

let t: StaffTestApp;
let queue: JobQueue;
let schedule: { stop: () => Promise<void> } | undefined;
const quiet = { warn: () => {} };
let divisionId: string;
let scheduledMatch: string;

beforeAll(async () => {
  t = await createStaffTestApp();
  queue = new JobQueue({ db: t.database.db, config: t.config, kind: t.database.kind }, t.database, quiet);
  await queue.start();
  const db = t.database.db;
  const { id: seasonId } = await db.insertInto('seasons').values({ name: 'Spring 2027', start_date: '2027-01-10', end_date: '2027-05-01' }).returning('id').executeTakeFirstOrThrow();
  const teams = await db.insertInto('teams').values([{ name: 'Aces', elo: 1200 }, { name: 'Bears', elo: 1000 }, { name: 'Cobras', elo: 1100 }]).returning('id').execute();
  ({ id: divisionId } = await db
    .insertInto('divisions')
    .values({ season_id: seasonId, name: 'East', position: 1, lines: JSON.stringify([{ place: 1, label: 'Champion', kind: 'qualify' }]) })
    .returning('id')
    .executeTakeFirstOrThrow());
  await db.insertInto('division_teams').values(teams.map((team) => ({ season_id: seasonId, team_id: team.id, division_id: divisionId }))).execute();
  const match = (a: number, b: number) => ({ platform: 'faceit' as const, external_id: randomUUID(), team1_id: teams[a]!.id, team2_id: teams[b]!.id, season_id: seasonId, status: 'scheduled' as const, date: new Date('2027-02-01T18:00:00Z') });
  ({ id: scheduledMatch } = await db.insertInto('matches').values(match(0, 1)).returning('id').executeTakeFirstOrThrow());
  await db.insertInto('matches').values(match(1, 2)).execute();
}, 60_000);
afterAll(async () => {
  await schedule?.stop();
  await queue?.stop();
  await t?.close();
});

const storedKey = async () => (await t.database.db.selectFrom('division_chances').select('input_key').where('division_id', '=', divisionId).executeTakeFirst())?.input_key;

describe('the standings chances job', () => {
  it('runs once at start, and again after a result changes; staff cannot start it', async () => {
    schedule = await scheduleStandingsChances(t.database.db, t.database.listen, queue, quiet);
    await vi.waitFor(async () => expect(await storedKey()).toBeDefined(), { timeout: 20_000, interval: 100 });
    const first = await storedKey();
    const job = await t.database.db.selectFrom('jobs').select(['kind', 'created_by']).where('kind', '=', 'standings_chances').executeTakeFirstOrThrow();
    expect(job).toEqual({ kind: 'standings_chances', created_by: null });

    await t.database.db.updateTable('matches').set({ status: 'completed', score_team1: 2, score_team2: 0, winner_id: teamOneOf(scheduledMatch) }).where('id', '=', scheduledMatch).execute();
    await vi.waitFor(async () => expect(await storedKey()).not.toBe(first), { timeout: 20_000, interval: 100 });

    const refused = await t.app.inject({ method: 'POST', url: '/trpc/admin.jobs.start', headers: await t.browserHeaders(t.owner), payload: { kind: 'standings_chances', input: {} } });
    expect(refused.statusCode).toBe(400);
  }, 60_000);
});

/** The match's own team 1, so the winner is one of its sides. */
function teamOneOf(matchId: string) {
  return t.database.db.selectFrom('matches').select('team1_id').where('id', '=', matchId);
}
