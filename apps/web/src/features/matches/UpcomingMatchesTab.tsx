import { upcomingWindowInput } from '@campus-elo/api-contract';
import { upcomingWindows, type TimeWindow } from '@campus-elo/domain';
import { Stack, Text, Title } from '@mantine/core';
import { useId, useMemo, useState, type ReactNode } from 'react';
import { useLeagueTimeZone, useNow } from '../../lib/render-context';
import { trpc } from '../../lib/trpc';
import { timeZoneName } from '../common/format';
import { STARS_MEANING } from '../common/StarRating';
import { EmptyMessage, ErrorMessage } from '../common/states';
import { WhenNearViewport } from '../common/WhenNearViewport';
import { useMatchStakes } from '../standings/MatchStakes';
import { UpcomingMatchCard, UpcomingMatchCardSkeleton } from './UpcomingMatchCard';
import classes from './MatchCards.module.css';

const ERROR_TEXT = 'There was an error loading upcoming matches. Please try again later.';

/** Cards held in place while the windows load: more than a phone's screen shows. */
const SKELETON_CARDS = 3;

/**
 * About a card's height with its gap (a phone's stacks its teams; wider screens are shorter),
 * for the space the 30-day list holds until it is scrolled near.
 */
const CARD_HEIGHT_ESTIMATE = 240;

function useWindowMatches(window: TimeWindow) {
  return trpc.public.matches.useQuery(upcomingWindowInput(window));
}

type WindowMatches = ReturnType<typeof useWindowMatches>;

/** A window's section: its heading, then `children` (its list). */
function UpcomingSection({ title, children }: { title: string; children: ReactNode }) {
  const headingId = useId();
  return (
    <section aria-labelledby={headingId}>
      <Title order={3} size="h4" id={headingId} mb="sm">
        {title}
      </Title>
      {children}
    </section>
  );
}

function UpcomingList({ matches, emptyText }: { matches: WindowMatches; emptyText: string }) {
  const stakes = useMatchStakes(matches.data?.results);
  if (matches.isError) return <ErrorMessage message={ERROR_TEXT} />;
  if (!matches.data?.results.length) return <EmptyMessage message={emptyText} />;
  return (
    <ul className={classes.stack}>
      {matches.data.results.map((match) => (
        <UpcomingMatchCard key={match.id} match={match} stake={stakes.get(match.id)} />
      ))}
    </ul>
  );
}

/**
 * Scheduled matches today, in the rest of the next 7 days and in the rest of the next 30,
 * each match in one section only (docs/departures.md). The days are the league's (its time
 * zone, named in the legend), in the server's render and in the browser alike, so the lists
 * the page came with stay after hydration and nothing moves; each match's time is shown in
 * the visitor's zone (docs/decisions/0096). The three lists show together once all have
 * answered (one batched request): until then cards of the same size hold the place, so no
 * section moves another when its list arrives.
 */
export function UpcomingMatchesTab() {
  // From the moment the tab opened (the render's, when hydrating), so the three queries keep stable keys.
  const [opened] = useState(useNow());
  const leagueTimeZone = useLeagueTimeZone();
  const windows = useMemo(() => upcomingWindows(new Date(opened), leagueTimeZone), [opened, leagueTimeZone]);
  const today = useWindowMatches(windows.today);
  const week = useWindowMatches(windows.week);
  const month = useWindowMatches(windows.month);
  const loading = today.isPending || week.isPending || month.isPending;
  return (
    <Stack gap="xl">
      <Title order={2} size="h3">
        Upcoming Matches
      </Title>
      <Text size="sm" c="dimmed" data-legend>
        Stars: {STARS_MEANING}. Win and Loss: the Elo each team would gain by winning or lose by losing. Days are the league's ({timeZoneName(leagueTimeZone)}); times are in your time zone.
      </Text>
      {loading ? (
        <div role="status" aria-label="Loading upcoming matches">
          <ul className={classes.stack} aria-hidden="true">
            {Array.from({ length: SKELETON_CARDS }, (_, index) => (
              <UpcomingMatchCardSkeleton key={index} />
            ))}
          </ul>
        </div>
      ) : (
        <>
          <UpcomingSection title="Today">
            <UpcomingList matches={today} emptyText="No matches scheduled for today" />
          </UpcomingSection>
          <UpcomingSection title="Later this week">
            <UpcomingList matches={week} emptyText="No more matches scheduled this week" />
          </UpcomingSection>
          <UpcomingSection title="Later this month">
            {/* Below the other two, so off a phone's first screen, and most of the cards: rendered when scrolled near (the heading at once). */}
            <WhenNearViewport height={(month.data?.results.length ?? 0) * CARD_HEIGHT_ESTIMATE} label="Load this month's matches">
              <UpcomingList matches={month} emptyText="No more matches scheduled this month" />
            </WhenNearViewport>
          </UpcomingSection>
        </>
      )}
    </Stack>
  );
}
