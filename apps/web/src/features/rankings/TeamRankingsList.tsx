import type { Paged } from '@campus-elo/api-contract';
import { trpc } from '../../lib/trpc';
import { InfiniteListFooter } from '../common/InfiniteListFooter';
import { EmptyMessage, ErrorMessage, LoadingState } from '../common/states';
import { usePagedInfiniteList } from '../common/usePagedInfiniteList';
import { TeamRankingRow, type RankedTeam } from './TeamRankingRow';
import classes from './RankingRow.module.css';

export const RANKINGS_PAGE_SIZE = 20;

interface TeamRankingsListProps {
  seasonId: string | undefined;
  /** A ranking snapshot id, or undefined for the current rankings. */
  rankingId: string | undefined;
  ready: boolean;
}

interface TeamRow {
  key: string;
  rank: number;
  team: RankedTeam;
  elo: number;
}

/** Current team rankings by Elo, or the rows of one weekly snapshot, 20 at a time. */
export function TeamRankingsList({ seasonId, rankingId, ready }: TeamRankingsListProps) {
  const client = trpc.useUtils().client;
  const list = usePagedInfiniteList<TeamRow>({
    queryKey: ['rankings', 'teams', { seasonId, rankingId }],
    pageSize: RANKINGS_PAGE_SIZE,
    enabled: ready,
    fetchPage: async (page): Promise<Paged<TeamRow>> => {
      if (rankingId) {
        const snapshot = await client.public.rankingItems.query({ ranking_id: rankingId, sort: 'rank', order: 'asc', page, page_size: RANKINGS_PAGE_SIZE });
        return { ...snapshot, results: snapshot.results.map((item) => ({ key: item.id, rank: item.rank, team: item.team, elo: item.elo })) };
      }
      const teams = await client.public.teams.query({ sort: 'elo', order: 'desc', season_id: seasonId, page, page_size: RANKINGS_PAGE_SIZE });
      const offset = (page - 1) * RANKINGS_PAGE_SIZE;
      return { ...teams, results: teams.results.map((team, index) => ({ key: team.id, rank: offset + index + 1, team, elo: team.elo })) };
    },
  });

  if (list.isPending) return <LoadingState label="Loading team rankings" />;
  if (list.isError && list.items.length === 0) return <ErrorMessage message="Error loading teams" />;
  if (list.items.length === 0) return <EmptyMessage message="No teams found" />;
  return (
    <>
      <ol className={classes.list}>
        {list.items.map((row) => (
          <TeamRankingRow key={row.key} rank={row.rank} team={row.team} elo={row.elo} />
        ))}
      </ol>
      <InfiniteListFooter
        list={list}
        errorMessage="Error loading teams"
        endMessage="No more teams to load"
      />
    </>
  );
}
