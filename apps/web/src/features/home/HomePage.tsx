import { Grid, Skeleton, Stack, Title, useMantineTheme } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { siteSettings, pageTitle } from '../../lib/site-settings';
import { useCurrentSeason } from '../common/useCurrentSeason';
import { usePageTitle } from '../common/usePageTitle';
import { NewsWidget } from '../news/NewsWidget';
import { LiveMatchesWidget } from './LiveMatchesWidget';
import { PastMatchesWidget } from './PastMatchesWidget';
import { PlayerRankingsWidget } from './PlayerRankingsWidget';
import { TeamRankingsWidget } from './TeamRankingsWidget';
import { UpcomingMatchesWidget } from './UpcomingMatchesWidget';
import classes from './HomePage.module.css';

/** Home ('/' and '/events'): rankings on the left (large screens), news, then matches (not on small screens). */
export function HomePage() {
  usePageTitle(pageTitle());
  const theme = useMantineTheme();
  // Hidden columns are not mounted, so small screens do not fetch what they never show.
  const showRankings = useMediaQuery(`(min-width: ${theme.breakpoints.lg})`, false, { getInitialValueInEffect: false });
  const showMatches = useMediaQuery(`(min-width: ${theme.breakpoints.sm})`, false, { getInitialValueInEffect: false });
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
      <Grid columns={24} gap="lg" className={classes.grid}>
        {showRankings && (
          <Grid.Col span={7}>
            <Stack gap="lg">
              <TeamRankingsWidget seasonId={seasonId} seasonReady={seasonReady} />
              <PlayerRankingsWidget seasonId={seasonId} seasonReady={seasonReady} />
            </Stack>
          </Grid.Col>
        )}
        <Grid.Col span={{ base: 24, sm: 14, lg: 10 }}>
          <NewsWidget />
        </Grid.Col>
        {showMatches && (
          <Grid.Col span={{ base: 24, sm: 10, lg: 7 }}>
            <Stack gap="lg">
              <LiveMatchesWidget />
              <UpcomingMatchesWidget />
              <PastMatchesWidget />
            </Stack>
          </Grid.Col>
        )}
      </Grid>
    </div>
  );
}
