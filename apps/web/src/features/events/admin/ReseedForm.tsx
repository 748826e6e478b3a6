import type { EventDetail, SeedingMethod } from '@campus-elo/api-contract';
import { Button, Stack, Text, TextInput, Title } from '@mantine/core';
import { useState } from 'react';
import { errorMessage } from '../../../lib/error-message';
import { trpc } from '../../../lib/trpc';
import { NoticeSlot, submitted, useNotice } from '../../admin-shell';
import { SeedingChoice, SeedOrder } from './SeedOrder';

/** Seeds the event's teams again and redraws the bracket; the server refuses once a bracket match has a result or a link. */
export function ReseedForm({ event, onSeeded }: { event: EventDetail; onSeeded(next: EventDetail): void }) {
  const reseed = trpc.admin.events.seed.useMutation();
  const { notice, show, clear } = useNotice();
  const [method, setMethod] = useState<SeedingMethod>(event.seeding.method);
  const [order, setOrder] = useState(() => [...event.teams].sort((a, b) => (a.seed ?? Infinity) - (b.seed ?? Infinity)).map((team) => team.id));
  const [seed, setSeed] = useState('');
  const names = new Map(event.teams.map((team) => [team.id, team.name]));

  const submit = () =>
    reseed.mutate(
      { id: event.id, method, seed: method === 'random' && seed.trim() ? seed.trim() : undefined, team_ids: method === 'manual' ? order : undefined },
      {
        onSuccess: (next) => {
          onSeeded(next);
          const drawn = next.seeding.method === 'random' ? ` Random seed: ${next.seeding.seed}.` : '';
          show({ color: 'green', message: `Seeded ${next.name} again.${drawn}` });
        },
        onError: (error) => show({ color: 'red', message: errorMessage(error, 'The event could not be seeded again. Try again.') }),
      },
    );

  return (
    <Stack
      component="form"
      gap="sm"
      aria-label="Seed again"
      onSubmit={submitted(submit)}
    >
      <Title order={3} size="h5" mt="md">
        Seed again
      </Title>
      <Text size="sm" c="dimmed">
        Redraws the bracket with the same teams, while no bracket match has a result or a linked match.
      </Text>
      <SeedingChoice value={method} onChange={setMethod} />
      {method === 'manual' && <SeedOrder ids={order} names={names} onChange={setOrder} />}
      {method === 'random' && <TextInput label="Random seed" description="Leave empty to draw one." value={seed} onChange={(e) => setSeed(e.currentTarget.value)} />}
      <NoticeSlot notice={notice} onClose={clear} />
      <Button type="submit" variant="default" loading={reseed.isPending} w="fit-content">
        Seed again
      </Button>
    </Stack>
  );
}
