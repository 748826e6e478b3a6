import type { PlayerEditFields, PlayerOption, TeamOption } from '@campus-elo/api-contract';
import { useState } from 'react';
import { trpc } from '../../lib/trpc';
import { useNotice } from '../admin-shell/ResultNotice';
import { errorMessage } from '../../lib/error-message';
import { playerChoices } from './options';
import { PickToEdit } from './PickToEdit';
import { PlayerForm } from './PlayerForm';

export function EditPlayerPanel({ players, teams }: { players: PlayerOption[]; teams: TeamOption[] }) {
  const [playerId, setPlayerId] = useState<string | null>(null);
  const notice = useNotice();
  const { show, clear } = notice;
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
    <PickToEdit
      noun="player"
      prompt="Select a player to edit their details"
      choices={playerChoices(players)}
      selectedId={playerId}
      onSelect={setPlayerId}
      chosen={player}
      notice={notice}
      form={(data) => <PlayerForm key={`${data.id}:${player.dataUpdatedAt}`} player={data} teams={teams} saving={update.isPending} onSave={save} onEdit={clear} />}
    />
  );
}
