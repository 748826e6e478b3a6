import { Text } from '@mantine/core';

/** Placeholder until its feature lands. */
export function NewsWidget() {
  return <Text c="dimmed">News will appear here.</Text>;
}
