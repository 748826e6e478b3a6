import { trpc } from '../../lib/trpc';
import { formatDate } from '../common/format';
import { Score, ScoreUnit } from '../common/Score';
import { EmptyMessage, ErrorMessage, LoadingState } from '../common/states';
import { CompactMatch } from './CompactMatch';
import classes from './CompactMatch.module.css';
import { PLAYER_RANKINGS_ERROR } from './messages';
import { WidgetCard } from './WidgetCard';
import { useDisplayTimeZone } from '../../lib/render-context';

/** The 4 latest completed matches. */
export function PastMatchesWidget() {
  const timeZone = useDisplayTimeZone();
  const past = trpc.public.matches.useQuery({ status: ['completed'], sort: 'date', order: 'desc', page: 1, page_size: 4 });
  return (
    <WidgetCard title="Past Matches" to="/matches" hash="past">
      {past.isPending ? (
        <LoadingState label="Loading past matches" />
      ) : past.isError ? (
        <ErrorMessage message={PLAYER_RANKINGS_ERROR} />
      ) : past.data.results.length === 0 ? (
        <EmptyMessage message="No past matches" />
      ) : (
        <ul className={classes.list}>
          {past.data.results.map((match) => (
            <CompactMatch
              key={match.id}
              match={match}
              trailing={(side) =>
                side === 1 ? <Score own={match.score_team1} other={match.score_team2} /> : <Score own={match.score_team2} other={match.score_team1} />
              }
              meta={
                <>
                  {formatDate(match.date, timeZone)} <ScoreUnit score1={match.score_team1} score2={match.score_team2} />
                </>
              }
            />
          ))}
        </ul>
      )}
    </WidgetCard>
  );
}
