import type { EventFormat, SeedingMethod } from '@campus-elo/api-contract';
import { Button, Checkbox, MultiSelect, NumberInput, Select, Stack, TextInput } from '@mantine/core';
import { useState } from 'react';
import { errorMessage } from '../../../lib/error-message';
import { trpc } from '../../../lib/trpc';
import { NoticeSlot, submitted, useNotice } from '../../admin-shell';
import { formatName } from '../eventText';
import { EMPTY_DETAILS, EventDetailsFields, type EventDetailsValue } from './EventDetailsFields';
import { SeedingChoice, SeedOrder } from './SeedOrder';

const FORMATS: EventFormat[] = ['single_elimination', 'double_elimination', 'round_robin', 'swiss'];

/** Staff create an event: its details, format, teams and seeding; the bracket is drawn at once. */
export function CreateEventForm({ onCreated }: { onCreated: (id: string) => void }) {
  const utils = trpc.useUtils();
  const teams = trpc.admin.teams.options.useQuery();
  const create = trpc.admin.events.create.useMutation();
  const { notice, show, clear } = useNotice();
  const [details, setDetails] = useState<EventDetailsValue>(EMPTY_DETAILS);
  const [format, setFormat] = useState<EventFormat>('single_elimination');
  const [grandFinalReset, setGrandFinalReset] = useState(false);
  const [swissRounds, setSwissRounds] = useState<number | string>(3);
  const [teamIds, setTeamIds] = useState<string[]>([]);
  const [method, setMethod] = useState<SeedingMethod>('elo');
  const [seed, setSeed] = useState('');

  const byElo = [...(teams.data ?? [])].sort((a, b) => b.elo - a.elo);

  const submit = () => {
    create.mutate(
      {
        ...details,
        format,
        grand_final_reset: format === 'double_elimination' && grandFinalReset,
        swiss_rounds: format === 'swiss' ? Number(swissRounds) : undefined,
        team_ids: teamIds,
        seeding: { method, seed: method === 'random' && seed.trim() ? seed.trim() : undefined },
      },
      {
        onSuccess: (event) => {
          const drawn = event.seeding.method === 'random' ? ` Random seed: ${event.seeding.seed}.` : '';
          show({ color: 'green', message: `Created ${event.name} with ${event.teams.length} teams.${drawn}` });
          void utils.public.events.invalidate();
          setDetails(EMPTY_DETAILS);
          setTeamIds([]);
          onCreated(event.id);
        },
        onError: (error) => show({ color: 'red', message: errorMessage(error, 'The event could not be created. Try again.') }),
      },
    );
  };

  return (
    <Stack
      component="form"
      gap="sm"
      aria-label="Create an event"
      onSubmit={submitted(submit)}
    >
      <EventDetailsFields value={details} onChange={setDetails} />
      <Select
        label="Format"
        searchable
        allowDeselect={false}
        data={FORMATS.map((value) => ({ value, label: formatName(value) }))}
        value={format}
        onChange={(value) => value && setFormat(value as EventFormat)}
      />
      {format === 'double_elimination' && (
        <Checkbox label="Grand-final reset (played when the lower bracket's champion wins the grand final)" checked={grandFinalReset} onChange={(e) => setGrandFinalReset(e.currentTarget.checked)} />
      )}
      {format === 'swiss' && <NumberInput label="Swiss rounds" min={1} max={20} value={swissRounds} onChange={setSwissRounds} />}
      <MultiSelect
        label="Teams"
        description={method === 'manual' ? 'Seeded in the order you pick them; change a seed below to move a team.' : 'Listed by current Elo.'}
        placeholder={teams.isPending ? 'Loading teams' : 'Pick 2 to 64 teams'}
        searchable
        data={byElo.map((t) => ({ value: t.id, label: `${t.name} (${t.elo})` }))}
        value={teamIds}
        onChange={setTeamIds}
      />
      <Button variant="default" size="compact-sm" w="fit-content" onClick={() => setTeamIds(byElo.slice(0, 8).map((t) => t.id))} disabled={byElo.length < 2}>
        Pick the top 8 by Elo
      </Button>
      <SeedingChoice value={method} onChange={setMethod} />
      {method === 'manual' && <SeedOrder ids={teamIds} names={new Map(byElo.map((t) => [t.id, t.name]))} onChange={setTeamIds} />}
      {method === 'random' && (
        <TextInput label="Random seed" description="Leave empty to draw one; it is shown after creating, so the draw can be repeated." value={seed} onChange={(e) => setSeed(e.currentTarget.value)} />
      )}
      <NoticeSlot notice={notice} onClose={clear} />
      <Button type="submit" loading={create.isPending} w="fit-content">
        Create event
      </Button>
    </Stack>
  );
}
