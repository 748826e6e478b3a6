import { Text } from '@mantine/core';

/** Placeholder until its feature lands. */
export function GraphicGenerator() {
  return <Text c="dimmed">The graphic generator will live here.</Text>;
}
