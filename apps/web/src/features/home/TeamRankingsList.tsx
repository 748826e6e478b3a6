import { trpc } from '../../lib/trpc';
import { ErrorMessage, EmptyMessage, LoadingState } from '../common/states';
import { TeamRankingRow } from '../rankings/TeamRankingRow';
import rowClasses from '../rankings/RankingRow.module.css';
import type { HomeSeasonProps } from './HomeSeason';
import { TEAM_RANKINGS_ERROR } from './messages';
import { TEAM_RANKINGS_HEIGHT, listHeight } from './rankings-heights';

/** Top 10 teams by Elo in the home season: the team rankings widget's list. */
export function TeamRankingsList({ seasonId, seasonReady }: HomeSeasonProps) {
  const teams = trpc.public.teams.useQuery(
    { sort: 'elo', order: 'desc', page: 1, page_size: 10, season_id: seasonId },
    { enabled: seasonReady },
  );
  if (teams.isPending) return <LoadingState label="Loading team rankings" height={listHeight(TEAM_RANKINGS_HEIGHT)} />;
  if (teams.isError) return <ErrorMessage message={TEAM_RANKINGS_ERROR} />;
  if (teams.data.results.length === 0) return <EmptyMessage message="No teams ranked yet" />;
  return (
    <ol className={rowClasses.list}>
      {teams.data.results.map((team, index) => (
        <TeamRankingRow key={team.id} rank={index + 1} team={team} elo={team.elo} provisionalMatches={team.provisional ? team.rated_matches : undefined} />
      ))}
    </ol>
  );
}
