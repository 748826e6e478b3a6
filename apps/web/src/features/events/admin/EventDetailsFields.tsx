import { Select, SimpleGrid, Textarea, TextInput } from '@mantine/core';
import { trpc } from '../../../lib/trpc';

/** The details staff write for an event (everything but its format and teams). */
export interface EventDetailsValue {
  name: string;
  start_date: string;
  end_date: string;
  season_id: string | null;
  description: string;
  picture: string;
  links: { stream: string; stream2: string; discord: string; registration: string };
}

export const EMPTY_DETAILS: EventDetailsValue = {
  name: '',
  start_date: '',
  end_date: '',
  season_id: null,
  description: '',
  picture: '',
  links: { stream: '', stream2: '', discord: '', registration: '' },
};

const LINK_FIELDS: [keyof EventDetailsValue['links'], string][] = [
  ['stream', 'Stream URL'],
  ['stream2', 'Second stream URL'],
  ['discord', 'Discord URL'],
  ['registration', 'Registration URL'],
];

const SEASONS_INPUT = { sort: 'start_date', order: 'desc', page: 1, page_size: 50 } as const;

export function EventDetailsFields({ value, onChange }: { value: EventDetailsValue; onChange: (next: EventDetailsValue) => void }) {
  const seasons = trpc.public.seasons.useQuery(SEASONS_INPUT);
  const set = (patch: Partial<EventDetailsValue>) => onChange({ ...value, ...patch });
  return (
    <>
      <TextInput label="Name" required value={value.name} onChange={(e) => set({ name: e.currentTarget.value })} />
      <SimpleGrid cols={{ base: 1, sm: 3 }}>
        <TextInput label="Start date" type="date" required value={value.start_date} onChange={(e) => set({ start_date: e.currentTarget.value })} />
        <TextInput label="End date" type="date" required value={value.end_date} onChange={(e) => set({ end_date: e.currentTarget.value })} />
        <Select
          label="Season"
          placeholder={seasons.isPending ? 'Loading seasons' : 'No season'}
          clearable
          data={(seasons.data?.results ?? []).map((s) => ({ value: s.id, label: s.name }))}
          value={value.season_id}
          onChange={(season_id) => set({ season_id })}
        />
      </SimpleGrid>
      <Textarea label="Description" rows={3} value={value.description} onChange={(e) => set({ description: e.currentTarget.value })} />
      <TextInput label="Picture URL" value={value.picture} onChange={(e) => set({ picture: e.currentTarget.value })} />
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        {LINK_FIELDS.map(([key, label]) => (
          <TextInput key={key} label={label} value={value.links[key]} onChange={(e) => set({ links: { ...value.links, [key]: e.currentTarget.value } })} />
        ))}
      </SimpleGrid>
    </>
  );
}
