import { Stack, TextInput, Title } from '@mantine/core';
import type { WizardChoices } from './wizard';

interface DetailsStepProps {
  choices: WizardChoices;
  onChange(changes: Partial<WizardChoices>): void;
}

/** Step 4: the competition's name and its id on the platform. */
export function DetailsStep({ choices, onChange }: DetailsStepProps) {
  const idLabel = choices.platform === 'faceit' ? 'Faceit Championship ID' : 'Leaguespot Season ID';
  return (
    <Stack gap="sm" maw={520}>
      <Title order={2} size="h3">
        Input Data
      </Title>
      <TextInput
        label="Competition Name"
        placeholder="Competition Name"
        value={choices.competitionName}
        onChange={(e) => onChange({ competitionName: e.currentTarget.value })}
        required
      />
      <TextInput label={idLabel} placeholder={idLabel} value={choices.platformId} onChange={(e) => onChange({ platformId: e.currentTarget.value })} required />
    </Stack>
  );
}
