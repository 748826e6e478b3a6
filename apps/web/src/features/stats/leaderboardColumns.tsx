import type { playerLeaderboardRow } from '@campus-elo/api-contract';
import type { z } from 'zod';
import { RouterAnchor } from '../common/RouterAnchor';
import type { SortableColumn } from '../common/SortableTable';
import { formatKd, formatOnePlace, formatPercent, formatRating, PlusMinus } from '../common/stat-format';

export type LeaderboardRow = z.infer<typeof playerLeaderboardRow>;

/** A leaderboard column; the player's name always shows, the others as the visitor picks. */
export type LeaderboardColumn = SortableColumn<LeaderboardRow> & { phone: boolean };

export const PLAYER_COLUMN: LeaderboardColumn = {
  key: 'player',
  label: 'Player',
  unsortable: true,
  phone: true,
  value: (r) => r.player.name,
  cell: (r) => (
    <RouterAnchor to="/players/$id" params={{ id: r.player.id }} fw={600}>
      {r.player.name}
    </RouterAnchor>
  ),
};

/**
 * Every column a visitor can show. The keys of sortable ones are the API's sort names
 * (PLAYER_LEADERBOARD_SORTS); `phone` ones show by default on a narrow screen.
 */
export const LEADERBOARD_COLUMNS: readonly LeaderboardColumn[] = [
  {
    key: 'team',
    label: 'Team',
    unsortable: true,
    phone: false,
    value: (r) => r.team.name,
    cell: (r) => (
      <RouterAnchor to="/teams/$id" params={{ id: r.team.id }}>
        {r.team.name}
      </RouterAnchor>
    ),
  },
  { key: 'maps', label: 'Maps', numeric: true, phone: true, value: (r) => r.maps, cell: (r) => r.maps },
  { key: 'rating', label: 'Rating', title: 'Rating 1.0', numeric: true, phone: true, value: (r) => r.rating, cell: (r) => formatRating(r.rating) },
  { key: 'kd', label: 'K/D', title: 'Kills per death', numeric: true, phone: false, value: (r) => r.kd, cell: (r) => formatKd(r.kd) },
  { key: 'plus_minus', label: '+/-', title: 'Kills minus deaths', numeric: true, phone: false, value: (r) => r.plus_minus, cell: (r) => <PlusMinus value={r.plus_minus} /> },
  { key: 'adr', label: 'ADR', title: 'Average damage per round', numeric: true, phone: false, value: (r) => r.adr, cell: (r) => formatOnePlace(r.adr) },
  { key: 'hs_pct', label: 'HS%', title: 'Share of kills by headshot', numeric: true, phone: false, value: (r) => r.hs_pct, cell: (r) => formatPercent(r.hs_pct) },
  { key: 'kills', label: 'Kills', numeric: true, phone: false, value: (r) => r.kills, cell: (r) => r.kills },
  { key: 'clutch_wins', label: 'Clutches', title: 'Clutches won (1 against 1 or more)', numeric: true, phone: false, value: (r) => r.clutch_wins, cell: (r) => r.clutch_wins },
  { key: 'first_kills', label: 'Opening kills', title: 'Opening duels won: the first kill of a round', numeric: true, phone: false, value: (r) => r.first_kills, cell: (r) => r.first_kills },
];
