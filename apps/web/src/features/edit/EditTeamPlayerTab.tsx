import { Alert, Stack, Tabs } from '@mantine/core';
import { useState } from 'react';
import { trpc } from '../../lib/trpc';
import { LoadingState } from '../common/states';
import { EditPlayerPanel } from './EditPlayerPanel';
import { EditTeamPanel } from './EditTeamPanel';

export const LOAD_FAILED_MESSAGE = 'Failed to load teams and players';

/** Edit Team/Player: sub-tabs Teams and Players, each a dropdown (sorted by name) and a form. */
export function EditTeamPlayerTab() {
  const [subTab, setSubTab] = useState<string | null>('teams');
  const teams = trpc.admin.teams.options.useQuery();
  const players = trpc.admin.players.options.useQuery();

  if (teams.isError || players.isError) {
    return (
      <Alert color="red" variant="filled" role="alert">
        {LOAD_FAILED_MESSAGE}
      </Alert>
    );
  }
  if (!teams.data || !players.data) return <LoadingState label="Loading teams and players" />;

  return (
    <Tabs value={subTab} onChange={setSubTab} keepMounted={false}>
      <Tabs.List>
        <Tabs.Tab value="teams">Teams</Tabs.Tab>
        <Tabs.Tab value="players">Players</Tabs.Tab>
      </Tabs.List>
      <Stack pt="md">
        <Tabs.Panel value="teams">
          <EditTeamPanel teams={teams.data} />
        </Tabs.Panel>
        <Tabs.Panel value="players">
          <EditPlayerPanel players={players.data} teams={teams.data} />
        </Tabs.Panel>
      </Stack>
    </Tabs>
  );
}
