import type { JobItem, Paged, jobListInput } from '@campus-elo/api-contract';
import type { Database } from '@campus-elo/db';
import type { Kysely } from 'kysely';
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
      jsonObjectFrom(eb.selectFrom('users').select(['users.id', 'users.email']).whereRef('users.id', '=', 'jobs.created_by')).as('created_by'),
    ]);
}

type JobRow = { created_at: Date | string; finished_at: Date | string | null } & Record<string, unknown>;

const toJobItem = (row: JobRow) => ({ ...row, created_at: iso(row.created_at), finished_at: iso(row.finished_at) }) as JobItem;

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
 * A queued job is cancelled: the worker runs only queued jobs, so this alone stops it, on
 * any replica. A running one runs to its end (each tool is one transaction).
 */
export async function cancelQueuedJob(db: Kysely<Database>, id: string): Promise<void> {
  const row = await db.selectFrom('jobs').select('state').where('id', '=', id).executeTakeFirst();
  if (!row) throw notFound('Job not found');
  if (row.state === 'cancelled') return;
  if (row.state !== 'queued') throw conflict(`The job is ${row.state}; only a queued job can be cancelled`);
  const cancelled = await db
    .updateTable('jobs')
    .set({ state: 'cancelled', finished_at: new Date() })
    .where('id', '=', id)
    .where('state', '=', 'queued')
    .returning('id')
    .executeTakeFirst();
  if (!cancelled) throw conflict('The job has just started; it can no longer be cancelled');
}
