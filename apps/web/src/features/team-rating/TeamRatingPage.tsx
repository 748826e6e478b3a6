import { isUuid, type TeamEloCalculationRecord, type TeamRating, type TeamRatingNeighbour, type TeamRatingStep } from '@campus-elo/api-contract';
import { possessive } from '@campus-elo/domain';
import { Container, Skeleton, Text, Title } from '@mantine/core';
import { isNotFoundError } from '../../lib/error-message';
import { pageTitle } from '../../lib/site-settings';
import { trpc } from '../../lib/trpc';
import { TeamLink } from '../common/EntityLinks';
import { TeamLogo } from '../common/EntityImage';
import { formatDate, formatSignedNumber } from '../common/format';
import { LoadFailed } from '../common/LoadFailed';
import { PageSection } from '../common/PageSection';
import { RouterAnchor } from '../common/RouterAnchor';
import { EmptyMessage } from '../common/states';
import { usePageTitle } from '../common/usePageTitle';
import { NotFoundPage } from '../layout/NotFoundPage';
import { ProvisionalMark } from './ProvisionalMark';
import classes from './TeamRatingPage.module.css';
import { useDisplayTimeZone } from '../../lib/render-context';

const ADJUSTMENT_TEXT: Record<Extract<TeamRatingStep, { kind: 'adjustment' }>['reason'], string> = {
  calculate: 'Calculate Team ELO (from the roster’s FACEIT Elo)',
  edit: 'Set by league staff',
  merge: 'Kept in a merge of two team entries',
};

function percent(chance: number): string {
  return `${Math.round(chance * 100)}%`;
}

/** A stored mean or spread, to one decimal (1980.4; 1980 when whole). */
function oneDecimal(value: number): string {
  return String(Number(value.toFixed(1)));
}

/**
 * Calculate Team ELO's numbers as stored with the Elo they gave (docs/product.md, "Team Elo
 * from the roster"): written out, never recomputed here.
 */
function CalculationText({ calculation }: { calculation: TeamEloCalculationRecord }) {
  const count = calculation.players.length;
  return (
    <Text size="sm" data-calculation>
      Calculated from {count} {count === 1 ? 'player’s' : 'players’'} FACEIT Elo:{' '}
      {calculation.players.map((p) => `${p.name} ${p.elo}`).join(', ')}; mean {oneDecimal(calculation.mean)}, spread (sample standard deviation){' '}
      {oneDecimal(calculation.spread)}; mean − {calculation.spread_penalty} × spread, rounded → team Elo {calculation.elo}.
    </Text>
  );
}

function StepItem({ step }: { step: TeamRatingStep }) {
  const timeZone = useDisplayTimeZone();
  if (step.kind === 'adjustment') {
    return (
      <li className={classes.step} data-step="adjustment">
        <div className={classes.stepHead}>
          <span>{formatDate(step.date, timeZone)}</span>
          <span className={classes.change}>{formatSignedNumber(step.change)}</span>
        </div>
        <Text size="sm">{ADJUSTMENT_TEXT[step.reason]}: {step.elo_before} → {step.total}</Text>
        {step.calculation ? (
          <CalculationText calculation={step.calculation} />
        ) : step.reason === 'calculate' ? (
          <Text size="sm" c="dimmed">
            The players’ FACEIT Elo this run used were not stored (it ran before the league kept them).
          </Text>
        ) : null}
        <Text size="sm" className={classes.total}>
          Running total: {step.total}
        </Text>
      </li>
    );
  }
  return (
    <li className={classes.step} data-step="match">
      <div className={classes.stepHead}>
        <RouterAnchor to="/matches/$id" params={{ id: step.match_id }} underline="always">
          {formatDate(step.date || null, timeZone)}: {step.result === 'W' ? 'won against' : 'lost to'} {step.opponent.name}
        </RouterAnchor>
        <span className={classes.change}>{formatSignedNumber(step.change)}</span>
      </div>
      <Text size="sm">
        Elo {step.elo_before} against {step.opponent_elo}: expected win chance {percent(step.expected)}
      </Text>
      <Text size="sm" className={classes.rule}>
        {step.rule}
      </Text>
      <Text size="sm" className={classes.total}>
        Running total: {step.total}
      </Text>
    </li>
  );
}

