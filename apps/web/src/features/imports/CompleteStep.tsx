import type { ImportMatchesOutput } from '@campus-elo/api-contract';
import { Alert, Button, Group, Stack, Text, Title } from '@mantine/core';
import { EloChangeList, UndoRunButton } from '../admin-shell';
import { toolResult } from '../control-panel/ToolCard';
import { ToolJobPanel } from '../jobs/JobProgress';
import type { ToolJob } from '../jobs/use-job';
import { importSummary, MESSAGES } from './wizard';

/** The import was queued as a job (its progress and result follow), or it was refused. */
export type ImportResult = { ok: true } | { ok: false; error: string };

/**
 * What the import did: counts, the teams and players it created, the Elo it moved (largest
 * first) and, when it moved Elo, Undo (owners). Kept until dismissed while it offers Undo.
 */
export function presentImport(result: ImportMatchesOutput) {
  return toolResult(
    <Stack gap="xs">
      {importSummary(result).map((line) => (
        <Text key={line} size="sm">
          {line}
        </Text>
      ))}
      {result.elo_changes.length > 0 && <EloChangeList changes={result.elo_changes} label="Elo changes" />}
      {result.elo_run_id && <UndoRunButton runId={result.elo_run_id} what="this import" />}
    </Stack>,
    { sticky: result.elo_run_id !== null },
  );
}

/** Step 7: the import job's progress and what it did, or why it was refused. */
export function CompleteStep({ result, job, onRestart }: { result: ImportResult | null; job: ToolJob; onRestart(): void }) {
  return (
    <Stack gap="sm">
      <Title order={2} size="h3">
        Import
      </Title>
      {result?.ok ? (
        <ToolJobPanel tool={job} errorText={MESSAGES.importFailed} present={presentImport} />
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
