import { isUuid, type TeamPage as TeamPageData } from '@campus-elo/api-contract';
import { possessive } from '@campus-elo/domain';
import { Anchor, Container, Skeleton, Text, Title } from '@mantine/core';
import { isNotFoundError } from '../../lib/error-message';
import { useLiveRefetchInterval } from '../../lib/live-stream';
import { pageTitle } from '../../lib/site-settings';
import { trpc } from '../../lib/trpc';
import { RouterAnchor } from '../common/RouterAnchor';
import { TeamLogo } from '../common/EntityImage';
import type { Loadable } from '../common/loadable';
import { LoadFailed } from '../common/LoadFailed';
import { RankMovement } from '../common/RankMovement';
import { usePageTitle } from '../common/usePageTitle';
import { TeamEventsSection } from '../events/TeamEventsSection';
import { NotFoundPage } from '../layout/NotFoundPage';
import { TeamStandingFact } from '../standings/TeamStandingFact';
import { ProvisionalMark } from '../team-rating/ProvisionalMark';
import { FollowButton } from '../follow/FollowButton';
import { FormLetters } from './TeamFacts';
import { EloHistorySection, HeadToHeadSection, RankHistorySection, ResultsSection } from './TeamHistory';
import { RosterSection, UpcomingSection } from './TeamSchedule';
import classes from './TeamPage.module.css';
import headerClasses from '../common/EntityHeader.module.css';
import { TeamStatsSection } from './TeamStatsSection';
import { EmbedButton } from '../embeds/EmbedButton';

type TeamQuery = Loadable<TeamPageData>;

function TeamHeader({ team }: { team: TeamQuery }) {
  if (team.isPending) {
    return (
      <div className={headerClasses.header} role="status" aria-label="Loading team">
        <Skeleton width={96} height={96} />
        <div className={headerClasses.headerText}>
          <Skeleton height={36} width="60%" />
          <Skeleton height={18} width="40%" mt="sm" />
          <Skeleton height={64} mt="md" />
        </div>
      </div>
    );
  }
  if (team.isError || !team.data) return <LoadFailed message="This team could not be loaded. Check your connection and try again." onRetry={() => void team.refetch()} />;
  const t = team.data;
  return (
    <header className={headerClasses.header}>
      <TeamLogo src={t.picture} size={96} />
      <div className={headerClasses.headerText}>
        <Title order={1}>{t.name}</Title>
        {t.school_name && <Text c="dimmed">{t.school_name}</Text>}
        <FollowButton teamId={t.id} teamName={t.name} />
        <EmbedButton path="/embed/results" params={{ team: t.id }} title={`${t.name}: results`} />
        <dl className={headerClasses.facts}>
          <div>
            <dt>Elo</dt>
            <dd data-fact="elo">
              <RouterAnchor to="/teams/$id/rating" params={{ id: t.id }} underline="always" aria-label={`${t.elo} Elo: how it adds up`}>
                {t.elo}
              </RouterAnchor>
            </dd>
          </div>
          <div>
            <dt>Rank this season</dt>
            <dd data-fact="rank">
              {t.rank === null ? (
                'Not playing this season'
              ) : (
                <>
                  #{t.rank}
                  {t.provisional && <ProvisionalMark ratedMatches={t.rated_matches} />} <RankMovement rank={t.rank} previousRank={t.previous_rank} wording="sentence" />
                </>
              )}
            </dd>
          </div>
          <TeamStandingFact teamId={t.id} />
          <div>
            <dt>This season</dt>
            <dd data-fact="season-record">
              {t.season_wins} W – {t.season_losses} L
            </dd>
          </div>
          <div>
            <dt>All time</dt>
            <dd data-fact="record">
              {t.wins} W – {t.losses} L
            </dd>
          </div>
          <div>
            <dt>Form</dt>
            <dd>
              <FormLetters form={t.form} />
            </dd>
          </div>
        </dl>
        <Anchor href={`/feeds/teams/${t.id}.ics`} size="sm" fw={600}>
          Calendar feed of {possessive(t.name)} matches (iCal)
        </Anchor>
        {t.captain && (
          <Text size="sm" mt={4}>
            Captain:{' '}
            {/* Underlined: a link inside a sentence must not rely on colour alone (axe, dark scheme). */}
            <RouterAnchor to="/players/$id" params={{ id: t.captain.id }} underline="always">
              {t.captain.name}
            </RouterAnchor>
          </Text>
        )}
      </div>
    </header>
  );
}

/**
 * Everything a result can change (history and results, the upcoming list, the roster, where
 * the team stands in its events) polls at `refetchInterval` while the live stream is down.
 * The rank history does not: it holds weekly snapshots, not results.
 */
function TeamView({ id, team, refetchInterval }: { id: string; team: TeamQuery; refetchInterval: number | false }) {
  usePageTitle(pageTitle(team.data?.name ?? 'Team'));
  // The rest is asked for once the team is known to exist: an unknown id then costs one 404,
  // not a batch of failing requests (issue 29). The first HTML carries the team, so a page
  // load waits for nothing; a move inside the site waits one round trip.
  const enabled = team.data !== undefined;
  const history = trpc.public.teamEloHistory.useQuery({ id }, { refetchInterval, enabled });
  const rankHistory = trpc.public.teamRankHistory.useQuery({ id }, { enabled });
  const teamName = team.data?.name ?? 'this team';
  return (
    <Container size="lg" py="xl">
      <TeamHeader team={team} />
      <div className={classes.columns}>
        <div className={classes.main}>
          <EloHistorySection teamName={teamName} history={history} rankHistory={rankHistory} />
          <ResultsSection history={history} />
          <TeamStatsSection teamId={id} teamName={teamName} enabled={enabled} />
          <RankHistorySection rankHistory={rankHistory} />
        </div>
        <div className={classes.side}>
          <UpcomingSection teamId={id} refetchInterval={refetchInterval} enabled={enabled} />
          <TeamEventsSection teamId={id} refetchInterval={refetchInterval} enabled={enabled} />
          <RosterSection teamId={id} refetchInterval={refetchInterval} enabled={enabled} />
          <HeadToHeadSection history={history} />
        </div>
      </div>
    </Container>
  );
}

/** /teams/{id}: a team's standing, record, Elo and rank history, roster, schedule, results, map pool and players' lines. */
export function TeamPage({ id }: { id: string }) {
  const valid = isUuid(id);
  // The stream keeps results, Elo and the schedule current; polling stands in while it is down.
  const refetchInterval = useLiveRefetchInterval();
  const team = trpc.public.team.useQuery({ id }, { enabled: valid, refetchInterval });
  if (!valid || isNotFoundError(team.error)) return <NotFoundPage />;
  return <TeamView id={id} team={team} refetchInterval={refetchInterval} />;
}
