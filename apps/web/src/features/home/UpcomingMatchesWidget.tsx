import { homeUpcomingMatchesInput } from '@campus-elo/api-contract';
import { trpc } from '../../lib/trpc';
import { formatDateTime } from '../common/format';
import { EmptyMessage, ErrorMessage, LoadingState } from '../common/states';
import { CompactMatch } from './CompactMatch';
import classes from './CompactMatch.module.css';
import { PLAYER_RANKINGS_ERROR } from './messages';
import { WidgetCard } from './WidgetCard';
import { useDisplayTimeZone } from '../../lib/render-context';

/** The next 4 scheduled matches, earliest first. */
export function UpcomingMatchesWidget() {
  const timeZone = useDisplayTimeZone();
  // The server writes this answer into the home page (homeUpcomingMatchesInput is its key).
  const upcoming = trpc.public.matches.useQuery(homeUpcomingMatchesInput);
  return (
    <WidgetCard title="Upcoming Matches" to="/matches">
      {upcoming.isPending ? (
        <LoadingState label="Loading upcoming matches" />
      ) : upcoming.isError ? (
        // docs/product.md (texts): the match widgets keep the earlier site's player-rankings wording.
        <ErrorMessage message={PLAYER_RANKINGS_ERROR} />
      ) : upcoming.data.results.length === 0 ? (
        <EmptyMessage message="No upcoming matches" />
      ) : (
        <ul className={classes.list}>
          {upcoming.data.results.map((match) => (
            <CompactMatch
              key={match.id}
              match={match}
              meta={
                <>
                  {formatDateTime(match.date, timeZone)}
                  {match.competition && ` · ${match.competition.name}`}
                </>
              }
            />
          ))}
        </ul>
      )}
    </WidgetCard>
  );
}
