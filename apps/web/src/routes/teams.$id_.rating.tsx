import { createFileRoute } from '@tanstack/react-router';
import { TeamRatingPage } from '../features/team-rating/TeamRatingPage';

export const Route = createFileRoute('/teams/$id_/rating')({
  component: TeamRatingRoute,
});

function TeamRatingRoute() {
  const { id } = Route.useParams();
  return <TeamRatingPage key={id} id={id} />;
}
