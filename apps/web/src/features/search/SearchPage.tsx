import { SEARCH_MIN_LENGTH, SEARCH_PAGE_LIMIT, searchTerm } from '@campus-elo/api-contract';
import { Container, Paper, Text, Title } from '@mantine/core';
import { Link } from '@tanstack/react-router';
import type { ReactNode } from 'react';
import { pageTitle } from '../../lib/site-settings';
import { errorMessage } from '../../lib/error-message';
import { EmptyMessage, ErrorMessage, LoadingState } from '../common/states';
import { usePageTitle } from '../common/usePageTitle';
import { PlayerResultLine, TeamResultLine } from './SearchResultLine';
import { SEARCH_ERROR, noMatchText, useSearchResults } from './useSearch';
import classes from './Search.module.css';

/** /search?q=: every team and player the search finds, each linking to its page. */
export function SearchPage({ q = '' }: { q?: string }) {
  const term = searchTerm(q);
  usePageTitle(pageTitle(term ? `Search: ${term}` : 'Search'));
  const results = useSearchResults(term, SEARCH_PAGE_LIMIT);

  return (
    <Container size="md" py="lg">
      <Title order={1} mb="md">
        {term ? `Results for "${term}"` : 'Search'}
      </Title>
      {!term ? (
        <Text>Type at least {SEARCH_MIN_LENGTH} characters in the search box to find teams and players.</Text>
      ) : results.isPending || results.isPlaceholderData ? (
        // A new query: not the previous query's results under the new heading.
        <LoadingState label="Searching" />
      ) : results.isError ? (
        <ErrorMessage message={errorMessage(results.error, SEARCH_ERROR)} />
      ) : results.data.teams.length + results.data.players.length === 0 ? (
        <EmptyMessage message={noMatchText(term)} />
      ) : (
        <>
          <ResultSection title="Teams" count={results.data.teams.length}>
            {results.data.teams.map((team) => (
              <li key={team.id}>
                <Link to="/teams/$id" params={{ id: team.id }} className={classes.resultLink}>
                  <TeamResultLine team={team} />
                </Link>
              </li>
            ))}
          </ResultSection>
          <ResultSection title="Players" count={results.data.players.length}>
            {results.data.players.map((player) => (
              <li key={player.id}>
                <Link to="/players/$id" params={{ id: player.id }} className={classes.resultLink}>
                  <PlayerResultLine player={player} />
                </Link>
              </li>
            ))}
          </ResultSection>
        </>
      )}
    </Container>
  );
}

function ResultSection({ title, count, children }: { title: string; count: number; children: ReactNode }) {
  const headingId = `search-${title.toLowerCase()}`;
  return (
    <Paper component="section" withBorder p="md" mb="md" aria-labelledby={headingId}>
      <Title order={2} size="h4" id={headingId} mb="xs">
        {title} ({count})
      </Title>
      {count === 0 ? <EmptyMessage message={`No ${title.toLowerCase()} match`} /> : <ul className={classes.resultList}>{children}</ul>}
    </Paper>
  );
}
