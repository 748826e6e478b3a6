import type { TeamEditFields, TeamOption } from '@campus-elo/api-contract';
import { useState } from 'react';
import { trpc } from '../../lib/trpc';
import { useNotice } from '../admin-shell/ResultNotice';
import { errorMessage } from '../../lib/error-message';
import { teamChoices } from './options';
import { PickToEdit } from './PickToEdit';
import { TeamForm } from './TeamForm';

export function EditTeamPanel({ teams }: { teams: TeamOption[] }) {
  const [teamId, setTeamId] = useState<string | null>(null);
  const notice = useNotice();
  const { show, clear } = notice;
  const utils = trpc.useUtils();
  const team = trpc.admin.teams.get.useQuery({ id: teamId ?? '' }, { enabled: teamId !== null });
  const update = trpc.admin.teams.update.useMutation({
    onSuccess: async (saved) => {
      utils.admin.teams.get.setData({ id: saved.id }, saved);
      show({ color: 'green', message: 'Team updated successfully' });
      // Names show in both dropdowns (players carry their team's name).
      await Promise.all([utils.admin.teams.options.invalidate(), utils.admin.players.options.invalidate()]);
    },
    onError: (error) => show({ color: 'red', title: 'Failed to update team', message: errorMessage(error, 'Please try again.') }),
  });

  const save = (fields: TeamEditFields) => {
    if (teamId) update.mutate({ id: teamId, ...fields });
  };

  return (
    <PickToEdit
      noun="team"
      prompt="Select a team to edit its details"
      choices={teamChoices(teams)}
      selectedId={teamId}
      onSelect={setTeamId}
      chosen={team}
      notice={notice}
      form={(data) => <TeamForm key={`${data.id}:${team.dataUpdatedAt}`} team={data} saving={update.isPending} onSave={save} onEdit={clear} />}
    />
  );
}
