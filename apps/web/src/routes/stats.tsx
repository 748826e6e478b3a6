import { createFileRoute } from '@tanstack/react-router';
import { StatsPage } from '../features/stats/StatsPage';
import { parseStatsSearch } from '../features/stats/statsSearch';

export const Route = createFileRoute('/stats')({
  validateSearch: parseStatsSearch,
  component: StatsPage,
});
