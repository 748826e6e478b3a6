import '@mantine/core/styles/Badge.css';
import { EVENTS_PAGE_SIZE, eventSectionPageInput, eventSectionQueryKey, type EventListItem, type EventStatus } from '@campus-elo/api-contract';
import { Badge, Container, Text, Title } from '@mantine/core';
import { Link } from '@tanstack/react-router';
import { pageTitle } from '../../lib/site-settings';
import { trpc } from '../../lib/trpc';
import { TeamLogo } from '../common/EntityImage';
import { InfiniteListFooter } from '../common/InfiniteListFooter';
import { PageSection } from '../common/PageSection';
import { EmptyMessage, ErrorMessage, LoadingState } from '../common/states';
import { usePagedInfiniteList } from '../common/usePagedInfiniteList';
import { usePageTitle } from '../common/usePageTitle';
import { dateRange, formatName } from './eventText';
import classes from './Events.module.css';

const SECTIONS: { status: EventStatus; title: string; empty: string }[] = [
  { status: 'ongoing', title: 'Ongoing', empty: 'No event is being played right now.' },
  { status: 'upcoming', title: 'Upcoming', empty: 'No event is planned yet.' },
  { status: 'past', title: 'Past', empty: 'No event has been played yet.' },
];

function EventCard({ event }: { event: EventListItem }) {
  return (
    <li>
      <Link to="/events/$id" params={{ id: event.id }} className={classes.card}>
        <TeamLogo src={event.picture} size={56} />
        <div className={classes.cardText}>
          <Text fw={700} className={classes.cardName}>
            {event.name}
          </Text>
          <Text size="sm" c="dimmed">
            {dateRange(event.start_date, event.end_date)}
            {event.season && ` · ${event.season.name}`}
          </Text>
          <Text size="sm">
            {formatName(event.format)} · {event.team_count} teams
          </Text>
          {event.winner && (
            <Text size="sm" className={classes.winner}>
              <Badge size="sm" color="yellow" autoContrast component="span">
                Champion
              </Badge>
              <TeamLogo src={event.winner.picture} size={18} /> {event.winner.name}
            </Text>
          )}
        </div>
      </Link>
    </li>
  );
}

function EventList({ status, title, empty }: (typeof SECTIONS)[number]) {
  const client = trpc.useUtils().client;
  const list = usePagedInfiniteList<EventListItem>({
    // The first page of each comes with the page (apps/server/src/features/pages).
    queryKey: eventSectionQueryKey(status),
    pageSize: EVENTS_PAGE_SIZE,
    fetchPage: (page) => client.public.events.query(eventSectionPageInput(status, page)),
  });
  return (
    <PageSection title={title}>
      {list.isPending ? (
        <LoadingState label={`Loading ${title.toLowerCase()} events`} />
      ) : list.isError && list.items.length === 0 ? (
        <ErrorMessage message="Events could not be loaded. Check your connection and reload the page." />
      ) : list.items.length === 0 ? (
        <EmptyMessage message={empty} />
      ) : (
        <>
          <ul className={classes.cards}>
            {list.items.map((event) => (
              <EventCard key={event.id} event={event} />
            ))}
          </ul>
          <InfiniteListFooter list={list} errorMessage="More events could not be loaded." />
        </>
      )}
    </PageSection>
  );
}

/** /events: ongoing, upcoming and past events, newest first in each. */
export function EventsPage() {
  usePageTitle(pageTitle('Events'));
  return (
    <Container size="lg" py="xl">
      <Title order={1} mb="lg">
        Events
      </Title>
      <div className={classes.sections}>
        {SECTIONS.map((section) => (
          <EventList key={section.status} {...section} />
        ))}
      </div>
    </Container>
  );
}
