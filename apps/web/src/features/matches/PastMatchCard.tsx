import '@mantine/core/styles/Badge.css';
import type { MatchListItem } from '@campus-elo/api-contract';
import { Badge, Paper } from '@mantine/core';
import { MatchLink } from '../common/EntityLinks';
import { formatDate } from '../common/format';
import { ScoreUnit } from '../common/Score';
import { MatchTeamLine } from './MatchTeamLine';
import classes from './MatchCards.module.css';
import scoreClasses from '../common/Score.module.css';
import { useDisplayTimeZone } from '../../lib/render-context';

/** A finished match: the winner first and in bold, then the loser, each with its score. */
export function PastMatchCard({ match }: { match: MatchListItem }) {
  const timeZone = useDisplayTimeZone();
  const team2Won = match.winner !== null && match.winner.id === match.team2.id;
  const sides = [
    { team: match.team1, score: match.score_team1 ?? 0 },
    { team: match.team2, score: match.score_team2 ?? 0 },
  ];
  const [first, second] = team2Won ? [sides[1]!, sides[0]!] : [sides[0]!, sides[1]!];
  const hasWinner = match.winner !== null;
  return (
    <Paper component="li" withBorder p="md" className={classes.card} data-match-id={match.id}>
      <MatchTeamLine team={first.team} bold={hasWinner}>
        <span className={hasWinner ? scoreClasses.higher : scoreClasses.equal}>{first.score}</span>
      </MatchTeamLine>
      <MatchTeamLine team={second.team}>
        <span className={hasWinner ? scoreClasses.lower : scoreClasses.equal}>{second.score}</span>
      </MatchTeamLine>
      <div className={classes.meta}>
        {match.competition && <Badge variant="filled">{match.competition.name}</Badge>}
        {match.season && (
          <Badge variant="outline" color="gray" c="var(--app-badge-text)">
            {match.season.name}
          </Badge>
        )}
        <ScoreUnit score1={match.score_team1} score2={match.score_team2} />
        <span data-match-date>{formatDate(match.date, timeZone)}</span>
        <MatchLink match={match} />
      </div>
    </Paper>
  );
}
