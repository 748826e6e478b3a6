import { LoadBoundary, retryableLazy } from '../common/LoadBoundary';
import { WhenNearViewport } from '../common/WhenNearViewport';
import type { HomeSeasonProps } from './HomeSeason';
import { PLAYER_RANKINGS_ERROR } from './messages';
import { PLAYER_RANKINGS_HEIGHT, listHeight } from './rankings-heights';
import { WidgetCard } from './WidgetCard';

const PlayerRankingsList = retryableLazy(async () => (await import('./PlayerRankingsList')).PlayerRankingsList);

/** Top 10 players by Elo in the home season: the heading at once, the list (its code and data) when it comes near the screen. */
export function PlayerRankingsWidget(season: HomeSeasonProps) {
  return (
    <WidgetCard title="Player Rankings" to="/rankings" hash="player">
      <WhenNearViewport height={listHeight(PLAYER_RANKINGS_HEIGHT)} label="Load the player rankings">
        <LoadBoundary message={PLAYER_RANKINGS_ERROR}>
          <PlayerRankingsList {...season} />
        </LoadBoundary>
      </WhenNearViewport>
    </WidgetCard>
  );
}
