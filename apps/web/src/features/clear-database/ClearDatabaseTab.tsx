import { Text } from '@mantine/core';

/** Placeholder until its feature lands. */
export function ClearDatabaseTab() {
  return <Text c="dimmed">Clear Database will live here.</Text>;
}
