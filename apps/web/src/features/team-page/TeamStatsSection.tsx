import '@mantine/core/styles/Input.css';
import '@mantine/core/styles/Combobox.css';
import '@mantine/core/styles/CloseButton.css';
import { rankingsSeasonsInput, teamSeasonLinesInput } from '@campus-elo/api-contract';
import { NativeSelect, Skeleton, Text } from '@mantine/core';
import { useState } from 'react';
import { trpc } from '../../lib/trpc';
import { LoadFailed } from '../common/LoadFailed';
import { PageSection } from '../common/PageSection';
import { SortableTable } from '../common/SortableTable';
import { EmptyMessage } from '../common/states';
import { LEADERBOARD_COLUMNS, PLAYER_COLUMN, type LeaderboardRow } from '../stats/leaderboardColumns';
import { TeamMapPool } from './TeamMapPool';
import classes from './TeamPage.module.css';

const PLAYER_LINE_COLUMNS = [PLAYER_COLUMN, ...LEADERBOARD_COLUMNS.filter((column) => column.key !== 'team')];

/** Every player's line for the team in a season, however few maps (the leaderboard's rule is for ranking, not for a roster). */
function PlayerLines({ teamName, rows, seasonName }: { teamName: string; rows: LeaderboardRow[]; seasonName: string }) {
  if (rows.length === 0) return <EmptyMessage message={`No player lines for ${teamName} in ${seasonName}`} />;
  return (
    <SortableTable
      name="team-players"
      caption={`Players of ${teamName}, ${seasonName}`}
      columns={PLAYER_LINE_COLUMNS}
      rows={rows}
      rowKey={(row) => row.player.id}
      initialSort={{ key: 'rating', order: 'desc' }}
    />
  );
}

/** A team's game in one season: its map pool and each player's line. Opens on the current season. */
export function TeamStatsSection({ teamId, teamName, enabled }: { teamId: string; teamName: string; enabled: boolean }) {
  // Asked once the team is known to exist, like the page's other parts (one 404 for an unknown id).
  const currentSeason = trpc.public.currentSeason.useQuery(undefined, { enabled });
  const seasons = trpc.public.seasons.useQuery(rankingsSeasonsInput, { enabled });
  const [chosen, setChosen] = useState<string | undefined>();
  // The current season, else the latest: a map pool and season lines are per season.
  const seasonId = chosen ?? (currentSeason.isPending ? undefined : (currentSeason.data?.id ?? seasons.data?.results[0]?.id));
  const seasonName = seasons.data?.results.find((season) => season.id === seasonId)?.name ?? 'this season';
  const ready = enabled && seasonId !== undefined;
  const noSeason = !currentSeason.isPending && !seasons.isPending && seasonId === undefined;
  const maps = trpc.public.teamMaps.useQuery({ id: teamId, season_id: seasonId }, { enabled: ready });
  const players = trpc.public.playerLeaderboard.useQuery(teamSeasonLinesInput(teamId, seasonId ?? ''), { enabled: ready });

  let lines;
  if (!ready || players.isPending) lines = <Skeleton height={160} role="status" aria-label="Loading player lines" />;
  else if (players.isError || !players.data) lines = <LoadFailed message="The player lines could not be loaded." onRetry={() => void players.refetch()} />;
  else lines = <PlayerLines teamName={teamName} rows={players.data.results} seasonName={seasonName} />;

  if (noSeason) {
    return (
      <PageSection title="Maps and players">
        <EmptyMessage message="No seasons yet" />
      </PageSection>
    );
  }
  return (
    <PageSection title="Maps and players">
      <div className={classes.stats}>
        <NativeSelect
          label="Season"
          className={classes.seasonSelect}
          data={[
            ...(seasonId ? [] : [{ value: '', label: seasons.isPending || currentSeason.isPending ? 'Loading seasons…' : 'No seasons yet', disabled: true }]),
            ...(seasons.data?.results ?? []).map((season) => ({ value: season.id, label: season.name })),
          ]}
          value={seasonId ?? ''}
          onChange={(event) => event.currentTarget.value && setChosen(event.currentTarget.value)}
        />
        <Text fw={700} component="h3" size="md">
          Map pool
        </Text>
        {ready ? <TeamMapPool teamName={teamName} maps={maps} seasonName={seasonName} /> : <Skeleton height={160} role="status" aria-label="Loading map pool" />}
        <Text fw={700} component="h3" size="md">
          Players
        </Text>
        {lines}
      </div>
    </PageSection>
  );
}
