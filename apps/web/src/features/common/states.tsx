import { Alert, Center, Loader, Text } from '@mantine/core';

/** A spinner announced to screen readers as loading. */
export function LoadingState({ label = 'Loading' }: { label?: string }) {
  return (
    <Center py="md" role="status" aria-label={label}>
      <Loader size="sm" />
    </Center>
  );
}

/** A failed load: the exact text from docs/product.md (texts), in red. */
export function ErrorMessage({ message }: { message: string }) {
  return (
    <Text c="var(--app-error-text)" size="sm" py="sm" role="alert">
      {message}
    </Text>
  );
}

/** A failed load shown as an alert box with a title (the live-matches widget). */
export function ErrorAlert({ title, message }: { title: string; message: string }) {
  return (
    <Alert color="red" title={title} role="alert">
      {message}
    </Alert>
  );
}

export function EmptyMessage({ message }: { message: string }) {
  return (
    <Text c="dimmed" size="sm" py="sm">
      {message}
    </Text>
  );
}
