import { Text } from '@mantine/core';

/** Placeholder until its feature lands. */
export function ControlPanelTab() {
  return <Text c="dimmed">The Elo and maintenance tools will live here.</Text>;
}
