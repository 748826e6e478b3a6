import { trpc } from '../../lib/trpc';
import { ErrorMessage, EmptyMessage, LoadingState } from '../common/states';
import { TeamRankingRow } from '../rankings/TeamRankingRow';
import rowClasses from '../rankings/RankingRow.module.css';
import type { HomeSeasonProps } from './HomeSeason';
import { TEAM_RANKINGS_HEIGHT, listHeight } from './rankings-heights';
import { WidgetCard } from './WidgetCard';

const ERROR_TEXT = 'There was an error loading the team rankings. Please try again later.';

/** Top 10 teams by Elo in the home season. */
export function TeamRankingsWidget({ seasonId, seasonReady }: HomeSeasonProps) {
  const teams = trpc.public.teams.useQuery(
    { sort: 'elo', order: 'desc', page: 1, page_size: 10, season_id: seasonId },
    { enabled: seasonReady },
  );
  return (
    <WidgetCard title="Team Rankings" to="/rankings" hash="team">
      {teams.isPending ? (
        <LoadingState label="Loading team rankings" height={listHeight(TEAM_RANKINGS_HEIGHT)} />
      ) : teams.isError ? (
        <ErrorMessage message={ERROR_TEXT} />
      ) : teams.data.results.length === 0 ? (
        <EmptyMessage message="No teams ranked yet" />
      ) : (
        <ol className={rowClasses.list}>
          {teams.data.results.map((team, index) => (
            <TeamRankingRow key={team.id} rank={index + 1} team={team} elo={team.elo} />
          ))}
        </ol>
      )}
    </WidgetCard>
  );
}
