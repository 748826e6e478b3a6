import '@mantine/core/styles/ScrollArea.css';
import '@mantine/core/styles/Button.css';
import '@mantine/core/styles/Table.css';
import type { EloAdjustmentEntry, EloHistoryEntry, RankHistoryEntry, TeamEloHistory } from '@campus-elo/api-contract';
import { Button, Skeleton, Table } from '@mantine/core';
import { useState, type ReactNode } from 'react';
import { RouterAnchor } from '../common/RouterAnchor';
import { formatChance } from '../common/detail-format';
import { scoreWithUnit } from '../common/Score';
import { EloChange } from '../common/EloChange';
import { TeamLogo } from '../common/EntityImage';
import { formatCalendarDate, formatDate, formatSignedNumber } from '../common/format';
import type { Loadable } from '../common/loadable';
import { LoadFailed } from '../common/LoadFailed';
import { PageSection } from '../common/PageSection';
import { EmptyMessage } from '../common/states';
import { EloChart, type ChartPoint } from '../elo-chart/EloChart';
import classes from './TeamPage.module.css';
import { BodyCell, BodyRow } from '../common/TableCells';
import { useDisplayTimeZone } from '../../lib/render-context';
import { VisuallyHidden } from '../common/VisuallyHidden';

type HistoryQuery = Loadable<TeamEloHistory>;
type RankHistoryQuery = Loadable<{ results: RankHistoryEntry[] }>;

/** Rows shown before 'Show all': enough for a season's glance without a wall of rows. */
const FIRST_ROWS = 10;

const ADJUSTMENT_WORDS: Record<EloAdjustmentEntry['reason'], string> = {
  calculate: 'Elo calculated from the roster',
  edit: 'Elo set by the league staff',
  merge: 'Elo kept after merging teams',
};

function resultWord(result: 'W' | 'L') {
  return result === 'W' ? 'Win' : 'Loss';
}

/** A section that waits for the history, says when it failed, and otherwise shows `children(data)`. */
function HistoryStates<T>({ query, failure, skeletonHeight, children }: { query: Loadable<T>; failure: string; skeletonHeight: number; children: (data: T) => ReactNode }) {
  if (query.isPending) return <Skeleton height={skeletonHeight} role="status" aria-label="Loading" />;
  if (query.isError || query.data === undefined) return <LoadFailed message={failure} onRetry={() => void query.refetch()} />;
  return <>{children(query.data)}</>;
}

/** Results and adjustments in ledger order: by time, a result before an adjustment at the same moment. */
function chartPoints(history: TeamEloHistory, timeZone: string): ChartPoint[] {
  const results = history.results.map((r, order) => ({
    sort: [Date.parse(r.date), 0, order] as const,
    point: {
      key: r.match_id,
      date: r.date,
      value: r.elo_after,
      tone: r.change >= 0 ? ('gain' as const) : ('loss' as const),
      description: `${formatDate(r.date, timeZone)}: ${resultWord(r.result)} against ${r.opponent.name}, ${formatSignedNumber(r.change)} (Elo ${r.elo_before} to ${r.elo_after})`,
    },
  }));
  const adjustments = history.adjustments.map((a, order) => ({
    sort: [Date.parse(a.date), 1, order] as const,
    point: {
      key: `adjustment-${order}`,
      date: a.date,
      value: a.elo_after,
      description: `${formatDate(a.date, timeZone)}: ${ADJUSTMENT_WORDS[a.reason]} (Elo ${a.elo_before} to ${a.elo_after})`,
    },
  }));
  return [...results, ...adjustments]
    .sort((a, b) => a.sort[0] - b.sort[0] || a.sort[1] - b.sort[1] || a.sort[2] - b.sort[2])
    .map(({ point }) => point);
}

export function EloHistorySection({ teamName, history, rankHistory }: { teamName: string; history: HistoryQuery; rankHistory: RankHistoryQuery }) {
  const timeZone = useDisplayTimeZone();
  return (
    <PageSection title="Elo history">
      <HistoryStates query={history} failure="The Elo history could not be loaded." skeletonHeight={260}>
        {(data) => {
          if (data.results.length === 0 && data.adjustments.length === 0) return <EmptyMessage message="No matches yet" />;
          const points = chartPoints(data, timeZone);
          const snapshots = rankHistory.data?.results ?? [];
          const first = data.results[0];
          const values = points.map((p) => p.value);
          const summary = [
            `${data.results.length} ${data.results.length === 1 ? 'match' : 'matches'}`,
            first ? ` from ${formatDate(first.date, timeZone)}: Elo went from ${first.elo_before} to ${points.at(-1)!.value}.` : '.',
            ` Highest ${Math.max(...values)}, lowest ${Math.min(...values)}.`,
            snapshots.length ? ` Ticks under the chart mark the ${snapshots.length} weekly ranking snapshots.` : '',
            ' Focus a point and use the arrow keys to move between matches; each result is also listed under Results.',
          ].join('');
          return (
            <EloChart
              label={`Elo history of ${teamName}`}
              summary={summary}
              points={points}
              markers={snapshots.map((s) => ({ key: s.ranking_id, date: s.date, label: `Weekly ranking of ${formatCalendarDate(s.date)}: #${s.rank}, Elo ${s.elo}` }))}
            />
          );
        }}
      </HistoryStates>
    </PageSection>
  );
}

function ShowAll({ total, shown, onShowAll }: { total: number; shown: number; onShowAll: () => void }) {
  if (shown >= total) return null;
  return (
    <Button variant="subtle" size="compact-sm" mt="xs" onClick={onShowAll}>
      Show all {total}
    </Button>
  );
}

