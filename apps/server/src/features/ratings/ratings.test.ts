import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { buildApp } from '../../app';
import { createStaffTestApp, type StaffTestApp } from '../auth/testing';
import { JobQueue } from '../jobs/queue';

// GET /v1/public/ratings/accuracy and POST /v1/ratings/evaluate/ over REST on PostgreSQL, on
// a hand-made league whose numbers are worked out below.

const id = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`;
const ids = { spring: id(1), autumn: id(2), empty: id(3), alpha: id(21), bravo: id(22), charlie: id(23), unknown: id(99) };

let t: StaffTestApp;
let app: FastifyInstance;
let queue: JobQueue;
let owner: Record<string, string>;
let admin: Record<string, string>;

beforeAll(async () => {
  t = await createStaffTestApp();
  const db = t.database.db;
  await db
    .insertInto('seasons')
    .values([
      { id: ids.spring, name: 'Spring', start_date: '2025-01-01', end_date: '2025-05-31' },
      { id: ids.autumn, name: 'Autumn', start_date: '2025-08-01', end_date: '2025-12-31' },
      { id: ids.empty, name: 'Empty', start_date: '2026-01-01', end_date: '2026-05-31' },
    ])
    .execute();
  await db
    .insertInto('teams')
    .values([
      { id: ids.alpha, name: 'Alpha', elo: 1000, starting_elo: 1000 },
      { id: ids.bravo, name: 'Bravo', elo: 1000, starting_elo: 1000 },
      { id: ids.charlie, name: 'Charlie', elo: 1200, starting_elo: 1200 },
    ])
    .execute();
  const match = (n: number, date: string, team1: string, team2: string, winner: string | null, season: string, status: 'completed' | 'scheduled' = 'completed') => ({
    id: id(50 + n),
    platform: 'faceit' as const,
    external_id: `m${n}`,
    team1_id: team1,
    team2_id: team2,
    score_team1: winner === team1 ? 13 : 5,
    score_team2: winner === team1 ? 5 : 13,
    winner_id: winner,
    status,
    season_id: season,
    date: new Date(date),
  });
  await db
    .insertInto('matches')
    .values([
      match(1, '2025-02-01T18:00:00Z', ids.alpha, ids.bravo, ids.alpha, ids.spring),
      match(2, '2025-03-01T18:00:00Z', ids.charlie, ids.alpha, ids.charlie, ids.spring),
      match(3, '2025-09-01T18:00:00Z', ids.bravo, ids.charlie, ids.bravo, ids.autumn),
      match(4, '2025-10-01T18:00:00Z', ids.alpha, ids.charlie, null, ids.autumn, 'scheduled'),
    ])
    .execute();
  queue = new JobQueue({ db, config: t.config, kind: t.database.kind }, t.database, { warn: () => {} });
  await queue.start();
  // As main.ts wires it: public reads on readDb, the response cache emptied by data change notices.
  app = await buildApp({ db, readDb: t.database.readDb, config: t.config, jobs: queue, logger: false, listen: t.database.listen });
  owner = { authorization: `Bearer ${await t.tokenFor(t.owner)}` };
  admin = { authorization: `Bearer ${await t.tokenFor(t.admin)}` };
}, 60_000);
afterAll(async () => {
  await app?.close();
  await queue?.stop();
  await t?.close();
});

const get = async (url: string) => {
  const response = await app.inject({ method: 'GET', url });
  return { status: response.statusCode, body: response.json(), cache: response.headers['x-cache'] };
};
const post = (url: string, headers: Record<string, string>, payload: unknown) => app.inject({ method: 'POST', url, headers, payload: payload as object });

// Worked out by hand with the live rule (K 150, scale 800), each match's chance for team 1:
// m1 Alpha 1000 v Bravo 1000: 0.5, Alpha wins -> 1075 / 925.
// m2 Charlie 1200 v Alpha 1075: 1 / (1 + 10^(-125/800)), Charlie wins -> 1262 / 1013.
// m3 Bravo 925 v Charlie 1262: 1 / (1 + 10^(337/800)), Bravo wins.
const p2 = 1 / (1 + 10 ** (-125 / 800));
const p3 = 1 / (1 + 10 ** (337 / 800));
// Seeds only: m2 Charlie 1200 v Alpha 1000, m3 Bravo 1000 v Charlie 1200.
const s2 = 1 / (1 + 10 ** (-200 / 800));
const s3 = 1 / (1 + 10 ** (200 / 800));

// First, before any test changes data: a data change notice between two requests rightly skips the cache.
describe('caching', () => {
  it('answers a repeat from the response cache', async () => {
    const first = await get('/v1/public/ratings/accuracy');
    expect(first.status).toBe(200);
    const second = await get('/v1/public/ratings/accuracy');
    expect(second.cache).toBe('hit');
    expect(second.body).toEqual(first.body);
  });
});

describe('GET /v1/public/ratings/accuracy', () => {
  it("reports the live Elo's figures on all rated matches beside both baselines", async () => {
    const { body } = await get('/v1/public/ratings/accuracy');
    expect(body.matches).toBe(3);
    // The favourite won m2, lost m3; m1 at exactly 50% counts half.
    expect(body.accuracy).toBeCloseTo(1.5 / 3, 10);
    expect(body.brier).toBeCloseTo((0.25 + (1 - p2) ** 2 + (1 - p3) ** 2) / 3, 10);
    expect(body.log_loss).toBeCloseTo(-(Math.log(0.5) + Math.log(p2) + Math.log(p3)) / 3, 10);
    expect(body.bins).toHaveLength(10);
    expect(body.bins.filter((b: { matches: number }) => b.matches > 0)).toEqual([
      { from: 0.2, to: 0.3, matches: 1, expected: expect.closeTo(p3, 10), observed: 1 },
      { from: 0.5, to: 0.6, matches: 2, expected: expect.closeTo((0.5 + p2) / 2, 10), observed: 1 },
    ]);
    expect(body.baselines.coin).toMatchObject({ matches: 3, accuracy: 0.5, brier: 0.25, log_loss: expect.closeTo(Math.LN2, 10) });
    expect(body.baselines.seed).toMatchObject({ matches: 3, accuracy: expect.closeTo(0.5, 10), brier: expect.closeTo((0.25 + (1 - s2) ** 2 + (1 - s3) ** 2) / 3, 10) });
  });

  it("counts one season's matches, with the Elo the teams brought into it", async () => {
    const { status, body } = await get(`/v1/public/ratings/accuracy?season_id=${ids.autumn}`);
    expect(status).toBe(200);
    expect(body).toMatchObject({ matches: 1, accuracy: 0, brier: expect.closeTo((1 - p3) ** 2, 10) });
    expect(body.baselines.seed).toMatchObject({ matches: 1, accuracy: 0, brier: expect.closeTo((1 - s3) ** 2, 10) });
  });

  it('answers null figures for a season without rated matches', async () => {
    const { body } = await get(`/v1/public/ratings/accuracy?season_id=${ids.empty}`);
    expect(body).toMatchObject({ matches: 0, accuracy: null, brier: null, log_loss: null });
  });

  it('answers 404 for an unknown season and 400 for a malformed one', async () => {
    expect((await get(`/v1/public/ratings/accuracy?season_id=${ids.unknown}`)).status).toBe(404);
    expect((await get('/v1/public/ratings/accuracy?season_id=spring')).status).toBe(400);
  });
});

describe('POST /v1/ratings/evaluate/', () => {
  const settings = [{ system: 'elo' }, { system: 'elo', k: 100 }, { system: 'glicko2', tau: 0.5 }];

  it('is for owners only', async () => {
    expect((await post('/v1/ratings/evaluate/', admin, { settings })).statusCode).toBe(403);
    expect((await post('/v1/ratings/evaluate/', {}, { settings })).statusCode).toBe(401);
  });

  it('refuses settings out of range, or too many, with the field', async () => {
    const tooLarge = await post('/v1/ratings/evaluate/', owner, { settings: [{ system: 'elo', k: 5000 }] });
    expect(tooLarge.statusCode).toBe(400);
    expect(tooLarge.body).toContain('k');
    expect((await post('/v1/ratings/evaluate/', owner, { settings: [{ system: 'elo', scale: 10 }] })).statusCode).toBe(400);
    expect((await post('/v1/ratings/evaluate/', owner, { settings: Array(7).fill({ system: 'elo' }) })).statusCode).toBe(400);
    expect((await post('/v1/ratings/evaluate/', owner, { settings: [] })).statusCode).toBe(400);
  });

  it('runs as a job with progress and reports each setting side by side, all time and per season, writing nothing', async () => {
    const eloBefore = await t.database.db.selectFrom('teams').select(['id', 'elo']).orderBy('id').execute();
    const accepted = await post('/v1/ratings/evaluate/', { ...owner, prefer: 'respond-async' }, { settings });
    expect(accepted.statusCode).toBe(202);
    const { job_id } = accepted.json();
    await vi.waitFor(
      async () => {
        const job = (await app.inject({ method: 'GET', url: `/v1/jobs/${job_id}/`, headers: owner })).json();
        expect(job.state).toBe('done');
      },
      { timeout: 20_000, interval: 100 },
    );
    const job = (await app.inject({ method: 'GET', url: `/v1/jobs/${job_id}/`, headers: owner })).json();
    expect(job.progress).toMatchObject({ done: 4, total: 4, errors: 0 });
    const result = job.result;
    expect(result.settings).toEqual([
      { system: 'elo', k: 150, scale: 800 },
      { system: 'elo', k: 100, scale: 800 },
      { system: 'glicko2', tau: 0.5, deviation: 350, volatility: 0.06 },
    ]);
    expect(result.scopes.map((s: { season_name: string | null; matches: number }) => [s.season_name, s.matches])).toEqual([
      [null, 3],
      ['Spring', 2],
      ['Autumn', 1],
    ]);
    const [allTime] = result.scopes;
    // The live setting's figures are the public endpoint's.
    const { body: live } = await get('/v1/public/ratings/accuracy');
    expect(allTime.results[0]).toEqual({ matches: live.matches, accuracy: live.accuracy, brier: live.brier, log_loss: live.log_loss, bins: live.bins });
    expect(allTime.baselines).toEqual(live.baselines);
    // K 100: m2 is then Charlie 1200 v Alpha 1050.
    expect(allTime.results[1].brier).toBeCloseTo((0.25 + (1 - 1 / (1 + 10 ** (-150 / 800))) ** 2 + (1 - 1 / (1 + 10 ** (Math.abs(1200 + Math.round(100 * (1 - 1 / (1 + 10 ** (-150 / 800)))) - 950) / 800))) ** 2) / 3, 10);
    expect(allTime.results[2].matches).toBe(3);
    expect(await t.database.db.selectFrom('teams').select(['id', 'elo']).orderBy('id').execute()).toEqual(eloBefore);
  });
});
