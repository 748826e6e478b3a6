import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createStaffTestApp, type StaffTestApp } from '../features/auth/testing';
import { MAX_TRPC_BATCH_SIZE } from './trpc-batches';

let t: StaffTestApp;
let teamId: string;

beforeAll(async () => {
  t = await createStaffTestApp();
  teamId = (await t.database.db.insertInto('teams').values({ name: 'Batch Badgers' }).returning('id').executeTakeFirstOrThrow()).id;
});
afterAll(() => t.close());

/** A GET of several procedures in one request, as the web app's httpBatchLink sends it. */
const batchUrl = (calls: [string, unknown][]) =>
  `/trpc/${calls.map(([path]) => path).join(',')}?batch=1&input=${encodeURIComponent(JSON.stringify(Object.fromEntries(calls.map(([, input], i) => [i, input]))))}`;

describe('tRPC batches', () => {
  it("answers the team page's own six-query batch, whose path is longer than 100 characters", async () => {
    const calls: [string, unknown][] = [
      ['public.team', { id: teamId }],
      ['public.teamEloHistory', { id: teamId }],
      ['public.teamRankHistory', { id: teamId }],
      ['public.matches', { team_id: teamId, status: ['scheduled'], sort: 'date', order: 'asc', page: 1, page_size: 5 }],
      ['public.players', { team_id: teamId, sort: 'elo', order: 'desc', page: 1, page_size: 10 }],
      ['public.teamEvents', { id: teamId }],
    ];
    expect(calls.map(([path]) => path).join(',').length).toBeGreaterThan(100);
    const response = await t.app.inject({ method: 'GET', url: batchUrl(calls) });
    expect(response.statusCode).toBe(200);
    const answers = response.json() as { result?: unknown; error?: unknown }[];
    expect(answers).toHaveLength(6);
    expect(answers.filter((answer) => answer.error !== undefined)).toEqual([]);
  });

  it(`refuses a batch of more than ${MAX_TRPC_BATCH_SIZE} calls with 400 and says why`, async () => {
    const atCap = Array.from({ length: MAX_TRPC_BATCH_SIZE }, (): [string, unknown] => ['public.seasons', {}]);
    expect((await t.app.inject({ method: 'GET', url: batchUrl(atCap) })).statusCode).toBe(200);
    const response = await t.app.inject({ method: 'GET', url: batchUrl([...atCap, ['public.seasons', {}]]) });
    expect(response.statusCode).toBe(400);
    expect(JSON.stringify(response.json())).toMatch(/Batch call exceeds maximum size/);
  });

  it('answers 400 with {error}, not 404 or a page, for a batch path longer than any allowed batch', async () => {
    const longest = Array.from({ length: MAX_TRPC_BATCH_SIZE + 1 }, () => 'admin.imports.leaguespot.matchParticipants').join(',');
    const response = await t.app.inject({ method: 'GET', url: `/trpc/${longest}?batch=1&input=%7B%7D` });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toHaveProperty('error');
  });
});
