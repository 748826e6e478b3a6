import { createFileRoute } from '@tanstack/react-router';
import { RatingsPage } from '../features/ratings-explained/RatingsPage';

export const Route = createFileRoute('/ratings')({
  component: RatingsPage,
});
