import { Stack, Title } from '@mantine/core';
import { getRouteApi } from '@tanstack/react-router';
import { useState } from 'react';
import { trpc } from '../../lib/trpc';
import { InfiniteListFooter } from '../common/InfiniteListFooter';
import { EmptyMessage, ErrorMessage, LoadingState } from '../common/states';
import { usePagedInfiniteList } from '../common/usePagedInfiniteList';
import { MATCH_HISTORY_ERROR } from './messages';
import { PastMatchCard } from './PastMatchCard';
import { PastMatchFilters } from './PastMatchFilters';
import type { PastMatchSearch } from './pastMatchSearch';
import classes from './MatchCards.module.css';

export const PAST_PAGE_SIZE = 30;
const routeApi = getRouteApi('/matches');

/** Completed matches, filtered and ordered from the URL, loaded 30 at a time. */
export function PastMatchesTab() {
  const filters = routeApi.useSearch();
  const navigate = routeApi.useNavigate();
  const client = trpc.useUtils().client;
  const [filtersOpen, setFiltersOpen] = useState(() => Object.values(filters).some((value) => value !== undefined));

  const setFilters = (patch: Partial<PastMatchSearch>) =>
    void navigate({ search: (previous) => ({ ...previous, ...patch }), hash: true, replace: true });

  const matches = usePagedInfiniteList({
    queryKey: ['public.matches', 'past', filters],
    pageSize: PAST_PAGE_SIZE,
    fetchPage: (page) =>
      client.public.matches.query({
        status: ['completed'],
        sort: 'date',
        order: filters.order ?? 'desc',
        date_from: filters.from,
        date_to: filters.to,
        season_id: filters.season,
        competition_name: filters.competition,
        team_id: filters.team,
        page,
        page_size: PAST_PAGE_SIZE,
      }),
  });

  return (
    <Stack gap="md">
      <Title order={2} size="h3">
        Past Matches
      </Title>
      <PastMatchFilters
        filters={filters}
        open={filtersOpen}
        onToggle={() => setFiltersOpen((open) => !open)}
        onChange={setFilters}
        onReset={() => void navigate({ search: {}, hash: true, replace: true })}
      />
      {matches.isPending ? (
        <LoadingState label="Loading past matches" />
      ) : matches.isError && matches.items.length === 0 ? (
        <ErrorMessage message={MATCH_HISTORY_ERROR} />
      ) : matches.items.length === 0 ? (
        <EmptyMessage message="No matches found" />
      ) : (
        <>
          <ul className={classes.grid}>
            {matches.items.map((match) => (
              <PastMatchCard key={match.id} match={match} />
            ))}
          </ul>
          <InfiniteListFooter
            list={matches}
            errorMessage={MATCH_HISTORY_ERROR}
            endMessage="No more matches to load"
          />
        </>
      )}
    </Stack>
  );
}
