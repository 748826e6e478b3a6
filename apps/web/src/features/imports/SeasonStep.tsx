import type { Season } from '@campus-elo/api-contract';
import { Alert, Button, Group, Select, Stack, TextInput, Title } from '@mantine/core';
import { useState, type FormEvent } from 'react';
import { trpc } from '../../lib/trpc';
import { LoadingState } from '../common/states';
import { serverMessage } from '../../lib/error-message';
import { MESSAGES } from './wizard';

/** The seasons the wizard offers: the 50 latest by start date (docs/product.md, constants). */
export const SEASON_LIST_INPUT = { sort: 'start_date', order: 'desc', page_size: 50 } as const;

function CreateSeasonForm({ onCreated, onCancel }: { onCreated(season: Season): void; onCancel(): void }) {
  const create = trpc.admin.seasons.create.useMutation();
  const [name, setName] = useState('');
  const [startDate, setStartDate] = useState('');
  const [endDate, setEndDate] = useState('');
  const [error, setError] = useState<string | null>(null);

  async function submit(event: FormEvent) {
    event.preventDefault();
    setError(null);
    try {
      onCreated(await create.mutateAsync({ name, start_date: startDate, end_date: endDate }));
    } catch (failure) {
      setError(serverMessage(failure) ?? MESSAGES.createSeasonFailed);
    }
  }

  return (
    <Stack component="form" onSubmit={(event) => void submit(event)} gap="sm" maw={420} aria-label="Create New Season">
      <Title order={3} size="h4">
        Create New Season
      </Title>
      {error && (
        <Alert color="red" role="alert">
          {error}
        </Alert>
      )}
      <TextInput label="Season Name" value={name} onChange={(e) => setName(e.currentTarget.value)} required />
      <TextInput label="Start Date" type="date" value={startDate} onChange={(e) => setStartDate(e.currentTarget.value)} required />
      <TextInput label="End Date" type="date" value={endDate} onChange={(e) => setEndDate(e.currentTarget.value)} required />
      <Group justify="flex-end">
        <Button variant="default" onClick={onCancel}>
          Cancel
        </Button>
        <Button type="submit" loading={create.isPending}>
          Create Season
        </Button>
      </Group>
    </Stack>
  );
}

/** Step 3: choose the season the matches belong to, or create one inline. */
export function SeasonStep({ seasonId, onChange }: { seasonId: string | null; onChange(seasonId: string | null): void }) {
  const seasons = trpc.admin.seasons.list.useQuery(SEASON_LIST_INPUT);
  const [creating, setCreating] = useState(false);
  // Seasons made here stay listed even when they are older than the 50 latest.
  const [createdHere, setCreatedHere] = useState<Season[]>([]);
  const fetched = (seasons.data?.results ?? []).filter((s) => !createdHere.some((c) => c.id === s.id));
  const options = [...createdHere, ...fetched].map((s) => ({ value: s.id, label: s.name }));

  function created(season: Season) {
    setCreatedHere((current) => [season, ...current]);
    onChange(season.id);
    setCreating(false);
  }

  return (
    <Stack gap="sm">
      <Title order={2} size="h3">
        Select Season
      </Title>
      {seasons.isPending ? (
        <LoadingState label="Loading seasons" />
      ) : (
        <Select
          label="Season"
          placeholder="Choose a season"
          data={options}
          value={seasonId}
          onChange={onChange}
          searchable
          maw={420}
          error={seasons.isError ? 'Failed to load seasons' : undefined}
        />
      )}
      {creating ? (
        <CreateSeasonForm onCreated={created} onCancel={() => setCreating(false)} />
      ) : (
        <Group>
          <Button variant="outline" onClick={() => setCreating(true)}>
            Create New Season
          </Button>
        </Group>
      )}
    </Stack>
  );
}
