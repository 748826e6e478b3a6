import '@mantine/core/styles/Badge.css';
import type { MatchListItem } from '@campus-elo/api-contract';
import { matchUrlForLanguage } from '@campus-elo/domain';
import { Anchor, Badge, Paper, Title } from '@mantine/core';
import { LIVE_REFRESH_MS, useLiveMatchStream } from '../../lib/live-stream';
import { trpc } from '../../lib/trpc';
import { MatchLink } from '../common/EntityLinks';
import { Score, ScoreUnit } from '../common/Score';
import { EmptyMessage, ErrorMessage, LoadingState } from '../common/states';
import { MatchTeamLine } from './MatchTeamLine';
import { LIVE_MATCHES_ERROR } from './messages';
import classes from './MatchCards.module.css';
import { VisuallyHidden } from '../common/VisuallyHidden';

function LiveMatchCard({ match }: { match: MatchListItem }) {
  const url = matchUrlForLanguage(match.url, 'en');
  return (
    <Paper component="li" withBorder p="md" className={classes.card} data-match-id={match.id}>
      <div className={classes.cardHeader}>
        <Badge color="red.9" variant="filled">
          Live
        </Badge>
        {match.competition && <span className={classes.meta}>{match.competition.name}</span>}
        <ScoreUnit score1={match.score_team1} score2={match.score_team2} />
      </div>
      <MatchTeamLine team={match.team1}>
        <Score own={match.score_team1} other={match.score_team2} />
      </MatchTeamLine>
      <MatchTeamLine team={match.team2}>
        <Score own={match.score_team2} other={match.score_team1} />
      </MatchTeamLine>
      <div className={classes.links}>
        <MatchLink match={match} />
        {url && (
          <Anchor href={url} target="_blank" rel="noopener noreferrer" fw={600} size="sm">
            View
            <VisuallyHidden>
              {' '}
              {match.team1.name} vs {match.team2.name} (opens in a new tab)
            </VisuallyHidden>
          </Anchor>
        )}
      </div>
    </Paper>
  );
}

export function LiveMatchesTab() {
  const streaming = useLiveMatchStream();
  const live = trpc.public.matches.useQuery(
    { status: ['in_progress'], sort: 'date', order: 'asc', page: 1, page_size: 100 },
    // Pushed while the live stream is connected; polled while it is not.
    { refetchInterval: streaming ? false : LIVE_REFRESH_MS, staleTime: LIVE_REFRESH_MS },
  );
  return (
    <section aria-labelledby="live-matches-heading">
      <Title order={2} size="h3" id="live-matches-heading" mb="md">
        Live Matches
      </Title>
      {live.isPending ? (
        <LoadingState label="Loading live matches" />
      ) : live.isError ? (
        <ErrorMessage message={LIVE_MATCHES_ERROR} />
      ) : live.data.results.length === 0 ? (
        <EmptyMessage message="No live matches currently" />
      ) : (
        <ul className={classes.grid}>
          {live.data.results.map((match) => (
            <LiveMatchCard key={match.id} match={match} />
          ))}
        </ul>
      )}
    </section>
  );
}
