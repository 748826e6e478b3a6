import type { EventDetail } from '@campus-elo/api-contract';
import { Button, Group, Select, Stack, TextInput, Title } from '@mantine/core';
import { useState } from 'react';
import { errorMessage } from '../../../lib/error-message';
import { trpc } from '../../../lib/trpc';
import { NoticeSlot, submitted, useConfirm, useNotice } from '../../admin-shell';
import { RouterAnchor } from '../../common/RouterAnchor';
import { EventDetailsFields, type EventDetailsValue } from './EventDetailsFields';
import { ReseedForm } from './ReseedForm';

const detailsOf = (event: EventDetail): EventDetailsValue => ({
  name: event.name,
  start_date: event.start_date,
  end_date: event.end_date,
  season_id: event.season?.id ?? null,
  description: event.description,
  picture: event.picture ?? '',
  links: {
    stream: event.links.stream ?? '',
    stream2: event.links.stream2 ?? '',
    discord: event.links.discord ?? '',
    registration: event.links.registration ?? '',
    rules: event.links.rules ?? '',
  },
  details: {
    prize_pool: event.details.prize_pool ?? '',
    prize_currency: event.details.prize_currency,
    entry_fee: event.details.entry_fee ?? '',
    max_teams: event.details.max_teams,
    registration_open: event.details.registration_open,
    registration_deadline: event.details.registration_deadline ?? '',
    featured: event.details.featured,
    division: event.details.division ?? '',
  },
});

/** The slots a match can be linked to (both teams known), named by round and teams: 'Final: Owls vs Foxes'. */
function linkableSlots(event: EventDetail) {
  return event.stages.flatMap((stage) =>
    stage.rounds.flatMap((round) =>
      round.matches
        .filter((match) => match.team1 && match.team2)
        .map((match) => ({ value: String(match.id), label: `${round.name}: ${match.team1!.name} vs ${match.team2!.name}${match.match_id ? ' (linked)' : ''}` })),
    ),
  );
}

/** Staff edit an event's details, link a bracket slot to a match, or (the owner) delete it. */
export function EditEventForm({ event, onDeleted }: { event: EventDetail; onDeleted: () => void }) {
  const utils = trpc.useUtils();
  const confirm = useConfirm();
  const update = trpc.admin.events.update.useMutation();
  const remove = trpc.admin.events.delete.useMutation();
  const link = trpc.admin.events.linkMatch.useMutation();
  const { notice, show, clear } = useNotice();
  const [details, setDetails] = useState(() => detailsOf(event));
  const [slot, setSlot] = useState<string | null>(null);
  const [matchId, setMatchId] = useState('');

  const refresh = (next: EventDetail) => {
    utils.public.event.setData({ id: next.id }, next);
    void utils.public.events.invalidate();
  };

  const save = () =>
    update.mutate(
      { id: event.id, ...details },
      {
        onSuccess: (next) => {
          refresh(next);
          show({ color: 'green', message: `Saved ${next.name}.` });
        },
        onError: (error) => show({ color: 'red', message: errorMessage(error, 'The event could not be saved. Try again.') }),
      },
    );

  const linkSlot = () =>
    link.mutate(
      { id: event.id, slot: Number(slot), match_id: matchId.trim() || null },
      {
        onSuccess: (next) => {
          refresh(next);
          const name = linkableSlots(event).find((option) => option.value === slot)?.label ?? `slot ${slot}`;
          show({ color: 'green', message: matchId.trim() ? `Linked the match to ${name}.` : `Unlinked ${name}.` });
        },
        onError: (error) => show({ color: 'red', message: errorMessage(error, 'The match could not be linked. Try again.') }),
      },
    );

  const deleteEvent = async () => {
    if (!(await confirm({ title: 'Delete event', message: `Delete ${event.name} and its bracket? Its matches stay, no longer linked.` }))) return;
    remove.mutate(
      { id: event.id },
      {
        onSuccess: () => {
          void utils.public.events.invalidate();
          onDeleted();
        },
        onError: (error) => show({ color: 'red', message: errorMessage(error, 'The event could not be deleted. Try again.') }),
      },
    );
  };

  return (
    <Stack gap="sm">
      <RouterAnchor to="/events/$id" params={{ id: event.id }} fw={600}>
        Open the event page
      </RouterAnchor>
      <Stack
        component="form"
        gap="sm"
        aria-label="Edit the event"
        onSubmit={submitted(save)}
      >
        <EventDetailsFields value={details} onChange={setDetails} />
        <Group>
          <Button type="submit" loading={update.isPending}>
            Save details
          </Button>
          <Button color="red" variant="light" onClick={() => void deleteEvent()} loading={remove.isPending}>
            Delete event
          </Button>
        </Group>
      </Stack>
      <NoticeSlot notice={notice} onClose={clear} />
      <ReseedForm key={event.id} event={event} onSeeded={refresh} />
      <Title order={3} size="h5" mt="md">
        Link a bracket slot to a match
      </Title>
      <Stack
        component="form"
        gap="sm"
        aria-label="Link a bracket slot to a match"
        onSubmit={submitted(linkSlot)}
      >
        <Group align="flex-end">
          <Select label="Slot" description="A bracket match whose two teams are known" searchable data={linkableSlots(event)} value={slot} onChange={setSlot} w={360} />
          <TextInput label="Match id" description="Empty unlinks the slot" value={matchId} onChange={(e) => setMatchId(e.currentTarget.value)} w={340} />
          <Button type="submit" loading={link.isPending} disabled={slot === null}>
            Link
          </Button>
        </Group>
      </Stack>
    </Stack>
  );
}
