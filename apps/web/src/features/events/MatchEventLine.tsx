import { Text } from '@mantine/core';
import { trpc } from '../../lib/trpc';
import { RouterAnchor } from '../common/RouterAnchor';

/**
 * The match page's line naming the event and round the match was played in. Nothing for a
 * match outside any bracket, while loading, or when it fails: the match itself says it all.
 */
export function MatchEventLine({ matchId }: { matchId: string }) {
  const placed = trpc.public.matchEvent.useQuery({ id: matchId });
  if (!placed.data) return null;
  const { event, round } = placed.data;
  return (
    <Text mt="sm" data-match-event>
      Played in{' '}
      <RouterAnchor to="/events/$id" params={{ id: event.id }} fw={600}>
        {event.name}
      </RouterAnchor>
      , {round.name}
    </Text>
  );
}