function Neighbour({ label, team }: { label: string; team: TeamRatingNeighbour | null }) {
  if (!team) return null;
  return (
    <li className={classes.neighbour}>
      <Text size="sm" c="dimmed">
        {label}
      </Text>
      <TeamLogo src={team.picture} size={24} />
      <TeamLink id={team.id}>
        #{team.rank} {team.name}
      </TeamLink>
      <span>
        Elo {team.elo} ({formatSignedNumber(team.gap)})
      </span>
    </li>
  );
}

function RatingView({ rating }: { rating: TeamRating }) {
  const start = rating.start;
  return (
    <>
      <header className={classes.header}>
        <TeamLogo src={rating.team.picture} size={64} />
        <div>
          <Title order={1}>Why {rating.team.name} has Elo {rating.elo}</Title>
          <Text>
            Rank {rating.rank} of all teams by Elo
            {rating.provisional && <ProvisionalMark ratedMatches={rating.rated_matches} />}
            {' · '}
            <RouterAnchor to="/teams/$id" params={{ id: rating.team.id }} underline="always">
              {possessive(rating.team.name)} page
            </RouterAnchor>
            {' · '}
            <RouterAnchor to="/ratings" underline="always">
              How ratings work
            </RouterAnchor>
          </Text>
        </div>
      </header>
      <p className={classes.sum} data-rating-sum>
        Starting Elo {start.elo}, then {rating.steps.length} {rating.steps.length === 1 ? 'change' : 'changes'} adding up to{' '}
        {formatSignedNumber(rating.elo - start.elo)}: Elo <strong data-rating-total>{rating.steps.at(-1)?.total ?? start.elo}</strong>.
      </p>
      <div className={classes.sections}>
        <PageSection title="Starting Elo">
          <Text>
            {start.elo}:{' '}
            {start.origin === 'default'
              ? 'the Elo every new team starts from.'
              : start.origin === 'calculated'
                ? 'worked out from the roster with Calculate Team ELO’s formula when the team was added.'
                : 'set when the team was imported, or by a reset of all ratings; no roster calculation is stored for it.'}
          </Text>
          {start.calculation && <CalculationText calculation={start.calculation} />}
          <Text size="sm" c="dimmed">
            A later run of Calculate Team ELO shows below as a change on its date, with the numbers it used.
          </Text>
        </PageSection>
        <PageSection title="Every change, in order">
          {rating.steps.length === 0 ? (
            <EmptyMessage message="No rated matches or changes yet: the Elo is still the starting Elo." />
          ) : (
            <ol className={classes.steps}>
              {rating.steps.map((step, index) => (
                <StepItem key={step.kind === 'match' ? step.match_id : `${step.date}-${index}`} step={step} />
              ))}
            </ol>
          )}
        </PageSection>
        <PageSection title="Teams just above and below">
          {rating.above || rating.below ? (
            <ul className={classes.neighbours}>
              <Neighbour label="Above" team={rating.above} />
              <Neighbour label="Below" team={rating.below} />
            </ul>
          ) : (
            <EmptyMessage message="No other teams yet." />
          )}
        </PageSection>
      </div>
    </>
  );
}

/** /teams/{id}/rating: a team's Elo added up from its starting Elo, change by change (the Elo ledger). */
export function TeamRatingPage({ id }: { id: string }) {
  const valid = isUuid(id);
  const rating = trpc.public.teamRating.useQuery({ id }, { enabled: valid });
  usePageTitle(pageTitle(rating.data ? `${rating.data.team.name} rating` : 'Team rating'));
  if (!valid || isNotFoundError(rating.error)) return <NotFoundPage />;
  return (
    <Container size="md" py="xl">
      {rating.isPending ? (
        <div role="status" aria-label="Loading rating">
          <Skeleton height={36} width="70%" />
          <Skeleton height={18} width="40%" mt="sm" />
          <Skeleton height={200} mt="md" />
        </div>
      ) : rating.isError ? (
        <LoadFailed message="This rating could not be loaded. Check your connection and try again." onRetry={() => void rating.refetch()} />
      ) : (
        <RatingView rating={rating.data} />
      )}
    </Container>
  );
}
