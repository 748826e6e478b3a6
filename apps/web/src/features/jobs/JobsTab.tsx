import { Badge, Button, Group, Pagination, Stack, Table, VisuallyHidden } from '@mantine/core';
import { useState } from 'react';
import { serverMessage } from '../../lib/error-message';
import { trpc } from '../../lib/trpc';
import ErrorAlert from '../common/ErrorAlert';
import { EmptyMessage, LoadingState } from '../common/states';
import { CancelJobButton, FailedItems, JobBar } from './JobProgress';
import { describeJobResult, isActiveJob, JOB_KIND_LABELS, jobStateBadge, startedBy, type Job } from './job-results';

const PAGE_SIZE = 20;
/** The list is read again this often while any job on it has not ended. */
export const JOBS_LIST_POLL_MS = 2_000;


const when = (iso: string | null) => (iso ? new Date(iso).toLocaleString(undefined, { dateStyle: 'medium', timeStyle: 'short' }) : '—');

function JobRow({ job }: { job: Job }) {
  const [open, setOpen] = useState(false);
  const label = JOB_KIND_LABELS[job.kind];
  const hasDetails = job.result !== null || job.errors.length > 0;
  const state = jobStateBadge(job);
  return (
    <>
      <Table.Tr>
        <Table.Td>{label}</Table.Td>
        <Table.Td>
          <Badge color={state.color} variant="light">
            {state.label}
          </Badge>
        </Table.Td>
        <Table.Td miw={160}>
          <JobBar job={job} />
        </Table.Td>
        <Table.Td>{startedBy(job)}</Table.Td>
        <Table.Td>{when(job.created_at)}</Table.Td>
        <Table.Td>{when(job.finished_at)}</Table.Td>
        <Table.Td>
          <Group gap="xs" wrap="nowrap">
            {hasDetails && (
              <Button size="compact-sm" variant="subtle" aria-expanded={open} onClick={() => setOpen(!open)} aria-label={`${open ? 'Hide' : 'Show'} details of ${label}, ${when(job.created_at)}`}>
                {open ? 'Hide' : 'Details'}
              </Button>
            )}
            <CancelJobButton job={job} name={`${label}, ${when(job.created_at)}`} />
          </Group>
        </Table.Td>
      </Table.Tr>
      {open && (
        <Table.Tr>
          <Table.Td colSpan={7}>
            <Stack gap="xs">
              {describeJobResult(job.kind, job.result)}
              <FailedItems errors={job.errors} />
            </Stack>
          </Table.Td>
        </Table.Tr>
      )}
    </>
  );
}

/** Admin → Jobs: the recent background runs of the long tools, read again while any runs. */
export function JobsTab() {
  const [page, setPage] = useState(1);
  const jobs = trpc.admin.jobs.list.useQuery(
    { page, page_size: PAGE_SIZE },
    { refetchInterval: (query) => (query.state.data?.results.some(isActiveJob) ? JOBS_LIST_POLL_MS : false) },
  );
  if (jobs.isPending) return <LoadingState label="Loading jobs" />;
  if (jobs.isError) return <ErrorAlert title="Error" message={serverMessage(jobs.error) ?? 'Unable to load the jobs.'} />;
  if (jobs.data.count === 0) return <EmptyMessage message="No jobs yet. Long Control Panel tools, imports and the scheduled sync run here." />;
  return (
    <Stack gap="md">
      <Table.ScrollContainer minWidth={800}>
        <Table striped verticalSpacing="xs" aria-label="Recent jobs">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Tool</Table.Th>
              <Table.Th>State</Table.Th>
              <Table.Th>Progress</Table.Th>
              <Table.Th>Started by</Table.Th>
              <Table.Th>Created</Table.Th>
              <Table.Th>Finished</Table.Th>
              <Table.Th>
                <VisuallyHidden>Actions</VisuallyHidden>
              </Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {jobs.data.results.map((job) => (
              <JobRow key={job.id} job={job} />
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
      {jobs.data.total_pages > 1 && <Pagination value={page} onChange={setPage} total={jobs.data.total_pages} aria-label="Pages of jobs" />}
    </Stack>
  );
}
