import { pluralize } from '@campus-elo/domain';
import { Alert, Button, Group, List, Progress, Stack, Text } from '@mantine/core';
import { outcomeColour } from '../admin-shell/outcome';
import { useEffect, type ReactNode } from 'react';
import { isNotFoundError, serverMessage } from '../../lib/error-message';
import { trpc } from '../../lib/trpc';
import { LoadingState } from '../common/states';
import { isToolResult, type ToolResult } from '../control-panel/ToolCard';
import { describeJobResult, isActiveJob, JOB_KIND_LABELS, JOB_PROGRESS_UNITS, JOB_STATE_LABELS, type Job } from './job-results';
import type { ToolJob, useJob } from './use-job';

/** The failed items (or the failure) a job reported, as they came. */
export function FailedItems({ errors }: { errors: Job['errors'] }) {
  if (errors.length === 0) return null;
  return (
    <div>
      <Text size="sm" fw={600}>
        Errors
      </Text>
      <List size="sm" spacing={2}>
        {errors.map((error, index) => (
          <List.Item key={`${index}-${error.item ?? ''}`}>{error.item ? `${error.item}: ${error.reason}` : error.reason}</List.Item>
        ))}
      </List>
    </div>
  );
}

/** Done of total as a bar with its counts, moving while the job has not ended. */
export function JobBar({ job }: { job: Job }) {
  const { done, total, errors } = job.progress;
  const percent = total > 0 ? Math.round((done / total) * 100) : 0;
  const active = isActiveJob(job);
  return (
    <Stack gap={4}>
      <Progress
        value={active && done === 0 ? 100 : percent}
        animated={active}
        striped={active}
        color={errors > 0 || job.state === 'failed' ? 'orange' : undefined}
        aria-label={`${JOB_KIND_LABELS[job.kind]}: ${done} of ${pluralize(total, JOB_PROGRESS_UNITS[job.kind])} done`}
      />
      <Text size="xs" c="dimmed">
        {done} of {pluralize(total, JOB_PROGRESS_UNITS[job.kind])} done{errors > 0 ? `, ${errors} failed` : ''}
      </Text>
    </Stack>
  );
}

/**
 * Cancel for a job that has not ended. A queued job is cancelled at once; a running one
 * stops after its current item, so the button says 'Cancelling…' until the job ends. It
 * stays focusable meanwhile (aria-disabled), so focus is not lost on the click.
 */
export function CancelJobButton({ job, name }: { job: Job; name?: string }) {
  const utils = trpc.useUtils();
  const cancel = trpc.admin.jobs.cancel.useMutation({ onSettled: () => utils.admin.jobs.invalidate() });
  if (!isActiveJob(job)) return null;
  const cancelling = cancel.isPending || job.cancel_requested_at !== null;
  return (
    <Stack gap={2} align="flex-end">
      <Button
        size="compact-sm"
        variant="default"
        aria-disabled={cancelling}
        data-disabled={cancelling || undefined}
        aria-label={name && `${cancelling ? 'Cancelling' : 'Cancel'} ${name}`}
        onClick={() => !cancelling && cancel.mutate({ id: job.id })}
      >
        {cancelling ? 'Cancelling…' : 'Cancel'}
      </Button>
      {cancel.isError && (
        <Text size="xs" c="red" role="alert">
          {serverMessage(cancel.error) ?? 'The job could not be cancelled.'}
        </Text>
      )}
    </Stack>
  );
}

/**
 * A finished job's result, in the colour the tool gave it, else by the one rule
 * (outcomeColour: green only when no item failed). A job cancelled while running that saved
 * what it had fetched (Update Matches, Update Player Elo) shows that part's result, in yellow
 * and titled so: not everything was done.
 */
function DoneNotice({ shown, cancelled, job }: { shown: ReactNode | ToolResult; cancelled: boolean; job: Job }) {
  const byProgress = outcomeColour({ failed: job.progress.errors, succeeded: job.progress.done - job.progress.errors });
  const result = isToolResult(shown) ? { color: shown.color ?? byProgress, message: shown.message } : { color: byProgress, message: shown };
  const color = cancelled ? 'yellow' : result.color;
  return (
    <Alert color={color} variant="light" role={color === 'green' ? 'status' : 'alert'} title={cancelled ? 'Cancelled part way: what was done until then was saved' : undefined}>
      {result.message}
    </Alert>
  );
}

interface JobProgressProps {
  job: ReturnType<typeof useJob>;
  /** The tool's error text (docs/product.md), shown when the job failed. */
  errorText: string;
  /** The tool's own words for its result (default: the counts the Jobs tab shows). */
  present?: (result: never) => ReactNode | ToolResult;
  onDismiss(): void;
}

/**
 * A started tool's job: its state, a progress bar with counts, the failed items as they are
 * reported and, once it ends, the tool's result or error. It runs on if the page is closed.
 */
export function JobProgress({ job, errorText, present, onDismiss }: JobProgressProps) {
  const utils = trpc.useUtils();
  const data = job.data;
  const ended = data !== undefined && !isActiveJob(data);
  // Done, or cancelled while running with the result of the items done until then (saved).
  const hasResult = ended && (data.state === 'done' || (data.state === 'cancelled' && data.result !== null));
  useEffect(() => {
    // The tool changed league data (an import also adds teams): everything shown is read again.
    if (hasResult) void utils.invalidate();
  }, [hasResult, utils]);

  if (job.isPending) return <LoadingState label="Loading the job" />;
  if (job.isError || !data) {
    return (
      <Alert color="gray" variant="light" withCloseButton closeButtonLabel="Dismiss" onClose={onDismiss}>
        {isNotFoundError(job.error) ? 'This job is no longer on record.' : 'The job could not be read; it goes on in the background. See the Jobs tab.'}
      </Alert>
    );
  }
  return (
    <Stack gap="xs" aria-label={`${JOB_KIND_LABELS[data.kind]} job`} role="group">
      <Group justify="space-between" wrap="nowrap">
        <Text size="sm" fw={600} aria-live="polite" data-job-state={data.state}>
          {JOB_STATE_LABELS[data.state]}
          {!ended && ' — it goes on if you leave this page'}
        </Text>
        <CancelJobButton job={data} />
        {ended && (
          <Button size="compact-sm" variant="subtle" onClick={onDismiss}>
            Dismiss
          </Button>
        )}
      </Group>
      <JobBar job={data} />
      {hasResult && <DoneNotice job={data} shown={present ? present(data.result as never) : describeJobResult(data.kind, data.result)} cancelled={data.state === 'cancelled'} />}
      {data.state === 'failed' ? (
        <Alert color="red" variant="light" role="alert">
          {errorText}
          <FailedItems errors={data.errors} />
        </Alert>
      ) : (
        // A finished tool's own words already list what failed.
        !(hasResult && present) && <FailedItems errors={data.errors} />
      )}
    </Stack>
  );
}

/** A tool card's last job, while there is one to show. */
export function ToolJobPanel<Result>({ tool, errorText, present }: { tool: ToolJob; errorText: string; present?: (result: Result) => ReactNode | ToolResult }) {
  if (tool.jobId === null) return null;
  return <JobProgress key={tool.jobId} job={tool.job} errorText={errorText} present={present as ((result: never) => ReactNode | ToolResult) | undefined} onDismiss={tool.dismiss} />;
}
