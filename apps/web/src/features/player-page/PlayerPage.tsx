import '@mantine/core/styles/Badge.css';
import { isUuid, type PlayerPage as PlayerPageData } from '@campus-elo/api-contract';
import { Badge, Container, Skeleton, Text, Title } from '@mantine/core';
import { isNotFoundError } from '../../lib/error-message';
import { pageTitle } from '../../lib/site-settings';
import { trpc } from '../../lib/trpc';
import { PlayerPicture, TeamLogo } from '../common/EntityImage';
import { formatDate, formatSignedNumber } from '../common/format';
import type { Loadable } from '../common/loadable';
import { LoadFailed } from '../common/LoadFailed';
import { PageSection } from '../common/PageSection';
import { RouterAnchor } from '../common/RouterAnchor';
import { EmptyMessage } from '../common/states';
import { usePageTitle } from '../common/usePageTitle';
import { EloChart, type ChartPoint } from '../elo-chart/EloChart';
import { NotFoundPage } from '../layout/NotFoundPage';
import classes from './PlayerPage.module.css';
import { PlayerStats } from './PlayerStats';
import headerClasses from '../common/EntityHeader.module.css';
import { useDisplayTimeZone } from '../../lib/render-context';

type EloHistory = { results: { date: string; elo: number }[] };

function PlayerHeader({ player }: { player: Loadable<PlayerPageData> }) {
  if (player.isPending) {
    return (
      <div className={headerClasses.header} role="status" aria-label="Loading player">
        <Skeleton circle height={96} />
        <div className={headerClasses.headerText}>
          <Skeleton height={36} width="50%" />
          <Skeleton height={64} mt="md" />
        </div>
      </div>
    );
  }
  if (player.isError || !player.data) return <LoadFailed message="This player could not be loaded. Check your connection and try again." onRetry={() => void player.refetch()} />;
  const p = player.data;
  return (
    <header className={headerClasses.header}>
      <PlayerPicture src={p.picture} size={96} />
      <div className={headerClasses.headerText}>
        <Title order={1}>{p.name}</Title>
        <div className={classes.team}>
          {p.team ? (
            <>
              <TeamLogo src={p.team.picture} size={24} />
              <RouterAnchor to="/teams/$id" params={{ id: p.team.id }} fw={600}>
                {p.team.name}
              </RouterAnchor>
            </>
          ) : (
            <Text c="dimmed">No team</Text>
          )}
          <Badge variant="light" color="gray" c="var(--app-badge-text)" data-status={p.benched ? 'benched' : 'active'}>
            {p.benched ? 'Benched' : 'Active'}
          </Badge>
        </div>
        <dl className={headerClasses.facts}>
          <div>
            <dt>Elo</dt>
            <dd data-fact="elo">{p.elo}</dd>
          </div>
          <div>
            <dt>Skill level</dt>
            <dd data-fact="skill-level">{p.skill_level} of 10</dd>
          </div>
          <div>
            <dt>Seasons played</dt>
            <dd data-fact="seasons">{p.seasons.length === 0 ? 'None yet' : p.seasons.map((s) => s.name).join(', ')}</dd>
          </div>
        </dl>
      </div>
    </header>
  );
}

function eloPoints(history: EloHistory, timeZone: string): ChartPoint[] {
  return history.results.map((entry, index) => {
    const previous = history.results[index - 1];
    const change = previous ? entry.elo - previous.elo : null;
    return {
      key: `${entry.date}-${index}`,
      date: entry.date,
      value: entry.elo,
      tone: change === null ? undefined : change >= 0 ? 'gain' : 'loss',
      description: `${formatDate(entry.date, timeZone)}: Elo ${entry.elo}${change === null ? '' : ` (${formatSignedNumber(change)})`}`,
    };
  });
}

function EloHistorySection({ playerName, history }: { playerName: string; history: Loadable<EloHistory> }) {
  const timeZone = useDisplayTimeZone();
  let content;
  if (history.isPending) content = <Skeleton height={260} role="status" aria-label="Loading Elo history" />;
  else if (history.isError || !history.data) content = <LoadFailed message="The Elo history could not be loaded." onRetry={() => void history.refetch()} />;
  else if (history.data.results.length === 0) content = <EmptyMessage message="No Elo changes recorded yet" />;
  else {
    const points = eloPoints(history.data, timeZone);
    const values = points.map((p) => p.value);
    const first = points[0]!;
    const last = points.at(-1)!;
    const summary =
      `${points.length} recorded ${points.length === 1 ? 'Elo' : 'Elo values'} from ${formatDate(first.date, timeZone)} to ${formatDate(last.date, timeZone)}: from ${first.value} to ${last.value}, ` +
      `highest ${Math.max(...values)}, lowest ${Math.min(...values)}. Focus a point and use the arrow keys to move between them.`;
    content = <EloChart label={`Elo history of ${playerName}`} summary={summary} points={points} />;
  }
  return <PageSection title="Elo history">{content}</PageSection>;
}

function PlayerView({ id, player }: { id: string; player: Loadable<PlayerPageData> }) {
  usePageTitle(pageTitle(player.data?.name ?? 'Player'));
  const history = trpc.public.playerEloHistory.useQuery({ id });
  const career = trpc.public.playerStats.useQuery({ id });
  const playerSeasons = player.data?.seasons ?? [];
  const seasonStats = trpc.useQueries((t) => playerSeasons.map((season) => t.public.playerStats({ id, season_id: season.id })));
  const playerName = player.data?.name ?? 'this player';
  return (
    <Container size="md" py="xl">
      <PlayerHeader player={player} />
      <div className={classes.sections}>
        <EloHistorySection playerName={playerName} history={history} />
        <PlayerStats playerName={playerName} career={career} seasons={playerSeasons.map((season, index) => ({ ...season, stats: seasonStats[index]! }))} />
      </div>
    </Container>
  );
}

/** /players/{id}: a visible player's team, Elo, skill level, status, seasons, match stats and Elo history. */
export function PlayerPage({ id }: { id: string }) {
  const valid = isUuid(id);
  const player = trpc.public.player.useQuery({ id }, { enabled: valid });
  if (!valid || isNotFoundError(player.error)) return <NotFoundPage />;
  return <PlayerView id={id} player={player} />;
}
