import type { ImportMatchesOutput } from '@campus-elo/api-contract';
import { Alert, Button, Group, Stack, Text, Title } from '@mantine/core';
import { MESSAGES } from './wizard';

export type ImportResult = { ok: true; answer: ImportMatchesOutput } | { ok: false; error: string };

/** Step 7: what the import did, or why it failed. */
export function CompleteStep({ result, onRestart }: { result: ImportResult | null; onRestart(): void }) {
  return (
    <Stack gap="sm">
      <Title order={2} size="h3">
        Import Complete
      </Title>
      {result?.ok ? (
        <Alert color="green" title={MESSAGES.imported(result.answer.matches_imported)} role="status">
          <Text size="sm">Updated: {result.answer.matches_updated}</Text>
          <Text size="sm">Skipped: {result.answer.matches_skipped}</Text>
        </Alert>
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
