import { Radio, Stack, Title } from '@mantine/core';
import type { CompetitionType, Platform } from './wizard';

export function PlatformStep({ value, onChange }: { value: Platform; onChange(platform: Platform): void }) {
  return (
    <Stack gap="sm">
      <Title order={2} size="h3">
        Select Platform
      </Title>
      <Radio.Group value={value} onChange={(next) => onChange(next as Platform)} name="import-platform" label="Platform">
        <Stack gap="xs" mt="xs">
          <Radio value="faceit" label="Faceit" />
          <Radio value="leaguespot" label="Leaguespot" />
        </Stack>
      </Radio.Group>
    </Stack>
  );
}

export function TypeStep({ value, onChange }: { value: CompetitionType; onChange(type: CompetitionType): void }) {
  return (
    <Stack gap="sm">
      <Title order={2} size="h3">
        Select Type
      </Title>
      <Radio.Group value={value} onChange={(next) => onChange(next as CompetitionType)} name="import-type" label="Type">
        <Stack gap="xs" mt="xs">
          <Radio value="league" label="League" />
          <Radio value="event" label="Event (Bracket based)" />
        </Stack>
      </Radio.Group>
    </Stack>
  );
}
