import { jobAccepted, jobIdInput, jobItem, jobListInput, jobListOutput, jobStartInput } from '@campus-elo/api-contract';
import { PAGING_PARAMS } from '../../lib/paging';
import { describeZodError, fieldIssues } from '../../http/errors';
import { DomainError, forbidden, invalid } from '../../lib/errors';
import { router, staffProcedure } from '../../trpc';
import { JOB_KINDS } from './kinds';
import { cancelJob, getJob, listJobs } from './queries';

const noQueue = () => new DomainError('unavailable', 'The job queue is not running on this server', { retryAfterSeconds: 5 });

/** Background runs of the long staff tools. */
export const jobsRouter = router({
  list: staffProcedure
    .meta({ rest: { method: 'GET', path: '/jobs/', summary: 'Background jobs, newest first', tag: 'Jobs', params: { page: PAGING_PARAMS.page, page_size: PAGING_PARAMS.page_size } } })
    .input(jobListInput)
    .output(jobListOutput)
    .query(({ ctx, input }) => listJobs(ctx.db, input)),
  get: staffProcedure
    .meta({ rest: { method: 'GET', path: '/jobs/:id/', summary: 'A background job', tag: 'Jobs', errors: { 404: 'No job has this id' } } })
    .input(jobIdInput)
    .output(jobItem)
    .query(({ ctx, input }) => getJob(ctx.db, input.id)),
  cancel: staffProcedure
    .meta({
      rest: {
        method: 'POST',
        path: '/jobs/:id/cancel/',
        summary: 'Cancel a queued or running job',
        description: 'A queued job is cancelled at once; a running one stops after its current item (the answer carries cancel_requested_at until it has).',
        tag: 'Jobs',
        errors: { 403: "The job's tool is owner-only", 404: 'No job has this id', 409: 'The job already ended' },
      },
    })
    .input(jobIdInput)
    .output(jobItem)
    .mutation(async ({ ctx, input }) => {
      // Stopping a tool takes the role that starting it takes (an owner's Recalculate All).
      const job = await getJob(ctx.db, input.id);
      if (JOB_KINDS[job.kind].access === 'owner' && ctx.user.role !== 'owner') throw forbidden('Only an owner can cancel this job');
      const { wasQueued, createdBy } = await cancelJob(ctx.db, input.id);
      if (wasQueued) await ctx.jobs?.forget(input.id, job.kind, createdBy);
      return getJob(ctx.db, input.id);
    }),
  /**
   * Queues a tool (what 'Prefer: respond-async' on its REST path does): its input is checked
   * now by the tool's own schema, and its guard (staff or owner) applies. An import carries
   * its whole preview, so the body may be as large as the import endpoint's.
   */
  start: staffProcedure
    .meta({ largeBody: true })
    .input(jobStartInput)
    .output(jobAccepted)
    .mutation(async ({ ctx, input }) => {
      const definition = JOB_KINDS[input.kind];
      if (definition.access === 'owner' && ctx.user.role !== 'owner') throw forbidden('This action needs a different role');
      const parsed = definition.input.safeParse(input.input);
      if (!parsed.success) throw invalid(describeZodError(parsed.error), fieldIssues(parsed.error));
      if (!ctx.jobs) throw noQueue();
      return { job_id: await ctx.jobs.enqueue(input.kind, parsed.data, ctx.user) };
    }),
});
