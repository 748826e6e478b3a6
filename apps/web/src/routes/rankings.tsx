import { createFileRoute } from '@tanstack/react-router';
import { RankingsPage } from '../features/rankings/RankingsPage';
import { parseRankingsSearch } from '../features/rankings/rankingsSearch';

export const Route = createFileRoute('/rankings')({
  validateSearch: parseRankingsSearch,
  component: RankingsPage,
});
