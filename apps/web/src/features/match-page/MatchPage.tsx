import '@mantine/core/styles/Badge.css';
import { isUuid, type MatchPage as MatchPageData, type MatchStatus } from '@campus-elo/api-contract';
import { matchUrlForLanguage, type StarRating as StarCount } from '@campus-elo/domain';
import { Anchor, Badge, Container, Skeleton, Text, Title } from '@mantine/core';
import { isNotFoundError } from '../../lib/error-message';
import { useLiveRefetchInterval } from '../../lib/live-stream';
import { pageTitle } from '../../lib/site-settings';
import { trpc } from '../../lib/trpc';
import { dateTimeInZone, formatChance } from '../common/detail-format';
import { EloChange } from '../common/EloChange';
import { TeamLogo } from '../common/EntityImage';
import type { Loadable } from '../common/loadable';
import { LoadFailed } from '../common/LoadFailed';
import { RouterAnchor } from '../common/RouterAnchor';
import { Score, ScoreUnit } from '../common/Score';
import { StarRating } from '../common/StarRating';
import { usePageTitle } from '../common/usePageTitle';
import { MatchEventLine } from '../events/MatchEventLine';
import { NotFoundPage } from '../layout/NotFoundPage';
import { HeadToHeadSection } from './HeadToHeadSection';
import { MatchMaps } from './MatchMaps';
import { RemindButton } from '../follow/RemindButton';
import classes from './MatchPage.module.css';
import { EmbedButton } from '../embeds/EmbedButton';
import { useDisplayTimeZone } from '../../lib/render-context';
import { VisuallyHidden } from '../common/VisuallyHidden';

const STATUS_WORDS: Record<MatchStatus, string> = {
  scheduled: 'Scheduled',
  in_progress: 'Live',
  completed: 'Completed',
  cancelled: 'Cancelled',
};

type Side = 'team1' | 'team2';

function SideFacts({ match, side }: { match: MatchPageData; side: Side }) {
  if (match.preview) {
    const preview = match.preview[side];
    return (
      <dl className={classes.sideFacts} data-side-facts={side}>
        <div>
          <dt>Elo</dt>
          <dd>{match[side].elo}</dd>
        </div>
        <div>
          <dt>Win chance</dt>
          <dd>{formatChance(preview.expected)}</dd>
        </div>
        <div>
          <dt>If they win</dt>
          <dd>
            <EloChange value={preview.win} />
          </dd>
        </div>
        <div>
          <dt>If they lose</dt>
          <dd>
            <EloChange value={preview.loss} />
          </dd>
        </div>
      </dl>
    );
  }
  if (match.elo) {
    const elo = match.elo[side];
    return (
      <dl className={classes.sideFacts} data-side-facts={side}>
        <div>
          <dt>Elo</dt>
          <dd>
            {elo.before} <span aria-hidden="true">→</span>
            <VisuallyHidden>to</VisuallyHidden> {elo.after} (<EloChange value={elo.change} />)
          </dd>
        </div>
      </dl>
    );
  }
  return (
    <dl className={classes.sideFacts} data-side-facts={side}>
      <div>
        <dt>Elo now</dt>
        <dd>{match[side].elo}</dd>
      </div>
    </dl>
  );
}

function showsScore(match: MatchPageData): boolean {
  return match.status === 'completed' || match.status === 'in_progress';
}

function TeamSide({ match, side }: { match: MatchPageData; side: Side }) {
  const team = match[side];
  const other = side === 'team1' ? 'team2' : 'team1';
  const showScore = showsScore(match);
  return (
    <div className={classes.side} data-side={side}>
      <TeamLogo src={team.picture} size={80} />
      <RouterAnchor to="/teams/$id" params={{ id: team.id }} fw={700} size="lg" className={classes.teamName}>
        {team.name}
      </RouterAnchor>
      <span className={classes.badgeSlot}>
        {match.winner?.id === team.id && (
          <Badge variant="filled" className={classes.winner}>
            Winner
          </Badge>
        )}
      </span>
      {showScore && (
        <span className={classes.score}>
          <VisuallyHidden>Score </VisuallyHidden>
          <Score own={match[`score_${side}`]} other={match[`score_${other}`]} />
        </span>
      )}
      <SideFacts match={match} side={side} />
    </div>
  );
}

