import '@mantine/core/styles/Group.css';
import '@mantine/core/styles/Button.css';
import { Button, Group, Text } from '@mantine/core';

/** A section that failed to load: what failed, in plain words, and a way to try again. */
export function LoadFailed({ message, onRetry }: { message: string; onRetry: () => void }) {
  return (
    <Group gap="sm" py="sm" role="alert">
      <Text c="var(--app-error-text)" size="sm">
        {message}
      </Text>
      <Button size="compact-sm" variant="light" onClick={onRetry}>
        Try again
      </Button>
    </Group>
  );
}
