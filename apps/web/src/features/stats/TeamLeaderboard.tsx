import type { TeamMapLeaderboardInput, teamMapLeaderboardRow } from '@campus-elo/api-contract';
import { Skeleton } from '@mantine/core';
import { keepPreviousData } from '@tanstack/react-query';
import type { z } from 'zod';
import { trpc } from '../../lib/trpc';
import { LoadFailed } from '../common/LoadFailed';
import { SortableTable, type SortableColumn, type SortOrder } from '../common/SortableTable';
import { EmptyMessage } from '../common/states';
import { RouterAnchor } from '../common/RouterAnchor';
import { formatPercent, PlusMinus } from '../common/stat-format';
import { LeaderboardPager } from './LeaderboardPager';
import classes from './StatsPage.module.css';

type TeamRow = z.infer<typeof teamMapLeaderboardRow>;
/** `phone` columns show on a narrow screen, the sorted one always. Sortable keys are the API's sorts. */
type TeamColumn = SortableColumn<TeamRow> & { phone: boolean };

const TEAM_COLUMNS: readonly TeamColumn[] = [
  {
    key: 'team',
    label: 'Team',
    unsortable: true,
    phone: true,
    value: (r) => r.team.name,
    cell: (r) => (
      <RouterAnchor to="/teams/$id" params={{ id: r.team.id }} fw={600}>
        {r.team.name}
      </RouterAnchor>
    ),
  },
  { key: 'played', label: 'Played', numeric: true, phone: true, value: (r) => r.played, cell: (r) => r.played },
  { key: 'wins', label: 'Won', numeric: true, phone: false, value: (r) => r.wins, cell: (r) => r.wins },
  { key: 'losses', label: 'Lost', numeric: true, unsortable: true, phone: false, value: (r) => r.losses, cell: (r) => r.losses },
  { key: 'win_pct', label: 'Win %', numeric: true, phone: true, value: (r) => r.win_pct, cell: (r) => formatPercent(r.win_pct) },
  { key: 'round_diff', label: 'Rounds +/-', title: 'Rounds won minus rounds lost', numeric: true, phone: false, value: (r) => r.round_diff, cell: (r) => <PlusMinus value={r.round_diff} /> },
  { key: 'picks', label: 'Picked', numeric: true, phone: false, value: (r) => r.picks, cell: (r) => r.picks },
  { key: 'bans', label: 'Banned', numeric: true, phone: false, value: (r) => r.bans, cell: (r) => r.bans },
];

interface TeamLeaderboardProps {
  input: TeamMapLeaderboardInput;
  /** False until the season to show is known (the current one loads first). */
  ready: boolean;
  minMaps: number;
  onSort: (sort: { key: string; order: SortOrder }) => void;
  onPage: (page: number) => void;
}

/** The team map leaderboard: each team's maps in a season (one map or all), sorted by the server, a page at a time. */
export function TeamLeaderboard({ input, ready, minMaps, onSort, onPage }: TeamLeaderboardProps) {
  const leaderboard = trpc.public.teamMapLeaderboard.useQuery(input, { enabled: ready, placeholderData: keepPreviousData });
  // Every column at every width: CSS hides on phones those a phone does not show (the sorted one stays).
  const columns = TEAM_COLUMNS.map((column) => ({ ...column, wideOnly: !column.phone && column.key !== input.sort }));

  if (!ready || leaderboard.isPending) return <Skeleton height={320} role="status" aria-label="Loading team leaderboard" />;
  if (leaderboard.isError || !leaderboard.data)
    return <LoadFailed message="The team leaderboard could not be loaded. Check your connection and try again." onRetry={() => void leaderboard.refetch()} />;
  const data = leaderboard.data;
  if (data.results.length === 0) return <EmptyMessage message={`No team has played ${minMaps === 1 ? 'a map' : `${minMaps} maps`} for these filters yet.`} />;
  return (
    <div className={classes.leaderboard}>
      <div aria-busy={leaderboard.isPlaceholderData}>
        <SortableTable
          name="team-leaderboard"
          caption="Team map leaderboard"
          columns={columns}
          rows={data.results}
          rowKey={(row) => row.team.id}
          initialSort={{ key: input.sort, order: input.order }}
          sort={{ key: input.sort, order: input.order }}
          onSort={onSort}
          presorted
        />
      </div>
      <LeaderboardPager currentPage={data.current_page} totalPages={data.total_pages} onPage={onPage} />
    </div>
  );
}
