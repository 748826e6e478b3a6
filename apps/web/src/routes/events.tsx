import { createFileRoute } from '@tanstack/react-router';
import { HomePage } from '../features/home/HomePage';

/** Events has no page of its own yet: the home screen, as on the earlier site (docs/departures.md, planned). */
export const Route = createFileRoute('/events')({
  component: HomePage,
});
