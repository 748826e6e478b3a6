import type { PlayerEditFields, PlayerOption, TeamOption } from '@campus-elo/api-contract';
import { Select, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { trpc } from '../../lib/trpc';
import { NoticeSlot, useNotice } from '../admin-shell/ResultNotice';
import { errorMessage } from '../../lib/error-message';
import { LoadingState } from '../common/states';
import { playerChoices } from './options';
import { PlayerForm } from './PlayerForm';

export function EditPlayerPanel({ players, teams }: { players: PlayerOption[]; teams: TeamOption[] }) {
  const [playerId, setPlayerId] = useState<string | null>(null);
  const { notice, show, clear } = useNotice();
  const utils = trpc.useUtils();
  const player = trpc.admin.players.get.useQuery({ id: playerId ?? '' }, { enabled: playerId !== null });
  const update = trpc.admin.players.update.useMutation({
    onSuccess: async (saved) => {
      utils.admin.players.get.setData({ id: saved.id }, saved);
      show({ color: 'green', message: 'Player updated successfully' });
      await utils.admin.players.options.invalidate();
    },
    onError: (error) => show({ color: 'red', title: 'Failed to update player', message: errorMessage(error, 'Please try again.') }),
  });

  const save = (fields: PlayerEditFields) => {
    if (playerId) update.mutate({ id: playerId, ...fields });
  };

  return (
    <Stack maw={720}>
      <NoticeSlot notice={notice} onClose={clear} />
      <Select
        label="Select a player"
        placeholder="Search players"
        data={playerChoices(players)}
        value={playerId}
        onChange={setPlayerId}
        searchable
        clearable
        limit={200}
        nothingFoundMessage="No player matches"
      />
      {playerId === null ? (
        <Text c="dimmed">Select a player to edit their details</Text>
      ) : player.isError ? (
        <Text c="var(--app-error-text)" role="alert">
          {errorMessage(player.error, 'Failed to load teams and players')}
        </Text>
      ) : !player.data ? (
        <LoadingState label="Loading player" />
      ) : (
        <PlayerForm key={`${player.data.id}:${player.dataUpdatedAt}`} player={player.data} teams={teams} saving={update.isPending} onSave={save} onEdit={clear} />
      )}
    </Stack>
  );
}
