import type { teamMapsResponse } from '@campus-elo/api-contract';
import { mapWinPercent } from '@campus-elo/domain';
import { Skeleton } from '@mantine/core';
import type { z } from 'zod';
import type { Loadable } from '../common/loadable';
import { LoadFailed } from '../common/LoadFailed';
import { MapBanner } from '../common/MapBanner';
import { SortableTable, type SortableColumn } from '../common/SortableTable';
import { EmptyMessage } from '../common/states';
import { formatPercent, PlusMinus } from '../common/stat-format';

type TeamMaps = z.infer<typeof teamMapsResponse>;
type MapRow = TeamMaps['results'][number];

const winPercent = (row: MapRow) => mapWinPercent(row.wins, row.played);

const MAP_POOL_COLUMNS: readonly SortableColumn<MapRow>[] = [
  { key: 'map', label: 'Map', value: (r) => r.map_name, cell: (r) => <MapBanner code={r.map} name={r.map_name} compact /> },
  { key: 'played', label: 'Played', numeric: true, value: (r) => r.played, cell: (r) => r.played },
  { key: 'wins', label: 'Won', numeric: true, value: (r) => r.wins, cell: (r) => r.wins },
  { key: 'losses', label: 'Lost', numeric: true, value: (r) => r.losses, cell: (r) => r.losses },
  { key: 'win_pct', label: 'Win %', numeric: true, value: winPercent, cell: (r) => formatPercent(winPercent(r)) },
  { key: 'round_diff', label: 'Rounds +/-', title: 'Rounds won minus rounds lost', numeric: true, value: (r) => r.round_diff, cell: (r) => <PlusMinus value={r.round_diff} /> },
  { key: 'picks', label: 'Picked', numeric: true, value: (r) => r.picks, cell: (r) => r.picks },
  { key: 'bans', label: 'Banned', numeric: true, value: (r) => r.bans, cell: (r) => r.bans },
  { key: 'first_bans', label: 'First ban', title: "Matches whose team's first ban was this map", numeric: true, value: (r) => r.first_bans, cell: (r) => r.first_bans },
];

/** A team's maps in one season (or all): how often played, won, lost, picked, banned and banned first. */
export function TeamMapPool({ teamName, maps, seasonName }: { teamName: string; maps: Loadable<TeamMaps>; seasonName: string }) {
  if (maps.isPending) return <Skeleton height={200} role="status" aria-label="Loading map pool" />;
  if (maps.isError || !maps.data) return <LoadFailed message="The map pool could not be loaded." onRetry={() => void maps.refetch()} />;
  if (maps.data.results.length === 0) return <EmptyMessage message={`No maps played or vetoed in ${seasonName}`} />;
  return (
    <SortableTable
      name="map-pool"
      caption={`Map pool of ${teamName}, ${seasonName}`}
      columns={MAP_POOL_COLUMNS}
      rows={maps.data.results}
      rowKey={(row) => row.map}
      initialSort={{ key: 'played', order: 'desc' }}
    />
  );
}
