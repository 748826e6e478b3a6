import { createFileRoute } from '@tanstack/react-router';
import { MatchPage } from '../features/match-page/MatchPage';
import { notFoundWhereServerSaidSo } from '../lib/page-not-found';

export const Route = createFileRoute('/matches_/$id')({
  beforeLoad: notFoundWhereServerSaidSo,
  component: MatchPageRoute,
});

function MatchPageRoute() {
  const { id } = Route.useParams();
  // A new id is a new page: remount so nothing of the previous one lingers.
  return <MatchPage key={id} id={id} />;
}
