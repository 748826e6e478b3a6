import { Text } from '@mantine/core';

/** Placeholder until its feature lands. */
export function ImportMatchesTab() {
  return <Text c="dimmed">The import wizard for Faceit and Leaguespot will live here.</Text>;
}
