import '@mantine/core/styles/Tabs.css';
import type { MatchMapsResponse, MatchPage as MatchPageData } from '@campus-elo/api-contract';
import { mapDisplayName } from '@campus-elo/domain';
import { Skeleton, Tabs, Text } from '@mantine/core';
import { useState } from 'react';
import { trpc } from '../../lib/trpc';
import type { Loadable } from '../common/loadable';
import { LoadFailed } from '../common/LoadFailed';
import { MapBanner } from '../common/MapBanner';
import { PageSection } from '../common/PageSection';
import { RouterAnchor } from '../common/RouterAnchor';
import { SortableTable, type SortableColumn } from '../common/SortableTable';
import { EmptyMessage } from '../common/states';
import { formatOnePlace, formatPercent, formatRating, PlusMinus } from '../common/stat-format';
import { bestByRating, mapLines, mapsWon, seriesLines, type MatchMap, type ScoreLine } from './scoreboard';
import classes from './MatchMaps.module.css';
import pageClasses from './MatchPage.module.css';

type Teams = Pick<MatchPageData, 'team1' | 'team2'>;

/** A player's name: a link to their page when the line is linked to one of ours, else the platform's nickname as plain text. */
function PlayerName({ line }: { line: Pick<ScoreLine, 'player' | 'nickname'> }) {
  return line.player ? (
    <RouterAnchor to="/players/$id" params={{ id: line.player.id }} fw={600}>
      {line.player.name}
    </RouterAnchor>
  ) : (
    <span data-unlinked-player>{line.nickname}</span>
  );
}

const SCOREBOARD_COLUMNS: readonly SortableColumn<ScoreLine>[] = [
  { key: 'player', label: 'Player', value: (l) => (l.player?.name ?? l.nickname).toLowerCase(), cell: (l) => <PlayerName line={l} /> },
  { key: 'kills', label: 'K', title: 'Kills', numeric: true, value: (l) => l.kills, cell: (l) => l.kills },
  { key: 'deaths', label: 'D', title: 'Deaths', numeric: true, value: (l) => l.deaths, cell: (l) => l.deaths },
  { key: 'assists', label: 'A', title: 'Assists', numeric: true, value: (l) => l.assists, cell: (l) => l.assists },
  { key: 'plus_minus', label: '+/-', title: 'Kills minus deaths', numeric: true, value: (l) => l.plusMinus, cell: (l) => <PlusMinus value={l.plusMinus} /> },
  { key: 'adr', label: 'ADR', title: 'Average damage per round', numeric: true, value: (l) => l.adr, cell: (l) => formatOnePlace(l.adr) },
  { key: 'hs_pct', label: 'HS%', title: 'Share of kills by headshot', numeric: true, value: (l) => l.hsPct, cell: (l) => formatPercent(l.hsPct) },
  { key: 'kast', label: 'KAST', title: 'Rounds with a kill, assist, survival or trade', numeric: true, value: (l) => l.kast, cell: (l) => formatPercent(l.kast) },
  { key: 'rating', label: 'Rating', title: 'Rating 1.0', numeric: true, value: (l) => l.rating, cell: (l) => formatRating(l.rating) },
];

/** Both teams' tables, each sortable by any column; KAST only where the source gave it. */
function Scoreboard({ lines, teams, what }: { lines: ScoreLine[]; teams: Teams; what: string }) {
  if (lines.length === 0) return <EmptyMessage message="No player lines for this map" />;
  const columns = lines.some((line) => line.kast !== null) ? SCOREBOARD_COLUMNS : SCOREBOARD_COLUMNS.filter((column) => column.key !== 'kast');
  return (
    <div className={classes.scoreboards}>
      {[teams.team1, teams.team2].map((team) => (
        <SortableTable
          key={team.id}
          name="scoreboard"
          caption={`${team.name}, ${what}`}
          columns={columns}
          rows={lines.filter((line) => line.teamId === team.id)}
          rowKey={(line) => line.key}
          initialSort={{ key: 'rating', order: 'desc' }}
        />
      ))}
    </div>
  );
}

const teamName = (teams: Teams, id: string | null) => (id === teams.team1.id ? teams.team1.name : id === teams.team2.id ? teams.team2.name : undefined);

/** '13 (7, 6) – 9 (5, 4)', overtime added: each side's rounds and, where known, its halves. */
function MapScore({ map, teams }: { map: MatchMap; teams: Teams }) {
  const sides = [
    { team: teams.team1, score: map.score_team1, halves: map.halves?.team1, overtime: map.overtime?.team1 },
    { team: teams.team2, score: map.score_team2, halves: map.halves?.team2, overtime: map.overtime?.team2 },
  ];
  return (
    <dl className={classes.mapFacts}>
      {sides.map((side) => (
        <div key={side.team.id} data-map-side={side.team.id}>
          <dt>{side.team.name}</dt>
          <dd>
            <span className={classes.mapScore} data-map-score>
              {side.score}
            </span>
            {side.halves && (
              <span className={classes.halves}>
                {' '}
                halves {side.halves[0]} and {side.halves[1]}
                {side.overtime !== undefined && `, overtime ${side.overtime}`}
              </span>
            )}
            {!side.halves && side.overtime !== undefined && <span className={classes.halves}> overtime {side.overtime}</span>}
          </dd>
        </div>
      ))}
    </dl>
  );
}

