import { createFileRoute } from '@tanstack/react-router';
import { PlayerPage } from '../features/player-page/PlayerPage';
import { notFoundWhereServerSaidSo } from '../lib/page-not-found';

export const Route = createFileRoute('/players/$id')({
  beforeLoad: notFoundWhereServerSaidSo,
  component: PlayerPageRoute,
});

function PlayerPageRoute() {
  const { id } = Route.useParams();
  // A new id is a new page: remount so nothing of the previous one lingers.
  return <PlayerPage key={id} id={id} />;
}
