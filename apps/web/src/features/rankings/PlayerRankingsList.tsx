import { RANKINGS_PAGE_SIZE } from '@campus-elo/api-contract';
import { trpc } from '../../lib/trpc';
import { InfiniteListFooter } from '../common/InfiniteListFooter';
import { EmptyMessage, ErrorMessage, LoadingState } from '../common/states';
import { usePagedInfiniteList } from '../common/usePagedInfiniteList';
import { PlayerRankingRow } from './PlayerRankingRow';
import classes from './RankingRow.module.css';

/** Players by Elo for a season (or all seasons), 20 at a time. */
export function PlayerRankingsList({ seasonId, ready }: { seasonId: string | undefined; ready: boolean }) {
  const client = trpc.useUtils().client;
  const list = usePagedInfiniteList({
    queryKey: ['rankings', 'players', { seasonId }],
    pageSize: RANKINGS_PAGE_SIZE,
    enabled: ready,
    fetchPage: (page) => client.public.players.query({ sort: 'elo', order: 'desc', season_id: seasonId, page, page_size: RANKINGS_PAGE_SIZE }),
  });

  if (list.isPending) return <LoadingState label="Loading player rankings" />;
  if (list.isError && list.items.length === 0) return <ErrorMessage message="Error loading players" />;
  if (list.items.length === 0) return <EmptyMessage message="No players found" />;
  return (
    <>
      <ol className={classes.list}>
        {list.items.map((player, index) => (
          <PlayerRankingRow key={player.id} rank={index + 1} player={player} />
        ))}
      </ol>
      <InfiniteListFooter
        list={list}
        errorMessage="Error loading players"
        endMessage="No more players to load"
      />
    </>
  );
}
