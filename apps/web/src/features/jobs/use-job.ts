import type { StartableJobKind } from '@campus-elo/api-contract';
import { useState } from 'react';
import { trpc } from '../../lib/trpc';
import { isActiveJob } from './job-results';

/** How often a job that has not ended is asked about. */
export const JOB_POLL_MS = 1_000;

/** One job, asked about every second until it ends (or cannot be read). */
export function useJob(id: string | null) {
  return trpc.admin.jobs.get.useQuery(
    { id: id ?? '' },
    {
      enabled: id !== null,
      refetchInterval: (query) => (query.state.error || (query.state.data && !isActiveJob(query.state.data)) ? false : JOB_POLL_MS),
    },
  );
}

const storageKey = (kind: StartableJobKind) => `campus-elo:last-job:${kind}`;

function readStored(kind: StartableJobKind): string | null {
  try {
    return localStorage.getItem(storageKey(kind));
  } catch {
    return null;
  }
}

function writeStored(kind: StartableJobKind, id: string | null): void {
  try {
    if (id === null) localStorage.removeItem(storageKey(kind));
    else localStorage.setItem(storageKey(kind), id);
  } catch {
    // Storage refused (a private window): the job runs anyway, and the Jobs tab lists it.
  }
}

/**
 * A tool started as a background job. The last job's id is kept in localStorage, so its
 * progress shows again when the page is opened later: the job runs on without the page.
 */
export function useToolJob(kind: StartableJobKind) {
  const [jobId, setJobId] = useState<string | null>(() => readStored(kind));
  const startCall = trpc.admin.jobs.start.useMutation();
  const job = useJob(jobId);
  return {
    jobId,
    job,
    /** The start request is on its way. */
    starting: startCall.isPending,
    /** Whether the last job has not ended yet (a second run would queue behind it). */
    active: job.data ? isActiveJob(job.data) : false,
    async start(input: unknown): Promise<void> {
      const { job_id } = await startCall.mutateAsync({ kind, input });
      writeStored(kind, job_id);
      setJobId(job_id);
    },
    dismiss(): void {
      writeStored(kind, null);
      setJobId(null);
    },
  };
}

export type ToolJob = ReturnType<typeof useToolJob>;
