import { Stack, Tabs, TextInput } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useState } from 'react';
import { MatchesTable, PlayersTable, TeamsTable } from './tables';
import { PageControls } from '../admin-shell/TableParts';

const VIEWER_PAGE_SIZE = 25;
type ViewerTable = 'teams' | 'players' | 'matches';

/** Database Viewer: Teams, Players and Matches, searched and paged on the server. */
export function DatabaseViewerTab() {
  const [table, setTable] = useState<ViewerTable>('teams');
  const [search, setSearch] = useState('');
  const [debouncedSearch] = useDebouncedValue(search.trim(), 300);
  const [page, setPage] = useState(1);
  const [totalPages, setTotalPages] = useState(0);

  const chooseTable = (next: string | null) => {
    if (next !== 'teams' && next !== 'players' && next !== 'matches') return;
    setTable(next);
    setPage(1);
  };
  const changeSearch = (value: string) => {
    setSearch(value);
    setPage(1);
  };

  const input = { search: debouncedSearch || undefined, page, page_size: VIEWER_PAGE_SIZE };
  const tableProps = { input, onTotalPages: setTotalPages };

  return (
    <Stack>
      <Tabs value={table} onChange={chooseTable} keepMounted={false}>
        <Tabs.List>
          <Tabs.Tab value="teams">Teams</Tabs.Tab>
          <Tabs.Tab value="players">Players</Tabs.Tab>
          <Tabs.Tab value="matches">Matches</Tabs.Tab>
        </Tabs.List>
        <Stack pt="md">
          <TextInput
            label={`Search ${table}`}
            placeholder={table === 'matches' ? 'Team, competition or match id' : table === 'players' ? 'Name, Steam ID, Faceit ID or team' : 'Team or school name'}
            value={search}
            onChange={(event) => changeSearch(event.currentTarget.value)}
            type="search"
            maw={420}
          />
          <Tabs.Panel value="teams">
            <TeamsTable {...tableProps} />
          </Tabs.Panel>
          <Tabs.Panel value="players">
            <PlayersTable {...tableProps} />
          </Tabs.Panel>
          <Tabs.Panel value="matches">
            <MatchesTable {...tableProps} />
          </Tabs.Panel>
        </Stack>
      </Tabs>
      <PageControls totalPages={totalPages} page={page} onChange={setPage} />
    </Stack>
  );
}
