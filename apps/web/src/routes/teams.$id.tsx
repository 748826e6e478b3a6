import { createFileRoute } from '@tanstack/react-router';
import { TeamPage } from '../features/team-page/TeamPage';
import { notFoundWhereServerSaidSo } from '../lib/page-not-found';

export const Route = createFileRoute('/teams/$id')({
  beforeLoad: notFoundWhereServerSaidSo,
  component: TeamPageRoute,
});

function TeamPageRoute() {
  const { id } = Route.useParams();
  // A new id is a new page: remount so nothing of the previous one lingers.
  return <TeamPage key={id} id={id} />;
}
