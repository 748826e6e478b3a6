import { Checkbox, Group, Select, SimpleGrid, Textarea, TextInput } from '@mantine/core';
import { trpc } from '../../../lib/trpc';

/** The details staff write for an event (everything but its format and teams). */
export interface EventDetailsValue {
  name: string;
  start_date: string;
  end_date: string;
  season_id: string | null;
  description: string;
  picture: string;
  links: { stream: string; stream2: string; discord: string; registration: string; rules: string };
  /** As the API takes them: amounts as text, an empty text or null for none, the deadline as an ISO date-time. */
  details: {
    prize_pool: string;
    prize_currency: string;
    entry_fee: string;
    max_teams: number | null;
    registration_open: boolean;
    registration_deadline: string;
    featured: boolean;
    division: string;
  };
}

export const EMPTY_EVENT_EXTRAS: EventDetailsValue['details'] = {
  prize_pool: '',
  prize_currency: 'USD',
  entry_fee: '',
  max_teams: null,
  registration_open: false,
  registration_deadline: '',
  featured: false,
  division: '',
};

export const EMPTY_DETAILS: EventDetailsValue = {
  name: '',
  start_date: '',
  end_date: '',
  season_id: null,
  description: '',
  picture: '',
  links: { stream: '', stream2: '', discord: '', registration: '', rules: '' },
  details: EMPTY_EVENT_EXTRAS,
};

const LINK_FIELDS: [keyof EventDetailsValue['links'], string][] = [
  ['stream', 'Stream URL'],
  ['stream2', 'Second stream URL'],
  ['discord', 'Discord URL'],
  ['registration', 'Registration URL'],
  ['rules', 'Rules document URL'],
];

/** An ISO date-time as a datetime-local input shows it (the browser's time zone), and back. */
const localInputOf = (iso: string) => {
  if (!iso) return '';
  const at = new Date(iso);
  return new Date(at.getTime() - at.getTimezoneOffset() * 60_000).toISOString().slice(0, 16);
};
const isoOf = (local: string) => (local && !Number.isNaN(Date.parse(local)) ? new Date(local).toISOString() : '');

const SEASONS_INPUT = { sort: 'start_date', order: 'desc', page: 1, page_size: 50 } as const;

export function EventDetailsFields({ value, onChange }: { value: EventDetailsValue; onChange: (next: EventDetailsValue) => void }) {
  const seasons = trpc.public.seasons.useQuery(SEASONS_INPUT);
  const set = (patch: Partial<EventDetailsValue>) => onChange({ ...value, ...patch });
  const setExtra = (patch: Partial<EventDetailsValue['details']>) => set({ details: { ...value.details, ...patch } });
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
      <SimpleGrid cols={{ base: 1, sm: 3 }}>
        <TextInput label="Prize pool" inputMode="decimal" placeholder="1500" value={value.details.prize_pool} onChange={(e) => setExtra({ prize_pool: e.currentTarget.value })} />
        <TextInput label="Entry fee" inputMode="decimal" placeholder="25.00" value={value.details.entry_fee} onChange={(e) => setExtra({ entry_fee: e.currentTarget.value })} />
        <TextInput label="Currency" maxLength={3} value={value.details.prize_currency} onChange={(e) => setExtra({ prize_currency: e.currentTarget.value.toUpperCase() })} />
        <TextInput
          label="Maximum teams"
          inputMode="numeric"
          value={value.details.max_teams === null ? '' : String(value.details.max_teams)}
          onChange={(e) => {
            const digits = e.currentTarget.value.replace(/\D/g, '');
            setExtra({ max_teams: digits === '' ? null : Number(digits) });
          }}
        />
        <TextInput label="Division" placeholder="honors" value={value.details.division} onChange={(e) => setExtra({ division: e.currentTarget.value })} />
        <TextInput
          label="Registration deadline"
          type="datetime-local"
          value={localInputOf(value.details.registration_deadline)}
          onChange={(e) => setExtra({ registration_deadline: isoOf(e.currentTarget.value) })}
        />
      </SimpleGrid>
      <Group>
        <Checkbox label="Registration open" checked={value.details.registration_open} onChange={(e) => setExtra({ registration_open: e.currentTarget.checked })} />
        <Checkbox label="Featured" checked={value.details.featured} onChange={(e) => setExtra({ featured: e.currentTarget.checked })} />
      </Group>
    </>
  );
}
