import type { PlayerLeaderboardInput } from '@campus-elo/api-contract';
import { Skeleton } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { keepPreviousData } from '@tanstack/react-query';
import { useState } from 'react';
import { trpc } from '../../lib/trpc';
import { LoadFailed } from '../common/LoadFailed';
import { SortableTable, type SortOrder } from '../common/SortableTable';
import { EmptyMessage } from '../common/states';
import { LEADERBOARD_COLUMNS, PLAYER_COLUMN } from './leaderboardColumns';
import { LeaderboardPager } from './LeaderboardPager';
import classes from './StatsPage.module.css';

/** Which columns show: the visitor's pick, else by screen width; the sorted column always. */
function ColumnPicker({ shown, onChange }: { shown: ReadonlySet<string>; onChange: (key: string, show: boolean) => void }) {
  return (
    <details className={classes.columns}>
      <summary>Columns</summary>
      <fieldset className={classes.columnChoices}>
        <legend className={classes.legend}>
          Columns to show
        </legend>
        {LEADERBOARD_COLUMNS.map((column) => (
          <label key={column.key} className={classes.columnChoice}>
            <input type="checkbox" checked={shown.has(column.key)} onChange={(event) => onChange(column.key, event.currentTarget.checked)} />
            {column.title ? `${column.label} (${column.title})` : column.label}
          </label>
        ))}
      </fieldset>
    </details>
  );
}

interface PlayerLeaderboardProps {
  input: PlayerLeaderboardInput;
  /** False until the season to show is known (the current one loads first). */
  ready: boolean;
  minMaps: number;
  onSort: (sort: { key: string; order: SortOrder }) => void;
  onPage: (page: number) => void;
}

/** The player leaderboard: sorted by the server by any stat column, a page at a time. */
export function PlayerLeaderboard({ input, ready, minMaps, onSort, onPage }: PlayerLeaderboardProps) {
  // Until the visitor picks columns, a phone's are a phone's: CSS hides the others at first (the
  // server's render and the hydrating one say wide), then the width read after hydration leaves
  // them out of the picker too, with nothing on screen moving (docs/decisions/0097).
  const phone = useMediaQuery('(max-width: 48em)', false, { getInitialValueInEffect: true });
  const [picked, setPicked] = useState<ReadonlySet<string> | null>(null);
  const leaderboard = trpc.public.playerLeaderboard.useQuery(input, { enabled: ready, placeholderData: keepPreviousData });
  const shown = picked ?? new Set(LEADERBOARD_COLUMNS.filter((column) => !phone || column.phone).map((column) => column.key));
  const columns = [
    PLAYER_COLUMN,
    ...LEADERBOARD_COLUMNS.filter((column) => shown.has(column.key) || column.key === input.sort).map((column) => ({
      ...column,
      wideOnly: picked === null && !column.phone && column.key !== input.sort,
    })),
  ];
  const choose = (key: string, show: boolean) => {
    const next = new Set(shown);
    if (show) next.add(key);
    else next.delete(key);
    setPicked(next);
  };

  let content;
  if (!ready || leaderboard.isPending) content = <Skeleton height={320} role="status" aria-label="Loading leaderboard" />;
  else if (leaderboard.isError || !leaderboard.data) content = <LoadFailed message="The leaderboard could not be loaded. Check your connection and try again." onRetry={() => void leaderboard.refetch()} />;
  else if (leaderboard.data.results.length === 0)
    content = <EmptyMessage message={`No player has played ${minMaps === 1 ? 'a map' : `${minMaps} maps`} for these filters yet.`} />;
  else {
    const data = leaderboard.data;
    content = (
      <>
        <div aria-busy={leaderboard.isPlaceholderData}>
          <SortableTable
            name="leaderboard"
            caption="Player leaderboard"
            columns={columns}
            rows={data.results}
            rowKey={(row) => `${row.player.id}:${row.team.id}`}
            initialSort={{ key: input.sort, order: input.order }}
            sort={{ key: input.sort, order: input.order }}
            onSort={onSort}
            presorted
          />
        </div>
        <LeaderboardPager currentPage={data.current_page} totalPages={data.total_pages} onPage={onPage} />
      </>
    );
  }
  return (
    <div className={classes.leaderboard}>
      <ColumnPicker shown={shown} onChange={choose} />
      {content}
    </div>
  );
}