function MapPanel({ map, teams }: { map: MatchMap; teams: Teams }) {
  const picker = teamName(teams, map.picked_by_id);
  const winner = teamName(teams, map.winner_id);
  return (
    <div className={classes.panel}>
      <MapBanner code={map.map} name={map.map_name}>
        <span className={classes.bannerNote}>{picker ? `Picked by ${picker}` : 'Decider'}</span>
      </MapBanner>
      <MapScore map={map} teams={teams} />
      {winner && <Text size="sm">Won by {winner}</Text>}
      <Scoreboard lines={mapLines(map)} teams={teams} what={`${map.map_name} scoreboard`} />
    </div>
  );
}

const VETO_VERBS = { ban: 'banned', pick: 'picked' } as const;

function VetoList({ vetoes, teams }: { vetoes: MatchMapsResponse['vetoes']; teams: Teams }) {
  if (vetoes.length === 0) return null;
  return (
    <div>
      <Text fw={700} component="h3" size="md" mb={4}>
        Veto
      </Text>
      <ol className={classes.vetoes} data-vetoes>
        {vetoes.map((veto) => (
          <li key={veto.step} data-veto-action={veto.action}>
            {veto.action === 'decider'
              ? `${mapDisplayName(veto.map)} left over (decider)`
              : `${teamName(teams, veto.team_id) ?? 'A team'} ${VETO_VERBS[veto.action]} ${mapDisplayName(veto.map)}`}
          </li>
        ))}
      </ol>
    </div>
  );
}

const SERIES_TAB = 'series';

function MapsContent({ data, teams }: { data: MatchMapsResponse; teams: Teams }) {
  const [chosenTab, setTab] = useState<string | null>(null);
  if (data.maps.length === 0) return <EmptyMessage message="No map details for this match" />;
  // A series opens on its total, a single map on itself; a live update keeps the visitor's choice.
  const tabs = [...(data.maps.length > 1 ? [SERIES_TAB] : []), ...data.maps.map((map) => String(map.number))];
  const tab = chosenTab && tabs.includes(chosenTab) ? chosenTab : tabs[0]!;
  const won = mapsWon(data.maps, teams.team1.id, teams.team2.id);
  const series = seriesLines(data.maps);
  const best = bestByRating(series);
  return (
    <div className={classes.content}>
      <p className={classes.series} data-maps-won>
        Maps won: {teams.team1.name} {won.team1} – {won.team2} {teams.team2.name}
      </p>
      {best && (
        <p className={classes.best} data-best-player>
          Best player: <PlayerName line={best} /> (rating {formatRating(best.rating)})
        </p>
      )}
      <VetoList vetoes={data.vetoes} teams={teams} />
      <Tabs value={tab} onChange={setTab} keepMounted={false}>
        <Tabs.List className={classes.tabs}>
          {data.maps.length > 1 && <Tabs.Tab value={SERIES_TAB}>Series total</Tabs.Tab>}
          {data.maps.map((map) => (
            <Tabs.Tab key={map.number} value={String(map.number)}>
              {map.map_name} {map.score_team1}–{map.score_team2}
            </Tabs.Tab>
          ))}
        </Tabs.List>
        {data.maps.length > 1 && (
          <Tabs.Panel value={SERIES_TAB} pt="md">
            <Scoreboard lines={series} teams={teams} what="series total" />
          </Tabs.Panel>
        )}
        {data.maps.map((map) => (
          <Tabs.Panel key={map.number} value={String(map.number)} pt="md">
            <MapPanel map={map} teams={teams} />
          </Tabs.Panel>
        ))}
      </Tabs>
    </div>
  );
}

export function MatchMapsView({ maps, teams }: { maps: Loadable<MatchMapsResponse>; teams: Teams }) {
  let content;
  if (maps.isPending) content = <Skeleton height={240} role="status" aria-label="Loading maps" />;
  else if (maps.isError || !maps.data) content = <LoadFailed message="The maps of this match could not be loaded." onRetry={() => void maps.refetch()} />;
  else content = <MapsContent data={maps.data} teams={teams} />;
  return (
    <PageSection title="Maps and scoreboards" className={pageClasses.section}>
      {content}
    </PageSection>
  );
}

/** The match's maps: the series, the veto, each map's score and scoreboard. Kept current by the live stream like the match itself. */
export function MatchMaps({ match, refetchInterval }: { match: MatchPageData; refetchInterval: number | false }) {
  const maps = trpc.public.matchMaps.useQuery({ id: match.id }, { refetchInterval: match.status === 'in_progress' ? refetchInterval : false });
  return <MatchMapsView maps={maps} teams={match} />;
}
