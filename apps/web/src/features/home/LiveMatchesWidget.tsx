import { homeLiveMatchesInput } from '@campus-elo/api-contract';
import { Suspense } from 'react';
import { LIVE_REFRESH_MS, useLiveMatchStream } from '../../lib/live-stream';
import { trpc } from '../../lib/trpc';
import { LoadBoundary, retryableLazy } from '../common/LoadBoundary';
import { Score } from '../common/Score';
import { LoadingState } from '../common/states';
import { CompactMatch } from './CompactMatch';
import classes from './CompactMatch.module.css';
import { WidgetCard } from './WidgetCard';

// Only when the widget fails: the home page's first load carries no alert box.
const ErrorAlert = retryableLazy(async () => (await import('../common/ErrorAlert')).default);

const ERROR_TEXT = 'Unable to load live matches';

/** Up to 4 in-progress matches; renders nothing when nothing is live. */
export function LiveMatchesWidget() {
  const streaming = useLiveMatchStream();
  // The server writes this answer into the home page (homeLiveMatchesInput is its key).
  const live = trpc.public.matches.useQuery(
    homeLiveMatchesInput,
    // Pushed while the live stream is connected; polled while it is not.
    { refetchInterval: streaming ? false : LIVE_REFRESH_MS, staleTime: LIVE_REFRESH_MS },
  );
  if (live.isSuccess && live.data.results.length === 0) return null;
  return (
    <WidgetCard title="Live Matches" to="/matches" hash="live">
      {live.isPending ? (
        <LoadingState label="Loading live matches" />
      ) : live.isError ? (
        // Without the alert's code (offline), the same words as plain text, which needs no chunk.
        <LoadBoundary message={ERROR_TEXT}>
          <Suspense fallback={null}>
            <ErrorAlert title="Error" message={ERROR_TEXT} />
          </Suspense>
        </LoadBoundary>
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
