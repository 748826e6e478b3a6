import { createFileRoute } from '@tanstack/react-router';
import { HomePage } from '../features/home/HomePage';

/** Events has no page of its own yet: the spec shows the home screen here. */
export const Route = createFileRoute('/events')({
  component: HomePage,
});
