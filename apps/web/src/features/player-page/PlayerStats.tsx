import type { PlayerStatsResponse } from '@campus-elo/api-contract';
import { Skeleton, Text } from '@mantine/core';
import type { Loadable } from '../common/loadable';
import { LoadFailed } from '../common/LoadFailed';
import { MapBanner } from '../common/MapBanner';
import { PageSection } from '../common/PageSection';
import { RouterAnchor } from '../common/RouterAnchor';
import { SortableTable, type SortableColumn } from '../common/SortableTable';
import { EmptyMessage } from '../common/states';
import { formatDate } from '../common/format';
import { formatKd, formatOnePlace, formatPercent, formatRating, PlusMinus } from '../common/stat-format';
import { EloChart, type ChartPoint } from '../elo-chart/EloChart';
import classes from './PlayerPage.module.css';
import { useDisplayTimeZone } from '../../lib/render-context';

type Totals = PlayerStatsResponse['totals'];
type MapLine = PlayerStatsResponse['by_map'][number];
type RecentMatch = PlayerStatsResponse['recent'][number];

/** One row of the career and seasons table. */
export interface StatLine {
  key: string;
  label: string;
  totals: Totals;
}

const kd = (t: Totals) => `${t.kills}–${t.deaths}`;

function totalsColumns<Row>(totals: (row: Row) => Totals, withKast: boolean): SortableColumn<Row>[] {
  return [
    { key: 'maps', label: 'Maps', numeric: true, value: (r) => totals(r).maps, cell: (r) => totals(r).maps },
    { key: 'rounds', label: 'Rounds', numeric: true, value: (r) => totals(r).rounds, cell: (r) => totals(r).rounds },
    { key: 'kills_deaths', label: 'K–D', title: 'Kills and deaths', numeric: true, value: (r) => totals(r).kd, cell: (r) => kd(totals(r)) },
    {
      key: 'plus_minus',
      label: '+/-',
      title: 'Kills minus deaths',
      numeric: true,
      value: (r) => totals(r).kills - totals(r).deaths,
      cell: (r) => <PlusMinus value={totals(r).kills - totals(r).deaths} />,
    },
    { key: 'kd', label: 'K/D', title: 'Kills per death', numeric: true, value: (r) => totals(r).kd, cell: (r) => formatKd(totals(r).kd) },
    { key: 'adr', label: 'ADR', title: 'Average damage per round', numeric: true, value: (r) => totals(r).adr, cell: (r) => formatOnePlace(totals(r).adr) },
    { key: 'hs_pct', label: 'HS%', title: 'Share of kills by headshot', numeric: true, value: (r) => totals(r).hs_pct, cell: (r) => formatPercent(totals(r).hs_pct) },
    ...(withKast
      ? [{ key: 'kast', label: 'KAST', title: 'Rounds with a kill, assist, survival or trade', numeric: true, value: (r: Row) => totals(r).kast, cell: (r: Row) => formatPercent(totals(r).kast) }]
      : []),
    { key: 'rating', label: 'Rating', title: 'Rating 1.0', numeric: true, value: (r) => totals(r).rating, cell: (r) => formatRating(totals(r).rating) },
  ];
}

/** Career first, then each season the player has lines in (a fixed order: no column sorts it). */
export function CareerTable({ lines }: { lines: StatLine[] }) {
  const withKast = lines.some((line) => line.totals.kast !== null);
  const columns: SortableColumn<StatLine>[] = [
    { key: 'label', label: 'Period', unsortable: true, value: (l) => l.label, cell: (l) => l.label },
    ...totalsColumns<StatLine>((l) => l.totals, withKast),
  ];
  return <SortableTable name="career" caption="Career and seasons" columns={columns} rows={lines} rowKey={(l) => l.key} initialSort={{ key: 'label', order: 'asc' }} fixedOrder />;
}

function MapsTable({ maps }: { maps: MapLine[] }) {
  const withKast = maps.some((line) => line.kast !== null);
  const columns: SortableColumn<MapLine>[] = [
    { key: 'map', label: 'Map', value: (m) => m.map_name, cell: (m) => <MapBanner code={m.map} name={m.map_name} compact /> },
    ...totalsColumns<MapLine>((m) => m, withKast),
  ];
  return <SortableTable name="player-maps" caption="By map" columns={columns} rows={maps} rowKey={(m) => m.map} initialSort={{ key: 'maps', order: 'desc' }} />;
}

/** The highest- and lowest-rated of the maps played; nothing unless two maps have a rating. */
export function bestAndWorstMaps(maps: MapLine[]): { best: MapLine; worst: MapLine } | undefined {
  const rated = maps.filter((map) => map.rating !== null).sort((a, b) => b.rating! - a.rating!);
  return rated.length >= 2 ? { best: rated[0]!, worst: rated.at(-1)! } : undefined;
}

