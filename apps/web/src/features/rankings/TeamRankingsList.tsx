import { RANKINGS_PAGE_SIZE, teamRankingsInput, teamRankingsQueryKey, type RankingItemsRow, type TeamListItem } from '@campus-elo/api-contract';
import { trpc } from '../../lib/trpc';
import { InfiniteListFooter } from '../common/InfiniteListFooter';
import { EmptyMessage, ErrorMessage, LoadingState } from '../common/states';
import { usePagedInfiniteList } from '../common/usePagedInfiniteList';
import { TeamRankingRow } from './TeamRankingRow';
import classes from './RankingRow.module.css';

interface TeamRankingsListProps {
  seasonId: string | undefined;
  /** A ranking snapshot id, or undefined for the current rankings. */
  rankingId: string | undefined;
  ready: boolean;
}

/**
 * A row: a snapshot's item keeps the rank stored with it; in the current rankings a team's
 * place is its position in the list. The pages stay the API's answers, which the server
 * can write into /rankings under the same key (apps/server/src/features/pages/page-content.ts).
 */
function teamRow(item: TeamListItem | RankingItemsRow, index: number) {
  return 'rank' in item
    ? // A saved week: provisional as the team was at that week's date.
      { key: item.id, rank: item.rank, team: item.team, elo: item.elo, standing: undefined, provisionalMatches: item.provisional ? item.rated_matches : undefined }
    : {
        key: item.id,
        rank: index + 1,
        team: item,
        elo: item.elo,
        // An earlier server (or a page written before these fields) may leave them out: no columns then.
        standing: item.wins === undefined ? undefined : { previousRank: item.previous_rank ?? null, wins: item.wins, losses: item.losses },
        provisionalMatches: item.provisional ? item.rated_matches : undefined,
      };
}

/** Current team rankings by Elo, or the rows of one weekly snapshot, 20 at a time. */
export function TeamRankingsList({ seasonId, rankingId, ready }: TeamRankingsListProps) {
  const client = trpc.useUtils().client;
  const list = usePagedInfiniteList<TeamListItem | RankingItemsRow>({
    queryKey: teamRankingsQueryKey(seasonId, rankingId),
    pageSize: RANKINGS_PAGE_SIZE,
    enabled: ready,
    fetchPage: (page) =>
      rankingId
        ? client.public.rankingItems.query({ ranking_id: rankingId, sort: 'rank', order: 'asc', page, page_size: RANKINGS_PAGE_SIZE })
        : client.public.teams.query(teamRankingsInput(seasonId, page)),
  });
  const rows = list.items.map(teamRow);

  if (list.isPending) return <LoadingState label="Loading team rankings" />;
  if (list.isError && list.items.length === 0) return <ErrorMessage message="Error loading teams" />;
  if (rows.length === 0) return <EmptyMessage message="No teams found" />;
  const withStanding = rows[0]!.standing !== undefined;
  return (
    <>
      {/* The rows name their numbers for screen readers ('Rank', 'Elo'); these are for the eye. */}
      <div className={classes.listHeader} aria-hidden="true" data-list-header>
        <span className={classes.rank}>#</span>
        <span className={classes.headerTeam}>Team</span>
        {withStanding && (
          <>
            <span className={classes.headerMovement} title="Places moved since last week's ranking (New: not ranked last week)">
              +/-
            </span>
            <span className={classes.headerRecord} title="Rated wins and losses this season">
              W-L
            </span>
          </>
        )}
        <span className={classes.headerElo} title="Elo rating: rises with wins, more for beating a stronger team">
          Elo
        </span>
      </div>
      <ol className={classes.list}>
        {rows.map((row) => (
          <TeamRankingRow key={row.key} rank={row.rank} team={row.team} elo={row.elo} standing={row.standing} provisionalMatches={row.provisionalMatches} />
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