function TeamLink({ team }: { team: { id: string; name: string; picture: string | null } }) {
  return (
    <span className={classes.teamLink}>
      <TeamLogo src={team.picture} size={24} />
      <RouterAnchor to="/teams/$id" params={{ id: team.id }}>
        {team.name}
      </RouterAnchor>
    </span>
  );
}

function ResultsTable({ results }: { results: EloHistoryEntry[] }) {
  const timeZone = useDisplayTimeZone();
  const [showAll, setShowAll] = useState(false);
  const newestFirst = [...results].reverse();
  const rows = showAll ? newestFirst : newestFirst.slice(0, FIRST_ROWS);
  return (
    <>
      <div className={classes.tableWrap}>
        <Table verticalSpacing={6}>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Date</Table.Th>
              <Table.Th>Opponent</Table.Th>
              <Table.Th>Result</Table.Th>
              <Table.Th>Elo (win chance)</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {rows.map((r) => (
              <BodyRow key={r.match_id} data-result-row={r.match_id}>
                <BodyCell>
                  <RouterAnchor to="/matches/$id" params={{ id: r.match_id }}>
                    {formatDate(r.date, timeZone)}
                    <VisuallyHidden>: match details</VisuallyHidden>
                  </RouterAnchor>
                </BodyCell>
                <BodyCell>
                  <TeamLink team={r.opponent} />
                </BodyCell>
                <BodyCell>
                  {resultWord(r.result)}
                  {r.score !== null && r.opponent_score !== null && <span className={classes.resultScore}>{scoreWithUnit(r.score, r.opponent_score)}</span>}
                </BodyCell>
                <BodyCell>
                  <EloChange value={r.change} />
                  <span className={classes.resultScore}>
                    {formatChance(r.expected)}
                    <VisuallyHidden> win chance</VisuallyHidden>
                  </span>
                </BodyCell>
              </BodyRow>
            ))}
          </Table.Tbody>
        </Table>
      </div>
      <ShowAll total={newestFirst.length} shown={rows.length} onShowAll={() => setShowAll(true)} />
    </>
  );
}

export function ResultsSection({ history }: { history: HistoryQuery }) {
  return (
    <PageSection title="Results">
      <HistoryStates query={history} failure="The results could not be loaded." skeletonHeight={200}>
        {(data) => (data.results.length === 0 ? <EmptyMessage message="No matches yet" /> : <ResultsTable results={data.results} />)}
      </HistoryStates>
    </PageSection>
  );
}

interface OpponentRecord {
  opponent: EloHistoryEntry['opponent'];
  wins: number;
  losses: number;
}

/** The team's record against each opponent it met, most meetings first. */
function recordsByOpponent(results: EloHistoryEntry[]): OpponentRecord[] {
  const byOpponent = new Map<string, OpponentRecord>();
  for (const r of results) {
    const record = byOpponent.get(r.opponent.id) ?? { opponent: r.opponent, wins: 0, losses: 0 };
    if (r.result === 'W') record.wins += 1;
    else record.losses += 1;
    byOpponent.set(r.opponent.id, record);
  }
  return [...byOpponent.values()].sort((a, b) => b.wins + b.losses - (a.wins + a.losses) || a.opponent.name.localeCompare(b.opponent.name));
}

function HeadToHeadTable({ results }: { results: EloHistoryEntry[] }) {
  const [showAll, setShowAll] = useState(false);
  const records = recordsByOpponent(results);
  const rows = showAll ? records : records.slice(0, FIRST_ROWS);
  return (
    <>
      <Table verticalSpacing={6}>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Opponent</Table.Th>
            <Table.Th>Won</Table.Th>
            <Table.Th>Lost</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {rows.map((r) => (
            <BodyRow key={r.opponent.id}>
              <BodyCell>
                <TeamLink team={r.opponent} />
              </BodyCell>
              <BodyCell>{r.wins}</BodyCell>
              <BodyCell>{r.losses}</BodyCell>
            </BodyRow>
          ))}
        </Table.Tbody>
      </Table>
      <ShowAll total={records.length} shown={rows.length} onShowAll={() => setShowAll(true)} />
    </>
  );
}

export function HeadToHeadSection({ history }: { history: HistoryQuery }) {
  return (
    <PageSection title="Head to head">
      <HistoryStates query={history} failure="The head-to-head records could not be loaded." skeletonHeight={160}>
        {(data) => (data.results.length === 0 ? <EmptyMessage message="No matches yet" /> : <HeadToHeadTable results={data.results} />)}
      </HistoryStates>
    </PageSection>
  );
}

export function RankHistorySection({ rankHistory }: { rankHistory: RankHistoryQuery }) {
  const [showAll, setShowAll] = useState(false);
  return (
    <PageSection title="Rank history">
      <HistoryStates query={rankHistory} failure="The rank history could not be loaded." skeletonHeight={160}>
        {(data) => {
          if (data.results.length === 0) return <EmptyMessage message="Not in any weekly ranking yet" />;
          const newestFirst = [...data.results].reverse();
          const rows = showAll ? newestFirst : newestFirst.slice(0, FIRST_ROWS);
          return (
            <>
              <Table verticalSpacing={6}>
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th>Week of</Table.Th>
                    <Table.Th>Rank</Table.Th>
                    <Table.Th>Elo</Table.Th>
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {rows.map((s) => (
                    <BodyRow key={s.ranking_id}>
                      <BodyCell>{formatCalendarDate(s.date)}</BodyCell>
                      <BodyCell>#{s.rank}</BodyCell>
                      <BodyCell>{s.elo}</BodyCell>
                    </BodyRow>
                  ))}
                </Table.Tbody>
              </Table>
              <ShowAll total={newestFirst.length} shown={rows.length} onShowAll={() => setShowAll(true)} />
            </>
          );
        }}
      </HistoryStates>
    </PageSection>
  );
}
