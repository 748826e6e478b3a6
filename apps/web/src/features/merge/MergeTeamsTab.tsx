import { Text } from '@mantine/core';

/** Placeholder until its feature lands. */
export function MergeTeamsTab() {
  return <Text c="dimmed">Merge Teams will live here.</Text>;
}
