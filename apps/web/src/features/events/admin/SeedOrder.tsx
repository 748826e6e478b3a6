import type { SeedingMethod } from '@campus-elo/api-contract';
import { Group, NumberInput, Radio, Stack, Text } from '@mantine/core';

/** `ids` with the one at `from` moved to `to` (both 0-based); the others keep their order. */
export function moveTo(ids: readonly string[], from: number, to: number): string[] {
  const next = [...ids];
  const [moved] = next.splice(from, 1);
  next.splice(Math.max(0, Math.min(to, next.length)), 0, moved!);
  return next;
}

/**
 * Seeding by hand: each picked team with its seed as a number; typing another seed moves the
 * team there and the rest shift (keyboard-friendly, unlike dragging).
 */
export function SeedOrder({ ids, names, onChange }: { ids: readonly string[]; names: ReadonlyMap<string, string>; onChange(ids: string[]): void }) {
  if (ids.length === 0) return null;
  return (
    <Stack gap={4} role="group" aria-label="Seeds">
      <Text size="sm" fw={500}>
        Seeds
      </Text>
      {ids.map((id, index) => {
        const name = names.get(id) ?? id;
        return (
          <Group key={id} gap="xs" wrap="nowrap">
            <NumberInput
              aria-label={`Seed of ${name}`}
              w={80}
              min={1}
              max={ids.length}
              allowDecimal={false}
              value={index + 1}
              onChange={(value) => {
                const seed = Number(value);
                if (Number.isInteger(seed) && seed >= 1 && seed <= ids.length && seed !== index + 1) onChange(moveTo(ids, index, seed - 1));
              }}
            />
            <Text size="sm">{name}</Text>
          </Group>
        );
      })}
    </Stack>
  );
}

const SEEDING: { value: SeedingMethod; label: string }[] = [
  { value: 'elo', label: 'By Elo' },
  { value: 'manual', label: 'By hand' },
  { value: 'random', label: 'Random' },
];

/** How the bracket is seeded: by current Elo (the default), by hand, or at random from a seed. */
export function SeedingChoice({ value, onChange }: { value: SeedingMethod; onChange(method: SeedingMethod): void }) {
  return (
    <Radio.Group label="Seeding" value={value} onChange={(next) => onChange(next as SeedingMethod)}>
      <Group mt={4}>
        {SEEDING.map((option) => (
          <Radio key={option.value} value={option.value} label={option.label} />
        ))}
      </Group>
    </Radio.Group>
  );
}
