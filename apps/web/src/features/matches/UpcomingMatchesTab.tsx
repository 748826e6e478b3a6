import { upcomingWindows, type TimeWindow } from '@campus-elo/domain';
import { Stack, Title } from '@mantine/core';
import { useId, useState } from 'react';
import { trpc } from '../../lib/trpc';
import { EmptyMessage, ErrorMessage, LoadingState } from '../common/states';
import { UpcomingMatchCard } from './UpcomingMatchCard';
import classes from './MatchCards.module.css';

const ERROR_TEXT = 'There was an error loading upcoming matches. Please try again later.';

function UpcomingSection({ title, window, emptyText }: { title: string; window: TimeWindow; emptyText: string }) {
  const headingId = useId();
  const matches = trpc.public.matches.useQuery({
    status: ['scheduled'],
    date_from: window.from.toISOString(),
    date_to: window.to.toISOString(),
    sort: 'date',
    order: 'asc',
    page: 1,
    page_size: 100,
  });
  return (
    <section aria-labelledby={headingId}>
      <Title order={3} size="h4" id={headingId} mb="sm">
        {title}
      </Title>
      {matches.isPending ? (
        <LoadingState label={`Loading matches for ${title.toLowerCase()}`} />
      ) : matches.isError ? (
        <ErrorMessage message={ERROR_TEXT} />
      ) : matches.data.results.length === 0 ? (
        <EmptyMessage message={emptyText} />
      ) : (
        <ul className={classes.stack}>
          {matches.data.results.map((match) => (
            <UpcomingMatchCard key={match.id} match={match} />
          ))}
        </ul>
      )}
    </section>
  );
}

/** Scheduled matches today, in the next 7 days and in the next 30 days. */
export function UpcomingMatchesTab() {
  // Fixed when the tab opens, so the three queries keep stable keys.
  const [windows] = useState(() => upcomingWindows(new Date()));
  return (
    <Stack gap="xl">
      <Title order={2} size="h3">
        Upcoming Matches
      </Title>
      <UpcomingSection title="Today" window={windows.today} emptyText="No matches scheduled for today" />
      <UpcomingSection title="This Week" window={windows.week} emptyText="No matches scheduled for this week" />
      <UpcomingSection title="This Month" window={windows.month} emptyText="No matches scheduled for this month" />
    </Stack>
  );
}
