import '@mantine/core/styles/ScrollArea.css';
import '@mantine/core/styles/Table.css';
import '@mantine/core/styles/Input.css';
import '@mantine/core/styles/Combobox.css';
import '@mantine/core/styles/CloseButton.css';
import { rankingsSeasonsInput, type RatingAccuracyOutput } from '@campus-elo/api-contract';
import { NativeSelect, Table, Text } from '@mantine/core';
import { useState } from 'react';
import { trpc } from '../../lib/trpc';
import { PageSection } from '../common/PageSection';
import { EmptyMessage, ErrorMessage, LoadingState } from '../common/states';
import classes from './RatingsPage.module.css';

/** All time: the same input the server writes into /ratings' first HTML (page-content.ts). */
export const RATING_ACCURACY_INPUT = {};

const percent = (value: number | null) => (value === null ? '–' : `${Math.round(value * 100)}%`);
const decimal = (value: number | null) => (value === null ? '–' : value.toFixed(3));

/** The chart's drawing box: chances 0..1 map to 0..SIZE, observed upwards. */
const SIZE = 200;
const PAD = 28;

/** Mean expected chance (x) against how often that side won (y), per band; on the diagonal a chance means what it says. */
function CalibrationChart({ bins }: { bins: RatingAccuracyOutput['bins'] }) {
  const filled = bins.filter((bin) => bin.matches > 0 && bin.expected !== null && bin.observed !== null);
  const most = Math.max(1, ...filled.map((bin) => bin.matches));
  const x = (chance: number) => PAD + chance * SIZE;
  const y = (chance: number) => PAD + (1 - chance) * SIZE;
  const points = filled.map((bin) => `${x(bin.expected!)},${y(bin.observed!)}`).join(' ');
  return (
    <svg
      className={classes.chart}
      viewBox={`0 0 ${SIZE + PAD * 2} ${SIZE + PAD * 2}`}
      role="img"
      aria-label="Calibration chart: expected win chance against how often that team won, one point per band; the table below gives the same numbers"
    >
      <rect x={PAD} y={PAD} width={SIZE} height={SIZE} fill="none" stroke="currentColor" strokeOpacity={0.3} />
      {/* The diagonal: where a predicted chance comes true as often as it says. */}
      <line x1={x(0)} y1={y(0)} x2={x(1)} y2={y(1)} stroke="currentColor" strokeOpacity={0.5} strokeDasharray="4 4" />
      {[0, 0.5, 1].map((tick) => (
        <g key={tick} fontSize={10} fill="currentColor">
          <text x={x(tick)} y={PAD + SIZE + 14} textAnchor="middle">
            {tick * 100}%
          </text>
          <text x={PAD - 4} y={y(tick) + 3} textAnchor="end">
            {tick * 100}%
          </text>
        </g>
      ))}
      <text x={PAD + SIZE / 2} y={SIZE + PAD * 2 - 2} textAnchor="middle" fontSize={10} fill="currentColor">
        Expected chance
      </text>
      <text x={8} y={PAD + SIZE / 2} textAnchor="middle" fontSize={10} fill="currentColor" transform={`rotate(-90 8 ${PAD + SIZE / 2})`}>
        Observed wins
      </text>
      {filled.length > 1 && <polyline points={points} fill="none" stroke="var(--mantine-primary-color-filled)" strokeWidth={1.5} />}
      {filled.map((bin) => (
        <circle key={bin.from} cx={x(bin.expected!)} cy={y(bin.observed!)} r={3 + 4 * Math.sqrt(bin.matches / most)} fill="var(--mantine-primary-color-filled)" data-calibration-point />
      ))}
    </svg>
  );
}

