import { createFileRoute } from '@tanstack/react-router';
import { StandingsPage } from '../features/standings/StandingsPage';
import { parseStandingsSearch } from '../features/standings/standingsSearch';

export const Route = createFileRoute('/standings')({
  validateSearch: parseStandingsSearch,
  component: StandingsPage,
});
