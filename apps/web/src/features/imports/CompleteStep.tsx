import { Alert, Button, Group, Stack, Title } from '@mantine/core';
import { ToolJobPanel } from '../jobs/JobProgress';
import type { ToolJob } from '../jobs/use-job';
import { MESSAGES } from './wizard';

/** The import was queued as a job (its progress and result follow), or it was refused. */
export type ImportResult = { ok: true } | { ok: false; error: string };

/** Step 7: the import job's progress and what it did, or why it was refused. */
export function CompleteStep({ result, job, onRestart }: { result: ImportResult | null; job: ToolJob; onRestart(): void }) {
  return (
    <Stack gap="sm">
      <Title order={2} size="h3">
        Import
      </Title>
      {result?.ok ? (
        <ToolJobPanel tool={job} errorText={MESSAGES.importFailed} />
      ) : (
        <Alert color="red" role="alert">
          {result?.error ?? MESSAGES.importFailed}
        </Alert>
      )}
      <Group>
        <Button variant="default" onClick={onRestart}>
          Start a new import
        </Button>
      </Group>
    </Stack>
  );
}