function RecentTable({ recent }: { recent: RecentMatch[] }) {
  const timeZone = useDisplayTimeZone();
  const columns: SortableColumn<RecentMatch>[] = [
    {
      key: 'date',
      label: 'Match',
      value: (r) => r.date,
      cell: (r) => (
        <RouterAnchor to="/matches/$id" params={{ id: r.match_id }}>
          {formatDate(r.date, timeZone)} vs {r.opponent.name}
        </RouterAnchor>
      ),
    },
    { key: 'maps', label: 'Maps', numeric: true, value: (r) => r.maps, cell: (r) => r.maps },
    { key: 'kills', label: 'K–D', title: 'Kills and deaths', numeric: true, value: (r) => r.kills, cell: (r) => `${r.kills}–${r.deaths}` },
    { key: 'plus_minus', label: '+/-', title: 'Kills minus deaths', numeric: true, value: (r) => r.kills - r.deaths, cell: (r) => <PlusMinus value={r.kills - r.deaths} /> },
    { key: 'adr', label: 'ADR', title: 'Average damage per round', numeric: true, value: (r) => r.adr, cell: (r) => formatOnePlace(r.adr) },
    { key: 'rating', label: 'Rating', title: 'Rating 1.0', numeric: true, value: (r) => r.rating, cell: (r) => formatRating(r.rating) },
  ];
  return <SortableTable name="recent" caption="Recent matches" columns={columns} rows={recent} rowKey={(r) => r.match_id} initialSort={{ key: 'date', order: 'desc' }} />;
}

function ratingPoints(recent: RecentMatch[], timeZone: string): ChartPoint[] {
  return recent
    .filter((match): match is RecentMatch & { date: string; rating: number } => match.date !== null && match.rating !== null)
    .sort((a, b) => Date.parse(a.date) - Date.parse(b.date))
    .map((match) => ({
      key: match.match_id,
      date: match.date,
      value: match.rating,
      tone: match.rating >= 1 ? ('gain' as const) : ('loss' as const),
      description: `${formatDate(match.date, timeZone)} against ${match.opponent.name}: rating ${formatRating(match.rating)}, ${match.kills}–${match.deaths}`,
    }));
}

function RatingChart({ playerName, recent }: { playerName: string; recent: RecentMatch[] }) {
  const timeZone = useDisplayTimeZone();
  const points = ratingPoints(recent, timeZone);
  if (points.length < 2) return null;
  const values = points.map((point) => point.value);
  const summary =
    `Rating in ${points.length} recent matches from ${formatDate(points[0]!.date, timeZone)} to ${formatDate(points.at(-1)!.date, timeZone)}: ` +
    `highest ${formatRating(Math.max(...values))}, lowest ${formatRating(Math.min(...values))}; 1.00 is an average player. Focus a point and use the arrow keys to move between them.`;
  return <EloChart label={`Rating over time of ${playerName}`} summary={summary} points={points} minRange={0.4} formatValue={(value) => value.toFixed(1)} />;
}

interface PlayerStatsProps {
  playerName: string;
  career: Loadable<PlayerStatsResponse>;
  /** Each season the player played, with its query. */
  seasons: { id: string; name: string; stats: Loadable<PlayerStatsResponse> }[];
}

/** The teams the player played for, the latest first, each linking to its page. */
function TeamsPlayedFor({ teams }: { teams: PlayerStatsResponse['teams'] }) {
  return (
    <Text component="div" data-teams-played-for>
      Teams played for:{' '}
      <ul className={classes.teamsPlayedFor}>
        {teams.map((team) => (
          <li key={team.id}>
            <RouterAnchor to="/teams/$id" params={{ id: team.id }} underline="always">
              {team.name}
            </RouterAnchor>{' '}
            ({team.maps} {team.maps === 1 ? 'map' : 'maps'}
            {team.last_season ? `, last in ${team.last_season.name}` : ''})
          </li>
        ))}
      </ul>
    </Text>
  );
}

/** The player's game: career and season lines, the teams played for, rating over time, recent matches, and maps best to worst. */
export function PlayerStats({ playerName, career, seasons }: PlayerStatsProps) {
  let content;
  if (career.isPending) content = <Skeleton height={240} role="status" aria-label="Loading stats" />;
  else if (career.isError || !career.data) content = <LoadFailed message="The stats could not be loaded." onRetry={() => void career.refetch()} />;
  else if (career.data.totals.maps === 0) content = <EmptyMessage message="No match stats recorded for this player yet" />;
  else {
    const data = career.data;
    const lines: StatLine[] = [
      { key: 'career', label: 'Career', totals: data.totals },
      ...seasons.flatMap((season) => (season.stats.data && season.stats.data.totals.maps > 0 ? [{ key: season.id, label: season.name, totals: season.stats.data.totals }] : [])),
    ];
    const extremes = bestAndWorstMaps(data.by_map);
    content = (
      <div className={classes.stats}>
        <CareerTable lines={lines} />
        {data.teams.length > 0 && <TeamsPlayedFor teams={data.teams} />}
        {extremes && (
          <Text data-best-worst-maps>
            Best map: {extremes.best.map_name} (rating {formatRating(extremes.best.rating)}). Worst map: {extremes.worst.map_name} (rating {formatRating(extremes.worst.rating)}).
          </Text>
        )}
        <RatingChart playerName={playerName} recent={data.recent} />
        {data.recent.length > 0 && <RecentTable recent={data.recent} />}
        {data.by_map.length > 0 && <MapsTable maps={data.by_map} />}
      </div>
    );
  }
  return <PageSection title="Match stats">{content}</PageSection>;
}
