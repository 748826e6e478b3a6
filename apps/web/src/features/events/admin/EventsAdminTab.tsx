import { Anchor, Paper, Select, Stack, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { trpc } from '../../../lib/trpc';
import { LoadFailed } from '../../common/LoadFailed';
import { LoadingState } from '../../common/states';
import { dateRange } from '../eventText';
import { CreateEventForm } from './CreateEventForm';
import { EditEventForm } from './EditEventForm';

const LIST_INPUT = { page: 1, page_size: 100 } as const;

function EditSelectedEvent({ id, onDeleted }: { id: string; onDeleted: () => void }) {
  const event = trpc.public.event.useQuery({ id });
  if (event.isPending) return <LoadingState label="Loading event" />;
  if (event.isError) return <LoadFailed message="The event could not be loaded." onRetry={() => void event.refetch()} />;
  return <EditEventForm key={event.data.id} event={event.data} onDeleted={onDeleted} />;
}

/**
 * The admin panel's Events tab: create an event (its bracket is drawn at once), edit one,
 * link a slot to a match, delete it. Results are entered on the matches themselves; the
 * bracket advances when a linked match completes.
 */
export function EventsAdminTab() {
  const events = trpc.public.events.useQuery(LIST_INPUT);
  const [selected, setSelected] = useState<string | null>(null);
  return (
    <Stack gap="lg">
      <Paper withBorder p="md" component="section" aria-labelledby="edit-event-title">
        <Title order={2} size="h4" id="edit-event-title" mb="sm">
          Edit an event
        </Title>
        <Select
          label="Event"
          placeholder={events.isPending ? 'Loading events' : 'Pick an event'}
          searchable
          clearable
          data={(events.data?.results ?? []).map((e) => ({ value: e.id, label: `${e.name} (${dateRange(e.start_date, e.end_date)})` }))}
          value={selected}
          onChange={setSelected}
          mb="sm"
        />
        {selected ? (
          <EditSelectedEvent id={selected} onDeleted={() => setSelected(null)} />
        ) : (
          <Text size="sm" c="dimmed">
            Results are entered on the matches themselves (the{' '}
            <Anchor href="#matches" size="sm">
              Matches tab
            </Anchor>
            ); a linked match's result moves its winner on in the bracket.
          </Text>
        )}
      </Paper>
      <Paper withBorder p="md" component="section" aria-labelledby="create-event-title">
        <Title order={2} size="h4" id="create-event-title" mb="sm">
          Create an event
        </Title>
        <CreateEventForm onCreated={setSelected} />
      </Paper>
    </Stack>
  );
}
