import { LoadBoundary, retryableLazy } from '../common/LoadBoundary';
import { WhenNearViewport } from '../common/WhenNearViewport';
import type { HomeSeasonProps } from './HomeSeason';
import { TEAM_RANKINGS_ERROR } from './messages';
import { TEAM_RANKINGS_HEIGHT, listHeight } from './rankings-heights';
import { WidgetCard } from './WidgetCard';

const TeamRankingsList = retryableLazy(async () => (await import('./TeamRankingsList')).TeamRankingsList);

/** Top 10 teams by Elo in the home season: the heading at once, the list (its code and data) when it comes near the screen. */
export function TeamRankingsWidget(season: HomeSeasonProps) {
  return (
    <WidgetCard title="Team Rankings" to="/rankings" hash="team">
      <WhenNearViewport height={listHeight(TEAM_RANKINGS_HEIGHT)} label="Load the team rankings">
        <LoadBoundary message={TEAM_RANKINGS_ERROR}>
          <TeamRankingsList {...season} />
        </LoadBoundary>
      </WhenNearViewport>
    </WidgetCard>
  );
}
