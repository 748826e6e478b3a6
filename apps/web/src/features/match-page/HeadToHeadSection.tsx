import type { MatchListItem } from '@campus-elo/api-contract';
import { Skeleton, Text } from '@mantine/core';
import { trpc } from '../../lib/trpc';
import { formatDate } from '../common/format';
import { LoadFailed } from '../common/LoadFailed';
import { PageSection } from '../common/PageSection';
import { RouterAnchor } from '../common/RouterAnchor';
import { ScoreUnit } from '../common/Score';
import { EmptyMessage } from '../common/states';
import classes from './MatchPage.module.css';
import { useDisplayTimeZone } from '../../lib/render-context';

/** Meetings listed; the server sends at most 100. */
const MEETINGS_SHOWN = 10;

type TeamRef = { id: string; name: string };

function Meeting({ match }: { match: MatchListItem }) {
  const timeZone = useDisplayTimeZone();
  const winner = match.winner?.name;
  return (
    <li className={classes.meeting} data-match-id={match.id}>
      <RouterAnchor to="/matches/$id" params={{ id: match.id }} size="sm" fw={600}>
        {formatDate(match.date, timeZone)}
      </RouterAnchor>
      <span className={classes.meetingTeams}>
        {match.team1.name} {match.score_team1 ?? 0} – {match.score_team2 ?? 0} {match.team2.name} <ScoreUnit score1={match.score_team1} score2={match.score_team2} />
      </span>
      <span className={classes.dimmed}>{winner ? `${winner} won` : 'No winner'}</span>
    </li>
  );
}

/** The two teams' completed meetings: how many each won, and the latest ones. */
export function HeadToHeadSection({ team1, team2 }: { team1: TeamRef; team2: TeamRef }) {
  const record = trpc.public.headToHead.useQuery({ team1: team1.id, team2: team2.id });
  return (
    <PageSection title="Head to head" className={classes.section}>
      {record.isPending ? (
        <Skeleton height={120} role="status" aria-label="Loading head-to-head record" />
      ) : record.isError ? (
        <LoadFailed message="The head-to-head record could not be loaded." onRetry={() => void record.refetch()} />
      ) : record.data.matches.length === 0 ? (
        <EmptyMessage message="These teams have not played each other yet" />
      ) : (
        <>
          <Text fw={700} data-head-to-head>
            {team1.name} {record.data.team1_wins} – {record.data.team2_wins} {team2.name}
          </Text>
          <ul className={classes.meetings} aria-label="Meetings, newest first">
            {record.data.matches.slice(0, MEETINGS_SHOWN).map((match) => (
              <Meeting key={match.id} match={match} />
            ))}
          </ul>
        </>
      )}
    </PageSection>
  );
}
