import { trpc } from '../../lib/trpc';
import { EmptyMessage, ErrorMessage, LoadingState } from '../common/states';
import { PlayerRankingRow } from '../rankings/PlayerRankingRow';
import rowClasses from '../rankings/RankingRow.module.css';
import type { HomeSeasonProps } from './HomeSeason';
import { PLAYER_RANKINGS_HEIGHT, listHeight } from './rankings-heights';
import { PLAYER_RANKINGS_ERROR } from './messages';
import { WidgetCard } from './WidgetCard';

/** Top 10 players by Elo in the home season. */
export function PlayerRankingsWidget({ seasonId, seasonReady }: HomeSeasonProps) {
  const players = trpc.public.players.useQuery(
    { sort: 'elo', order: 'desc', page: 1, page_size: 10, season_id: seasonId },
    { enabled: seasonReady },
  );
  return (
    <WidgetCard title="Player Rankings" to="/rankings" hash="player">
      {players.isPending ? (
        <LoadingState label="Loading player rankings" height={listHeight(PLAYER_RANKINGS_HEIGHT)} />
      ) : players.isError ? (
        <ErrorMessage message={PLAYER_RANKINGS_ERROR} />
      ) : players.data.results.length === 0 ? (
        <EmptyMessage message="No players ranked yet" />
      ) : (
        <ol className={rowClasses.list}>
          {players.data.results.map((player, index) => (
            <PlayerRankingRow key={player.id} rank={index + 1} player={player} />
          ))}
        </ol>
      )}
    </WidgetCard>
  );
}
