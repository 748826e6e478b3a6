import { createFileRoute } from '@tanstack/react-router';
import { TeamRatingPage } from '../features/team-rating/TeamRatingPage';
import { notFoundWhereServerSaidSo } from '../lib/page-not-found';

export const Route = createFileRoute('/teams/$id_/rating')({
  beforeLoad: notFoundWhereServerSaidSo,
  component: TeamRatingRoute,
});

function TeamRatingRoute() {
  const { id } = Route.useParams();
  return <TeamRatingPage key={id} id={id} />;
}
