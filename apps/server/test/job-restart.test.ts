import { createDatabase, eloLedgerBreaks, selectMatchesWithElo } from '@campus-elo/db';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { startFakeFaceit, type FakeFaceit } from '../test-support/fakes';
import { createPgCluster, findPostgresBinaries, type PgCluster } from '../test-support/pg-cluster';
import { startServerProcess, type ServerProcess } from '../test-support/server-process';
import { importSlowMatches, type StaffCall } from '../test-support/slow-update-matches';

/**
 * The server is killed (SIGKILL) while a job runs, on its own PostgreSQL: the next server
 * finds the job's heartbeat stale, hands it back to the queue, and runs it to its end once.
 */

const binDir = await findPostgresBinaries();
if (!binDir) {
  console.log('job-restart.test.ts skipped: no PostgreSQL initdb/pg_ctl (pg_config --bindir, /usr/lib/postgresql/*/bin)');
}
const describeWithPostgres = binDir ? describe : describe.skip;

const ADMIN = { email: 'job-restart@example.com', password: 'job-restart-password' };
const COUNT = 12;

describeWithPostgres('a job whose server is killed', () => {
  let cluster: PgCluster | undefined;
  let faceit: FakeFaceit | undefined;
  let server: ServerProcess | undefined;
  let env: Record<string, string>;

  beforeAll(async () => {
    [cluster, faceit] = await Promise.all([createPgCluster(binDir!), startFakeFaceit()]);
    env = {
      DATABASE_URL: cluster.url,
      ADMIN_EMAIL: ADMIN.email,
      ADMIN_PASSWORD: ADMIN.password,
      FACEIT_API_BASE: faceit.url,
      FACEIT_API_KEY: faceit.apiKey,
      // The scheduled sync would refresh the same matches by itself.
      SYNC_INTERVAL_SECONDS: '0',
      JOB_STALE_AFTER_SECONDS: '2',
    };
  }, 90_000);

  afterAll(async () => {
    try {
      await server?.stop();
      await faceit?.close();
    } finally {
      await cluster?.remove();
    }
  }, 30_000);

  it('runs the job again on the next server, to its end, once', async () => {
    server = await startServerProcess(env);
    let bearer: Record<string, string> = {};
    const call: StaffCall = async (method, path, body) => {
      const response = await fetch(server!.baseUrl + path, {
        method,
        headers: { ...bearer, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
        body: body === undefined ? undefined : JSON.stringify(body),
      });
      const text = await response.text();
      return { status: response.status, body: text ? JSON.parse(text) : undefined };
    };
    bearer = { authorization: `Bearer ${(await call('POST', '/v1/auth/token', ADMIN)).body.token}` };
    await importSlowMatches(call, faceit!, { name: 'Restart Cup', count: COUNT, delayMs: 500 });

    const accepted = await fetch(`${server.baseUrl}/v1/matches/update/`, {
      method: 'POST',
      headers: { ...bearer, prefer: 'respond-async', 'content-type': 'application/json' },
      body: JSON.stringify({ platform: 'faceit' }),
    });
    expect(accepted.status).toBe(202);
    const { job_id: jobId } = (await accepted.json()) as { job_id: string };
    const job = async () => (await call('GET', `/v1/jobs/${jobId}/`)).body;

    await vi.waitFor(async () => expect((await job()).progress.done).toBeGreaterThanOrEqual(1), { timeout: 20_000, interval: 50 });
    const killedAt = await job();
    expect(killedAt).toMatchObject({ state: 'running', progress: { total: COUNT } });
    expect(killedAt.progress.done).toBeLessThan(COUNT);
    await server.kill();
    const fetchedBeforeKill = faceit!.requests.filter((r) => r.path.startsWith('/matches/') && !r.path.endsWith('/stats')).length;

    server = await startServerProcess(env);
    // Handed back once its heartbeat is 2 s old, then pg-boss's first retry delay (10 to 20 s).
    await vi.waitFor(async () => expect((await job()).state).toBe('done'), { timeout: 60_000, interval: 250 });
    const final = await job();
    expect(final).toMatchObject({ state: 'done', progress: { done: COUNT, total: COUNT, errors: 0 }, errors: [] });
    expect(final.result).toMatchObject({ updated_count: COUNT, error_count: 0, total_processed: COUNT });
    // The second run asked for every match again (its map stats are asked for apart).
    expect(faceit!.requests.filter((r) => r.path.startsWith('/matches/') && !r.path.endsWith('/stats')).length - fetchedBeforeKill).toBe(COUNT);

    const direct = createDatabase({ databaseUrl: cluster!.url, poolSize: 1 });
    try {
      const row = await direct.db.selectFrom('jobs').select(['attempt', 'state']).where('id', '=', jobId).executeTakeFirstOrThrow();
      expect(row).toEqual({ attempt: 2, state: 'done' });
      // One write of the matches: the killed run wrote nothing, the second wrote once.
      const writes = await direct.db.selectFrom('audit_log').select('id').where('entity', '=', 'matches').where('action', '=', 'update').execute();
      expect(writes).toHaveLength(1);
      const matches = await selectMatchesWithElo(direct.db)
        .innerJoin('competitions', 'competitions.id', 'matches.competition_id')
        .select(['matches.status', 'matches.elo_applied'])
        .where('competitions.name', '=', 'Restart Cup')
        .execute();
      expect(matches).toHaveLength(COUNT);
      expect(matches.every((m) => m.status === 'completed' && m.elo_applied)).toBe(true);
      // Each team's Elo is its starting Elo moved once by each of its matches.
      expect(await eloLedgerBreaks(direct.db)).toEqual([]);
      const moved = await direct.db.selectFrom('teams').select(['elo', 'starting_elo']).where('name', 'like', 'Restart Cup Team %').execute();
      expect(moved.some((team) => team.elo !== team.starting_elo)).toBe(true);
    } finally {
      await direct.close();
    }
    expect(server.exit(), server.output()).toBeUndefined();
  }, 150_000);
});
