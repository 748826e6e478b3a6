import type { StartableJobKind } from '@campus-elo/api-contract';
import { FakeNotFound, type FakeProcedure } from '../common/testing';
import type { Job } from './job-results';

let counter = 0;
const jobId = () => `00000000-0000-4000-8000-${String(++counter).padStart(12, '0')}`;

export function fakeJob(overrides: Partial<Job> = {}): Job {
  return {
    id: jobId(),
    kind: 'update_matches',
    state: 'done',
    progress: { done: 1, total: 1, errors: 0 },
    result: null,
    errors: [],
    created_by: { id: '11111111-1111-4111-8111-111111111111', email: 'admin@example.test' },
    created_at: '2026-11-22T20:00:00.000Z',
    finished_at: '2026-11-22T20:00:05.000Z',
    cancel_requested_at: null,
    ...overrides,
  };
}

/** The procedure each job kind runs, as the server's features/jobs/kinds.ts pairs them. */
const TOOL_OF_KIND: Record<StartableJobKind, string> = {
  import: 'admin.imports.commit',
  update_matches: 'admin.imports.updateMatches',
  update_player_elo: 'admin.imports.updatePlayerElo',
  calculate_team_elo: 'admin.elo.calculateTeams',
  recalculate_elo: 'admin.elo.recalculateAll',
  evaluate_ratings: 'admin.ratings.evaluate',
};

/**
 * `api` with the jobs procedures added as the server answers them: a started job runs the
 * fake of its tool's procedure at once, and is done with what it answers or failed with
 * what it throws. `started` records what was asked to start.
 */
export function withJobs(api: Record<string, FakeProcedure>): Record<string, FakeProcedure> & { started: { kind: StartableJobKind; input: unknown }[] } {
  const jobs = new Map<string, Job>();
  const started: { kind: StartableJobKind; input: unknown }[] = [];
  const jobsApi: Record<string, FakeProcedure> = {
    'admin.jobs.start': async ({ kind, input }: { kind: StartableJobKind; input: unknown }) => {
      started.push({ kind, input });
      const tool = api[TOOL_OF_KIND[kind]];
      if (!tool) throw new Error(`No fake for ${TOOL_OF_KIND[kind]}`);
      let job: Job;
      try {
        job = fakeJob({ kind, result: await tool(input) });
      } catch (error) {
        job = fakeJob({ kind, state: 'failed', errors: [{ item: null, reason: (error as Error).message }], progress: { done: 1, total: 1, errors: 1 } });
      }
      jobs.set(job.id, job);
      return { job_id: job.id };
    },
    'admin.jobs.get': ({ id }: { id: string }) => {
      const job = jobs.get(id);
      if (!job) throw new FakeNotFound('Job not found');
      return job;
    },
  };
  return Object.assign({ ...api, ...jobsApi }, { started });
}