function AccuracyFigures({ accuracy, scope }: { accuracy: RatingAccuracyOutput; scope: string }) {
  const rows = [
    { name: 'Elo', figures: accuracy },
    { name: 'Coin flip', figures: accuracy.baselines.coin },
    { name: 'Higher starting Elo wins', figures: accuracy.baselines.seed },
  ];
  return (
    <Table.ScrollContainer minWidth={320}>
      <Table data-accuracy-figures>
        <Table.Caption>
          Over {accuracy.matches} rated matches, {scope}. Lower Brier score and log-loss are better.</Table.Caption>
        <Table.Thead>
          <Table.Tr>
            <Table.Th scope="col">Prediction</Table.Th>
            <Table.Th scope="col">Favourite won</Table.Th>
            <Table.Th scope="col">Brier score</Table.Th>
            <Table.Th scope="col">Log-loss</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {rows.map(({ name, figures }) => (
            <Table.Tr key={name}>
              <Table.Th scope="row">{name}</Table.Th>
              <Table.Td>{percent(figures.accuracy)}</Table.Td>
              <Table.Td>{decimal(figures.brier)}</Table.Td>
              <Table.Td>{decimal(figures.log_loss)}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

function CalibrationTable({ bins }: { bins: RatingAccuracyOutput['bins'] }) {
  return (
    <Table.ScrollContainer minWidth={320}>
      <Table data-calibration-table>
        <Table.Caption>The chart’s numbers: each band of expected chance, its matches, the mean expected chance and how often that team won.</Table.Caption>
        <Table.Thead>
          <Table.Tr>
            <Table.Th scope="col">Expected chance</Table.Th>
            <Table.Th scope="col">Matches</Table.Th>
            <Table.Th scope="col">Mean expected</Table.Th>
            <Table.Th scope="col">Won</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {bins.map((bin) => (
            <Table.Tr key={bin.from}>
              <Table.Th scope="row">
                {Math.round(bin.from * 100)}–{Math.round(bin.to * 100)}%
              </Table.Th>
              <Table.Td>{bin.matches}</Table.Td>
              <Table.Td>{percent(bin.expected)}</Table.Td>
              <Table.Td>{percent(bin.observed)}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

/**
 * How well the Elo predicts the league's own results (GET /v1/public/ratings/accuracy): all
 * time by default, or one season's matches (each replayed from the Elo the teams brought in).
 */
export function AccuracySection() {
  const [seasonId, setSeasonId] = useState('');
  const seasons = trpc.public.seasons.useQuery(rankingsSeasonsInput);
  const accuracy = trpc.public.ratingAccuracy.useQuery(seasonId ? { season_id: seasonId } : RATING_ACCURACY_INPUT);
  const seasonName = seasons.data?.results.find((season) => season.id === seasonId)?.name;
  const scope = seasonName ? `in ${seasonName}` : 'all seasons';
  return (
    <PageSection title="How well the ratings predict">
      <Text mb="sm">
        We replay every rated match in date order and note the chance the Elo gave before it. A good rating picks the winner often, and its chances
        come true as often as they say: of the matches where it gave a team 70%, that team should win about 70%. Beside it, two simple guesses on the
        same matches: a coin flip, and “the team that started higher wins”.
      </Text>
      <NativeSelect
        label="Matches of"
        className={classes.seasonSelect}
        data={[{ value: '', label: 'All seasons' }, ...(seasons.data?.results ?? []).map((season) => ({ value: season.id, label: season.name }))]}
        value={seasonId}
        onChange={(event) => setSeasonId(event.currentTarget.value)}
      />
      {accuracy.isPending ? (
        <LoadingState label="Loading the accuracy figures" />
      ) : accuracy.isError ? (
        <ErrorMessage message="The accuracy figures could not be loaded. Try again later." />
      ) : accuracy.data.matches === 0 ? (
        <EmptyMessage message={seasonId ? 'No rated matches in this season, so nothing to measure.' : 'No rated matches yet, so nothing to measure.'} />
      ) : (
        <>
          <AccuracyFigures accuracy={accuracy.data} scope={scope} />
          <CalibrationChart bins={accuracy.data.bins} />
          <CalibrationTable bins={accuracy.data.bins} />
        </>
      )}
    </PageSection>
  );
}
