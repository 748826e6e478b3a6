import { Center, Loader, Text } from '@mantine/core';

/** A spinner announced to screen readers as loading; `height` holds the place of what will come (so it does not move what is below). */
export function LoadingState({ label = 'Loading', height }: { label?: string; height?: number }) {
  return (
    <Center py="md" mih={height} role="status" aria-label={label}>
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

export function EmptyMessage({ message }: { message: string }) {
  return (
    <Text c="dimmed" size="sm" py="sm">
      {message}
    </Text>
  );
}
