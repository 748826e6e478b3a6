import type { TeamEditFields, TeamOption } from '@campus-elo/api-contract';
import { Select, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { trpc } from '../../lib/trpc';
import { NoticeSlot, useNotice } from '../admin-shell/ResultNotice';
import { errorMessage } from '../../lib/error-message';
import { LoadingState } from '../common/states';
import { teamChoices } from './options';
import { TeamForm } from './TeamForm';

export function EditTeamPanel({ teams }: { teams: TeamOption[] }) {
  const [teamId, setTeamId] = useState<string | null>(null);
  const { notice, show, clear } = useNotice();
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
    <Stack maw={720}>
      <NoticeSlot notice={notice} onClose={clear} />
      <Select
        label="Select a team"
        placeholder="Search teams"
        data={teamChoices(teams)}
        value={teamId}
        onChange={setTeamId}
        searchable
        clearable
        limit={200}
        nothingFoundMessage="No team matches"
      />
      {teamId === null ? (
        <Text c="dimmed">Select a team to edit its details</Text>
      ) : team.isError ? (
        <Text c="var(--app-error-text)" role="alert">
          {errorMessage(team.error, 'Failed to load teams and players')}
        </Text>
      ) : !team.data ? (
        <LoadingState label="Loading team" />
      ) : (
        <TeamForm key={`${team.data.id}:${team.dataUpdatedAt}`} team={team.data} saving={update.isPending} onSave={save} onEdit={clear} />
      )}
    </Stack>
  );
}
