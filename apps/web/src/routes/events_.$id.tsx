import { createFileRoute } from '@tanstack/react-router';
import { EventPage } from '../features/events/EventPage';
import { notFoundWhereServerSaidSo } from '../lib/page-not-found';

export const Route = createFileRoute('/events_/$id')({
  beforeLoad: notFoundWhereServerSaidSo,
  component: EventPageRoute,
});

function EventPageRoute() {
  const { id } = Route.useParams();
  // A new id is a new page: remount so nothing of the previous one lingers.
  return <EventPage key={id} id={id} />;
}
