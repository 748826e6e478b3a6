import { createFileRoute } from '@tanstack/react-router';
import { MatchesPage } from '../features/matches/MatchesPage';
import { parsePastMatchSearch } from '../features/matches/pastMatchSearch';

export const Route = createFileRoute('/matches')({
  validateSearch: parsePastMatchSearch,
  component: MatchesPage,
});
