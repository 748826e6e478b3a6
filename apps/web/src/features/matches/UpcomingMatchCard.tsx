import '@mantine/core/styles/Badge.css';
import type { MatchListItem, MatchStakes } from '@campus-elo/api-contract';
import { eloChangePreview, starRating } from '@campus-elo/domain';
import { Badge, Paper, Skeleton, Text } from '@mantine/core';
import { EloChange } from '../common/EloChange';
import { MatchLink } from '../common/EntityLinks';
import { formatDateTime } from '../common/format';
import { StarRating } from '../common/StarRating';
import { MatchStakesText } from '../standings/MatchStakes';
import { MatchTeamLine } from './MatchTeamLine';
import classes from './MatchCards.module.css';
import { useDisplayTimeZone } from '../../lib/render-context';

type MatchTeam = MatchListItem['team1'];

function UpcomingTeam({ team, opponent }: { team: MatchTeam; opponent: MatchTeam }) {
  const change = eloChangePreview(team.elo, opponent.elo);
  return (
    <div className={classes.upcomingTeam}>
      <MatchTeamLine team={team} bold />
      <div className={classes.eloFacts}>
        <span>Elo {team.elo}</span>
        <span>
          Win <EloChange value={change.win} />
        </span>
        <span>
          Loss <EloChange value={change.loss} />
        </span>
      </div>
    </div>
  );
}

/**
 * A scheduled match: both Elos, what each side stands to win or lose, how worth watching it
 * is, and (a division match) what it does to each side's playoff chance.
 */
export function UpcomingMatchCard({ match, stake }: { match: MatchListItem; stake?: MatchStakes }) {
  const timeZone = useDisplayTimeZone();
  const stars = starRating(match.team1.elo, match.team2.elo);
  return (
    <Paper
      component="li"
      withBorder
      p="md"
      className={stars === 5 ? `${classes.card} ${classes.fiveStars}` : classes.card}
      data-match-id={match.id}
      data-stars={stars}
    >
      <div className={classes.cardHeader}>
        <Text size="sm" fw={600}>
          {formatDateTime(match.date, timeZone)}
        </Text>
        <StarRating value={stars} />
      </div>
      <div className={classes.upcomingTeams}>
        <UpcomingTeam team={match.team1} opponent={match.team2} />
        <span className={classes.versus}>vs</span>
        <UpcomingTeam team={match.team2} opponent={match.team1} />
      </div>
      <MatchStakesText stake={stake} className={classes.stakes} />
      <div className={classes.meta}>
        {match.competition && (
          <Badge variant="light" color="gray" c="var(--app-badge-text)">
            {match.competition.name}
          </Badge>
        )}
        <MatchLink match={match} />
      </div>
    </Paper>
  );
}

/** One line of 'sm' text, as the card's date, Elo facts and link are. */
const SMALL_LINE = 'calc(var(--mantine-font-size-sm) * var(--mantine-line-height))';

function UpcomingTeamSkeleton() {
  return (
    <div className={classes.upcomingTeam}>
      <div className={classes.teamLine}>
        <Skeleton circle height={32} />
        <Skeleton height={SMALL_LINE} width="60%" />
      </div>
      <div className={classes.eloFacts}>
        <Skeleton height={SMALL_LINE} width="75%" />
      </div>
    </div>
  );
}

/** A card's outline while the lists load: the card's rows at their heights, so the cards arrive in its place. */
export function UpcomingMatchCardSkeleton() {
  return (
    <Paper component="li" withBorder p="md" className={classes.card}>
      <div className={classes.cardHeader}>
        <Skeleton height={SMALL_LINE} width={150} />
        <Skeleton height={16} width={88} />
      </div>
      <div className={classes.upcomingTeams}>
        <UpcomingTeamSkeleton />
        <span className={classes.versus}>vs</span>
        <UpcomingTeamSkeleton />
      </div>
      <div className={classes.meta}>
        <Skeleton height={20} width={64} radius="xl" />
        <Skeleton height={SMALL_LINE} width={110} />
      </div>
    </Paper>
  );
}
