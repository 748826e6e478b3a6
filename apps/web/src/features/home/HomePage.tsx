import { Skeleton, Stack, Title, useMantineTheme } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { siteSettings, pageTitle } from '../../lib/site-settings';
import { useCurrentSeason } from '../common/useCurrentSeason';
import { usePageTitle } from '../common/usePageTitle';
import { NewsWidget } from '../news/NewsWidget';
import type { HomeSeasonProps } from './HomeSeason';
import { LiveMatchesWidget } from './LiveMatchesWidget';
import { PastMatchesWidget } from './PastMatchesWidget';
import { PlayerRankingsWidget } from './PlayerRankingsWidget';
import { TeamRankingsWidget } from './TeamRankingsWidget';
import { UpcomingMatchesWidget } from './UpcomingMatchesWidget';
import classes from './HomePage.module.css';

/** The team and player rankings, each list loaded when it comes near the screen (below the first screen on a phone). */
function RankingsWidgets({ seasonId, seasonReady }: HomeSeasonProps) {
  return (
    <>
      <TeamRankingsWidget seasonId={seasonId} seasonReady={seasonReady} />
      <PlayerRankingsWidget seasonId={seasonId} seasonReady={seasonReady} />
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
