import type { JobKind } from '@campus-elo/api-contract';
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
    ...overrides,
  };
}

/**
 * The jobs procedures as the server answers them, with each tool's run given by `tools`: a
 * started job is done at once with what its tool answers, or failed with what it throws.
 * `started` records what was asked to start.
 */
export function fakeJobsApi(tools: Partial<Record<JobKind, (input: any) => unknown>>) {
  const jobs = new Map<string, Job>();
  const started: { kind: JobKind; input: unknown }[] = [];
  const api: Record<string, FakeProcedure> = {
    'admin.jobs.start': ({ kind, input }: { kind: JobKind; input: unknown }) => {
      started.push({ kind, input });
      const tool = tools[kind];
      if (!tool) throw new Error(`No fake tool for ${kind}`);
      let job: Job;
      try {
        job = fakeJob({ kind, result: tool(input) });
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
  return { api, started };
}
