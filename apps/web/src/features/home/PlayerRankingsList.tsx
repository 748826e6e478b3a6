import { trpc } from '../../lib/trpc';
import { EmptyMessage, ErrorMessage, LoadingState } from '../common/states';
import { PlayerRankingRow } from '../rankings/PlayerRankingRow';
import rowClasses from '../rankings/RankingRow.module.css';
import type { HomeSeasonProps } from './HomeSeason';
import { PLAYER_RANKINGS_ERROR } from './messages';
import { PLAYER_RANKINGS_HEIGHT, listHeight } from './rankings-heights';

/** Top 10 players by Elo in the home season: the player rankings widget's list. */
export function PlayerRankingsList({ seasonId, seasonReady }: HomeSeasonProps) {
  const players = trpc.public.players.useQuery(
    { sort: 'elo', order: 'desc', page: 1, page_size: 10, season_id: seasonId },
    { enabled: seasonReady },
  );
  if (players.isPending) return <LoadingState label="Loading player rankings" height={listHeight(PLAYER_RANKINGS_HEIGHT)} />;
  if (players.isError) return <ErrorMessage message={PLAYER_RANKINGS_ERROR} />;
  if (players.data.results.length === 0) return <EmptyMessage message="No players ranked yet" />;
  return (
    <ol className={rowClasses.list}>
      {players.data.results.map((player, index) => (
        <PlayerRankingRow key={player.id} rank={index + 1} player={player} />
      ))}
    </ol>
  );
}
