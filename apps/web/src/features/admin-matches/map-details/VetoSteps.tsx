import { ActionIcon, Button, Group, Paper, Select, Stack, Text, Title } from '@mantine/core';
import { MAX_VETO_STEPS, nextVeto, type FormProblems, type Side, type SideValue, type VetoValues } from './map-details-form';

interface VetoStepsProps {
  vetoes: VetoValues[];
  onChange(vetoes: VetoValues[]): void;
  teamNames: Record<Side, string>;
  mapOptions: { value: string; label: string }[];
  problems: FormProblems;
}

const ACTIONS = [
  { value: 'ban', label: 'Ban' },
  { value: 'pick', label: 'Pick' },
  { value: 'decider', label: 'Decider' },
];

/** The veto in order: each step a team (or nobody) banning, picking, or the map left over. */
export function VetoSteps({ vetoes, onChange, teamNames, mapOptions, problems }: VetoStepsProps) {
  const teamOptions = [
    { value: '1', label: teamNames[1] },
    { value: '2', label: teamNames[2] },
    { value: 'none', label: 'Nobody' },
  ];
  const setStep = (index: number, change: Partial<VetoValues>) => onChange(vetoes.map((veto, i) => (i === index ? { ...veto, ...change } : veto)));
  const move = (index: number, by: -1 | 1) => {
    const next = [...vetoes];
    [next[index], next[index + by]] = [next[index + by]!, next[index]!];
    onChange(next);
  };

  return (
    <Paper withBorder p={{ base: 'xs', sm: 'md' }} component="section" aria-label="Veto">
      <Stack gap="sm">
        <Title order={3} size="h5">
          Veto
        </Title>
        {vetoes.length === 0 && (
          <Text size="sm" c="dimmed">
            No veto steps. Add them in the order they were made.
          </Text>
        )}
        {vetoes.map((veto, index) => {
          const step = `Veto step ${index + 1}`;
          return (
            <Group key={veto.key} align="flex-end" gap="xs" wrap="wrap">
              <Text size="sm" fw={500} w={56} pb={6}>
                Step {index + 1}
              </Text>
              <Select
                label={`${step} team`}
                data={teamOptions}
                value={veto.side}
                onChange={(value) => {
                  const side = (value ?? 'none') as SideValue;
                  // A decider is nobody's choice; a ban or pick is a team's.
                  setStep(index, { side, action: side === 'none' ? 'decider' : veto.action === 'decider' ? 'ban' : veto.action });
                }}
                allowDeselect={false}
                error={problems[`vetoes.${index}.side`]}
                w={{ base: '100%', xs: 170 }}
              />
              <Select
                label={`${step} action`}
                data={ACTIONS}
                value={veto.action}
                onChange={(value) => value && setStep(index, { action: value as VetoValues['action'], side: value === 'decider' ? 'none' : veto.side })}
                allowDeselect={false}
                w={{ base: '100%', xs: 120 }}
              />
              <Select
                label={`${step} map`}
                searchable
                data={mapOptions}
                value={veto.map}
                onChange={(value) => setStep(index, { map: value })}
                error={problems[`vetoes.${index}.map`]}
                nothingFoundMessage="No map of that name"
                w={{ base: '100%', xs: 170 }}
              />
              <Group gap={4} pb={4}>
                <ActionIcon variant="default" aria-label={`Move ${step} up`} disabled={index === 0} onClick={() => move(index, -1)}>
                  ↑
                </ActionIcon>
                <ActionIcon variant="default" aria-label={`Move ${step} down`} disabled={index === vetoes.length - 1} onClick={() => move(index, 1)}>
                  ↓
                </ActionIcon>
                <Button size="compact-sm" variant="subtle" color="red" aria-label={`Remove ${step}`} onClick={() => onChange(vetoes.filter((_, i) => i !== index))}>
                  Remove
                </Button>
              </Group>
            </Group>
          );
        })}
        {vetoes.length < MAX_VETO_STEPS && (
          <Group>
            <Button size="compact-sm" variant="default" onClick={() => onChange([...vetoes, nextVeto(vetoes.at(-1))])}>
              Add a veto step
            </Button>
          </Group>
        )}
      </Stack>
    </Paper>
  );
}
