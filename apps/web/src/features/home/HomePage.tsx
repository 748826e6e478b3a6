import { Skeleton, Title } from '@mantine/core';
import { siteSettings, pageTitle } from '../../lib/site-settings';
import { useCurrentSeason } from '../common/useCurrentSeason';
import { usePageTitle } from '../common/usePageTitle';
import { WhenNearViewport } from '../common/WhenNearViewport';
import { NewsWidget } from '../news/NewsWidget';
import type { HomeSeasonProps } from './HomeSeason';
import { LiveMatchesWidget } from './LiveMatchesWidget';
import { PastMatchesWidget } from './PastMatchesWidget';
import { PlayerRankingsWidget } from './PlayerRankingsWidget';
import { TeamRankingsWidget } from './TeamRankingsWidget';
import { UpcomingMatchesWidget } from './UpcomingMatchesWidget';
import classes from './HomePage.module.css';

/** About the past matches card's height (four rows), held until it mounts. */
const PAST_MATCHES_HEIGHT = 330;

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
 * upcoming matches, then news and the rankings (docs/departures.md). One tree at every width,
 * placed by CSS, so the server's render is right before any script runs
 * (docs/decisions/0097); what a width does not show is hidden by CSS and never comes near the
 * screen, so it fetches nothing (the rankings and past matches load when scrolled near).
 */
export function HomePage() {
  usePageTitle(pageTitle());
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
      {/* A CSS grid, not Mantine's Grid: a phone, which shows one column, loads no grid code. */}
      <div className={classes.columns}>
        <div className={`${classes.stack} ${classes.matches}`}>
          <LiveMatchesWidget />
          <UpcomingMatchesWidget />
          <div className={classes.past}>
            {/* Hidden on a phone, where it never comes near the screen and so never asks for its matches. */}
            <WhenNearViewport height={PAST_MATCHES_HEIGHT} label="Load the past matches">
              <PastMatchesWidget />
            </WhenNearViewport>
          </div>
        </div>
        <div className={classes.news}>
          <NewsWidget />
        </div>
        <div className={`${classes.stack} ${classes.rankings}`}>
          <RankingsWidgets seasonId={seasonId} seasonReady={seasonReady} />
        </div>
      </div>
    </div>
  );
}
