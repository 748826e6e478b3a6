import { Text } from '@mantine/core';
import { trpc } from '../../lib/trpc';
import { LoadFailed } from '../common/LoadFailed';
import { PageSection } from '../common/PageSection';
import { RouterAnchor } from '../common/RouterAnchor';
import { LoadingState } from '../common/states';
import { dateRange } from './eventText';
import classes from './Events.module.css';

/**
 * The team page's events: each with its dates and where the team finished (or that it is
 * still in). Nothing when it played none. A result can end its run: read again at
 * `refetchInterval` (while the live stream is down).
 */
export function TeamEventsSection({ teamId, refetchInterval, enabled = true }: { teamId: string; refetchInterval: number | false; enabled?: boolean }) {
  const events = trpc.public.teamEvents.useQuery({ id: teamId }, { refetchInterval, enabled });
  if (events.isSuccess && events.data.results.length === 0) return null;
  return (
    <PageSection title="Events">
      {events.isPending ? (
        <LoadingState label="Loading events" />
      ) : events.isError ? (
        <LoadFailed message="Events could not be loaded." onRetry={() => void events.refetch()} />
      ) : (
        <ul className={classes.plainList}>
          {events.data.results.map((event) => (
            <li key={event.id} data-team-event>
              <RouterAnchor to="/events/$id" params={{ id: event.id }} fw={600}>
                {event.name}
              </RouterAnchor>
              <Text size="sm" c="dimmed">
                {dateRange(event.start_date, event.end_date)}
                {event.seed !== null && ` · seed ${event.seed}`}
              </Text>
              <Text size="sm" fw={event.placement === 'Champion' ? 700 : undefined}>
                {event.placement ?? 'Still in'}
              </Text>
            </li>
          ))}
        </ul>
      )}
    </PageSection>
  );
}
