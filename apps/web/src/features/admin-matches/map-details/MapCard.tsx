import { Button, Fieldset, Group, Paper, Select, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { WholeNumberInput } from '../../admin-shell/WholeNumberInput';
import { memo, useCallback } from 'react';
import { MAX_ROWS_PER_SIDE, enteredRounds, type FormProblems, type LineValues, type MapValues, type Side, type SideValue } from './map-details-form';
import type { PlayerChoices } from './player-choices';
import { ScoreboardTable } from './ScoreboardTable';

type MapUpdate = (map: MapValues) => MapValues;

interface MapCardProps {
  index: number;
  map: MapValues;
  /** Stable across renders (the card is memoised): changes map `index` from its current value. */
  onChange(index: number, update: MapUpdate): void;
  onRemove(index: number, map: MapValues): void;
  teamNames: Record<Side, string>;
  choices: Record<Side, PlayerChoices>;
  mapOptions: { value: string; label: string }[];
  showMore: boolean;
  problems: FormProblems;
}

/** One map: which map, its score, who picked it, halves and overtime if known, and both scoreboards. */
export const MapCard = memo(function MapCard({ index, map, onChange, onRemove, teamNames, choices, mapOptions, showMore, problems }: MapCardProps) {
  const label = `Map ${index + 1}`;
  const at = `maps.${index}`;
  const set = (change: Partial<MapValues>) => onChange(index, (current) => ({ ...current, ...change }));
  const setLines = useCallback((side: Side, update: (lines: LineValues[]) => LineValues[]) => onChange(index, (current) => ({ ...current, lines: { ...current.lines, [side]: update(current.lines[side]) } })), [onChange, index]);
  const rounds = enteredRounds(map);
  const pickOptions = [
    { value: '1', label: teamNames[1] },
    { value: '2', label: teamNames[2] },
    { value: 'none', label: 'Nobody (decider)' },
  ];
  const half = (position: 0 | 1 | 2 | 3, text: string) => (
    <WholeNumberInput
      label={text}
      size="xs"
      value={map.halves[position]}
      onChange={(value) => {
        const halves = [...map.halves] as MapValues['halves'];
        halves[position] = value;
        set({ halves });
      }}
      error={Boolean(problems[`${at}.halves`])}
    />
  );
  const overtime = (position: 0 | 1, text: string) => (
    <WholeNumberInput
      label={text}
      size="xs"
      value={map.overtime[position]}
      onChange={(value) => {
        const next = [...map.overtime] as MapValues['overtime'];
        next[position] = value;
        set({ overtime: next });
      }}
      error={Boolean(problems[`${at}.overtime`])}
    />
  );

  return (
    <Paper withBorder p={{ base: 'xs', sm: 'md' }} component="section" aria-label={label}>
      <Stack gap="sm">
        <Group justify="space-between">
          <Title order={3} size="h5">
            {label}
            {map.map && `: ${mapOptions.find((option) => option.value === map.map)?.label ?? map.map}`}
          </Title>
          <Button size="compact-sm" variant="default" color="red" onClick={() => onRemove(index, map)} aria-label={`Remove ${label}`}>
            Remove map
          </Button>
        </Group>
        <SimpleGrid cols={{ base: 1, xs: 2, md: 4 }}>
          <Select label={`${label} map`} required searchable data={mapOptions} value={map.map} onChange={(value) => set({ map: value })} error={problems[`${at}.map`]} nothingFoundMessage="No map of that name" />
          <WholeNumberInput
            label={`${label} rounds won by ${teamNames[1]}`}
            required
            value={map.score_team1}
            onChange={(value) => set({ score_team1: value })}
            error={problems[`${at}.score_team1`] ?? problems[`${at}.score`]}
          />
          <WholeNumberInput label={`${label} rounds won by ${teamNames[2]}`} required value={map.score_team2} onChange={(value) => set({ score_team2: value })} error={problems[`${at}.score_team2`]} />
          <Select label={`${label} picked by`} data={pickOptions} value={map.picked_by} onChange={(value) => value && set({ picked_by: value as SideValue })} allowDeselect={false} error={problems[`${at}.picked_by`]} />
        </SimpleGrid>
        <Fieldset legend={`${label} halves and overtime (optional)`} variant="unstyled">
          <SimpleGrid cols={{ base: 2, sm: 3 }} spacing="xs">
            {half(0, `${teamNames[1]} 1st half`)}
            {half(1, `${teamNames[1]} 2nd half`)}
            {overtime(0, `${teamNames[1]} overtime`)}
            {half(2, `${teamNames[2]} 1st half`)}
            {half(3, `${teamNames[2]} 2nd half`)}
            {overtime(1, `${teamNames[2]} overtime`)}
          </SimpleGrid>
          {(problems[`${at}.halves`] || problems[`${at}.overtime`]) && (
            <Text size="xs" c="var(--app-error-text)" mt={4}>
              {[problems[`${at}.halves`], problems[`${at}.overtime`]].filter(Boolean).join(' ')}
            </Text>
          )}
        </Fieldset>
        {([1, 2] as const).map((side) => (
          <ScoreboardTable
            key={side}
            mapLabel={label}
            teamName={teamNames[side]}
            side={side}
            lines={map.lines[side]}
            onChange={setLines}
            choices={choices[side]}
            showMore={showMore}
            rounds={rounds}
            maxRows={MAX_ROWS_PER_SIDE}
            problems={problems}
            problemPrefix={`${at}.lines.${side}`}
          />
        ))}
      </Stack>
    </Paper>
  );
});
