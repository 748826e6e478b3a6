import { createFileRoute } from '@tanstack/react-router';
import { FollowingPage } from '../features/follow/FollowingPage';

export const Route = createFileRoute('/following')({
  component: FollowingPage,
});
