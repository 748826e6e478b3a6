import { LIVE_REFRESH_MS, useLiveMatchStream } from '../../lib/live-stream';
import { trpc } from '../../lib/trpc';
import { Score } from '../common/Score';
import { ErrorAlert, LoadingState } from '../common/states';
import { CompactMatch } from './CompactMatch';
import classes from './CompactMatch.module.css';
import { WidgetCard } from './WidgetCard';

/** Up to 4 in-progress matches; renders nothing when nothing is live. */
export function LiveMatchesWidget() {
  const streaming = useLiveMatchStream();
  const live = trpc.public.matches.useQuery(
    { status: ['in_progress'], sort: 'date', order: 'asc', page: 1, page_size: 4 },
    // Pushed while the live stream is connected; polled while it is not.
    { refetchInterval: streaming ? false : LIVE_REFRESH_MS, staleTime: LIVE_REFRESH_MS },
  );
  if (live.isSuccess && live.data.results.length === 0) return null;
  return (
    <WidgetCard title="Live Matches" to="/matches" hash="live">
      {live.isPending ? (
        <LoadingState label="Loading live matches" />
      ) : live.isError ? (
        <ErrorAlert title="Error" message="Unable to load live matches" />
      ) : (
        <ul className={classes.list}>
          {live.data.results.map((match) => (
            <CompactMatch
              key={match.id}
              match={match}
              trailing={(side) =>
                side === 1 ? <Score own={match.score_team1} other={match.score_team2} /> : <Score own={match.score_team2} other={match.score_team1} />
              }
            />
          ))}
        </ul>
      )}
    </WidgetCard>
  );
}