function MatchWhen({ date }: { date: string | null }) {
  const timeZone = useDisplayTimeZone();
  if (!date) return <Text>Date to be announced</Text>;
  const { dateTime, zone } = dateTimeInZone(date, timeZone);
  return (
    <Text>
      {/* One text node each: a node after a changed one on its line would move (a layout shift). */}
      <time dateTime={date}>{dateTime}</time> <span className={classes.zone}>{`(${zone})`}</span>
    </Text>
  );
}

function MatchDetails({ match }: { match: MatchPageData }) {
  const url = matchUrlForLanguage(match.url, 'en');
  return (
    <>
      <header className={classes.header}>
        <Title order={1} size="h2">
          {match.team1.name} vs {match.team2.name}
        </Title>
        <div className={classes.meta}>
          <EmbedButton path={`/embed/match/${match.id}`} title={`${match.team1.name} vs ${match.team2.name}`} />
          <Badge variant="filled" color={match.status === 'in_progress' ? 'red.9' : 'gray.7'} data-status={match.status}>
            {STATUS_WORDS[match.status]}
          </Badge>
          {match.competition && (
            <Badge variant="light" color="gray" c="var(--app-badge-text)">
              {match.competition.name}
            </Badge>
          )}
          {match.season && (
            <Badge variant="outline" color="gray" c="var(--app-badge-text)">
              {match.season.name}
            </Badge>
          )}
          <StarRating value={match.stars as StarCount} />
        </div>
        <MatchWhen date={match.date} />
        {match.status === 'scheduled' && match.date && <RemindButton matchId={match.id} />}
        {url && (
          <Anchor href={url} target="_blank" rel="noopener noreferrer" fw={600}>
            View
            <VisuallyHidden>
              {' '}
              {match.team1.name} vs {match.team2.name} on {match.platform === 'faceit' ? 'Faceit' : 'Leaguespot'} (opens in a new tab)
            </VisuallyHidden>
          </Anchor>
        )}
      </header>
      <div className={classes.sides}>
        <TeamSide match={match} side="team1" />
        <div className={classes.middle}>
          {/* On a phone the sides stack: both scores side by side here, not a screen apart. */}
          {showsScore(match) && (
            <span className={classes.phoneScore} data-phone-score>
              <VisuallyHidden>Score </VisuallyHidden>
              <Score own={match.score_team1} other={match.score_team2} /> – <Score own={match.score_team2} other={match.score_team1} />
            </span>
          )}
          <span className={classes.versus} aria-hidden="true">
            vs
          </span>
          {showsScore(match) && <ScoreUnit score1={match.score_team1} score2={match.score_team2} />}
        </div>
        <TeamSide match={match} side="team2" />
      </div>
    </>
  );
}

function MatchSkeleton() {
  return (
    <div role="status" aria-label="Loading match">
      <Skeleton height={32} width="60%" />
      <Skeleton height={20} width="40%" mt="sm" />
      <Skeleton height={220} mt="lg" />
    </div>
  );
}

function MatchView({ match, refetchInterval }: { match: Loadable<MatchPageData>; refetchInterval: number | false }) {
  const m = match.data;
  usePageTitle(pageTitle(m ? `${m.team1.name} vs ${m.team2.name}` : 'Match'));
  return (
    <Container size="md" py="xl">
      {match.isPending ? (
        <MatchSkeleton />
      ) : match.isError || !m ? (
        <LoadFailed message="This match could not be loaded. Check your connection and try again." onRetry={() => void match.refetch()} />
      ) : (
        <>
          <MatchDetails match={m} />
          <MatchEventLine matchId={m.id} />
          {showsScore(m) && <MatchMaps match={m} refetchInterval={refetchInterval} />}
          <HeadToHeadSection team1={m.team1} team2={m.team2} />
        </>
      )}
    </Container>
  );
}

/** /matches/{id}: both teams, the score or what is at stake, when and where, the maps and scoreboards, and the two teams' record. */
export function MatchPage({ id }: { id: string }) {
  const valid = isUuid(id);
  // The stream keeps the score and status current; polling stands in while it is down.
  const refetchInterval = useLiveRefetchInterval();
  const match = trpc.public.match.useQuery({ id }, { enabled: valid, refetchInterval });
  if (!valid || isNotFoundError(match.error)) return <NotFoundPage />;
  return <MatchView match={match} refetchInterval={refetchInterval} />;
}
