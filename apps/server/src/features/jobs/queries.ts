import type { JobItem, Paged, jobListInput } from '@campus-elo/api-contract';
import type { Database } from '@campus-elo/db';
import { sql, type Kysely } from 'kysely';
import { jsonObjectFrom } from 'kysely/helpers/postgres';
import type { z } from 'zod';
import { conflict, notFound } from '../../lib/errors';
import { pagedListQuery, pageWindow, toPaged } from '../../lib/paging';

const iso = (value: Date | string | null) => (value === null ? null : new Date(value).toISOString());

function jobsQuery(db: Kysely<Database>) {
  return db
    .selectFrom('jobs')
    .select((eb) => [
      'jobs.id',
      'jobs.kind',
      'jobs.state',
      'jobs.progress',
      'jobs.result',
      'jobs.errors',
      'jobs.created_at',
      'jobs.finished_at',
      'jobs.cancel_requested_at',
      jsonObjectFrom(eb.selectFrom('users').select(['users.id', 'users.email']).whereRef('users.id', '=', 'jobs.created_by')).as('created_by'),
    ]);
}

type JobRow = { created_at: Date | string; finished_at: Date | string | null; cancel_requested_at: Date | string | null } & Record<string, unknown>;

const toJobItem = (row: JobRow) =>
  ({ ...row, created_at: iso(row.created_at), finished_at: iso(row.finished_at), cancel_requested_at: iso(row.cancel_requested_at) }) as JobItem;

/** Newest first; one statement for the count and the page. */
export async function listJobs(db: Kysely<Database>, input: z.output<typeof jobListInput>): Promise<Paged<JobItem>> {
  const { limit, offset } = pageWindow(input);
  const count = db.selectFrom('jobs').select((eb) => eb.fn.countAll<number>().as('count'));
  const page = jobsQuery(db).orderBy('jobs.created_at', 'desc').orderBy('jobs.id', 'desc').limit(limit).offset(offset);
  const row = await pagedListQuery(db, count, page).executeTakeFirstOrThrow();
  const paged = toPaged(row as { count: number; results: JobRow[] }, input);
  return { ...paged, results: paged.results.map(toJobItem) };
}

export async function getJob(db: Kysely<Database>, id: string): Promise<JobItem> {
  const row = await jobsQuery(db).where('jobs.id', '=', id).executeTakeFirst();
  if (!row) throw notFound('Job not found');
  return toJobItem(row as JobRow);
}

/**
 * Cancels a job on any replica: a queued one at once (the worker runs only queued jobs); for
 * a running one the request is recorded, and its worker stops at its next progress write or
 * heartbeat (job-run.ts). One conditional statement, so a job that starts or ends meanwhile
 * is judged by its state then. Answers whether the job was still queued (pg-boss should drop it).
 */
export async function cancelJob(db: Kysely<Database>, id: string): Promise<{ wasQueued: boolean; createdBy: string | null }> {
  const changed = await db
    .updateTable('jobs')
    .set({
      state: sql`CASE WHEN state = 'queued' THEN 'cancelled' ELSE state END`,
      finished_at: sql`CASE WHEN state = 'queued' THEN now() ELSE finished_at END`,
      cancel_requested_at: sql`CASE WHEN state = 'running' THEN COALESCE(cancel_requested_at, now()) END`,
    })
    .where('id', '=', id)
    .where('state', 'in', ['queued', 'running'])
    .returning(['state', 'created_by'])
    .executeTakeFirst();
  if (changed) return { wasQueued: changed.state === 'cancelled', createdBy: changed.created_by };
  const row = await db.selectFrom('jobs').select(['state', 'created_by']).where('id', '=', id).executeTakeFirst();
  if (!row) throw notFound('Job not found');
  if (row.state === 'cancelled') return { wasQueued: false, createdBy: row.created_by };
  throw conflict(`The job has already ended (${row.state}); there is nothing to cancel`);
}
