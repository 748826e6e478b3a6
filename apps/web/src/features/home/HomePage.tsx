import { Skeleton, Stack, Title, useMantineTheme } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { lazy } from 'react';
import { siteSettings, pageTitle } from '../../lib/site-settings';
import { useCurrentSeason } from '../common/useCurrentSeason';
import { usePageTitle } from '../common/usePageTitle';
import { NewsWidget } from '../news/NewsWidget';
import type { HomeSeasonProps } from './HomeSeason';
import { LiveMatchesWidget } from './LiveMatchesWidget';
import { PastMatchesWidget } from './PastMatchesWidget';
import { PLAYER_RANKINGS_HEIGHT, TEAM_RANKINGS_HEIGHT } from './rankings-heights';
import { UpcomingMatchesWidget } from './UpcomingMatchesWidget';
import { WhenNearViewport } from '../common/WhenNearViewport';
import classes from './HomePage.module.css';

const TeamRankingsWidget = lazy(async () => ({ default: (await import('./TeamRankingsWidget')).TeamRankingsWidget }));
const PlayerRankingsWidget = lazy(async () => ({ default: (await import('./PlayerRankingsWidget')).PlayerRankingsWidget }));

/** The team and player rankings, each loaded when it comes near the screen (below the first screen on a phone). */
function RankingsWidgets({ seasonId, seasonReady }: HomeSeasonProps) {
  return (
    <>
      <WhenNearViewport height={TEAM_RANKINGS_HEIGHT}>
        <TeamRankingsWidget seasonId={seasonId} seasonReady={seasonReady} />
      </WhenNearViewport>
      <WhenNearViewport height={PLAYER_RANKINGS_HEIGHT}>
        <PlayerRankingsWidget seasonId={seasonId} seasonReady={seasonReady} />
      </WhenNearViewport>
    </>
  );
}

/**
 * Home ('/'). From 'md' up: rankings on the left (large screens), news, then
 * matches. Below 'md', one column with what a phone visitor comes for first: live and
 * upcoming matches, then news and the rankings (docs/departures.md).
 */
export function HomePage() {
  usePageTitle(pageTitle());
  const theme = useMantineTheme();
  // Hidden columns are not mounted, so smaller screens do not fetch what they never show.
  const showRankings = useMediaQuery(`(min-width: ${theme.breakpoints.lg})`, false, { getInitialValueInEffect: false });
  const columns = useMediaQuery(`(min-width: ${theme.breakpoints.md})`, false, { getInitialValueInEffect: false });
  const season = useCurrentSeason();
  const seasonReady = !season.isPending;
  const seasonId = season.data?.id;

  return (
    <div className={classes.page}>
      <div className={classes.banner}>
        {season.isPending ? (
          <Skeleton height={36} width={280} mx="auto" aria-hidden="true" />
        ) : (
          <Title order={1} className={classes.bannerTitle}>
            Welcome to {season.data?.name ?? siteSettings.siteName}!
          </Title>
        )}
      </div>
      {columns ? (
        // A CSS grid, not Mantine's Grid: a phone, which shows one column, loads no grid code.
        <div className={classes.columns}>
          {showRankings && (
            <Stack gap="lg">
              <RankingsWidgets seasonId={seasonId} seasonReady={seasonReady} />
            </Stack>
          )}
          <NewsWidget />
          <Stack gap="lg">
            <LiveMatchesWidget />
            <UpcomingMatchesWidget />
            <PastMatchesWidget />
          </Stack>
        </div>
      ) : (
        <Stack gap="lg" className={classes.oneColumn}>
          <LiveMatchesWidget />
          <UpcomingMatchesWidget />
          <NewsWidget />
          <RankingsWidgets seasonId={seasonId} seasonReady={seasonReady} />
        </Stack>
      )}
    </div>
  );
}
