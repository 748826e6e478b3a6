import '@mantine/core/styles/ScrollArea.css';
import '@mantine/core/styles/Popover.css';
import '@mantine/core/styles/CloseButton.css';
import '@mantine/core/styles/Overlay.css';
import '@mantine/core/styles/Input.css';
import '@mantine/core/styles/Button.css';
import '@mantine/core/styles/Checkbox.css';
import '@mantine/core/styles/Combobox.css';
import '@mantine/core/styles/SimpleGrid.css';
import { Button, Collapse, Paper, Select, SimpleGrid, TextInput } from '@mantine/core';
import { SEARCH_MIN_LENGTH } from '@campus-elo/api-contract';
import { useId, useState } from 'react';
import { trpc } from '../../lib/trpc';
import type { PastMatchSearch } from './pastMatchSearch';

const ALL = 'all';

interface PastMatchFiltersProps {
  filters: PastMatchSearch;
  open: boolean;
  onToggle: () => void;
  onChange: (patch: Partial<PastMatchSearch>) => void;
  onReset: () => void;
}

const orderOptions = [
  { value: 'desc', label: 'Newest First' },
  { value: 'asc', label: 'Oldest First' },
];

/** The collapsible 'Filter Matches' panel above the past-match list. */
export function PastMatchFilters({ filters, open, onToggle, onChange, onReset }: PastMatchFiltersProps) {
  const panelId = useId();
  const seasons = trpc.public.seasons.useQuery({ sort: 'start_date', order: 'desc', page: 1, page_size: 50 });
  const seasonOptions = [{ value: ALL, label: 'All Seasons' }, ...(seasons.data?.results ?? []).map((season) => ({ value: season.id, label: season.name }))];
  // Competitions come from the database; the list filter matches by name, so one option per name.
  const competitions = trpc.public.competitions.useQuery();
  const competitionNames = [...new Set((competitions.data ?? []).map((competition) => competition.name))];
  if (filters.competition && !competitionNames.includes(filters.competition)) competitionNames.push(filters.competition);
  const competitionOptions = [{ value: ALL, label: 'All Competitions' }, ...competitionNames.map((name) => ({ value: name, label: name }))];
  // Teams are found by the site's search as the visitor types (a league may have thousands);
  // the chosen one is named from its page, so a shared link shows it.
  const [teamQuery, setTeamQuery] = useState('');
  const foundTeams = trpc.public.search.useQuery({ q: teamQuery.trim(), limit: 8 }, { enabled: [...teamQuery.trim()].length >= SEARCH_MIN_LENGTH });
  const chosenTeam = trpc.public.team.useQuery({ id: filters.team ?? '' }, { enabled: filters.team !== undefined });
  const teamOptions = [
    ...(chosenTeam.data ? [{ value: chosenTeam.data.id, label: chosenTeam.data.name }] : []),
    ...(foundTeams.data?.teams ?? []).filter((team) => team.id !== filters.team).map((team) => ({ value: team.id, label: team.name })),
  ];

  return (
    <div>
      <Button variant="default" onClick={onToggle} aria-expanded={open} aria-controls={panelId}>
        Filter Matches
      </Button>
      <Collapse expanded={open} id={panelId}>
        <Paper withBorder p="md" mt="sm">
          <SimpleGrid cols={{ base: 1, xs: 2, md: 3, lg: 6 }} spacing="sm">
            <TextInput
              type="date"
              label="From Date"
              value={filters.from ?? ''}
              max={filters.to}
              onChange={(event) => onChange({ from: event.currentTarget.value || undefined })}
            />
            <TextInput
              type="date"
              label="To Date"
              value={filters.to ?? ''}
              min={filters.from}
              onChange={(event) => onChange({ to: event.currentTarget.value || undefined })}
            />
            <Select
              label="Season"
              data={seasonOptions}
              value={filters.season ?? ALL}
              allowDeselect={false}
              onChange={(value) => onChange({ season: value && value !== ALL ? value : undefined })}
            />
            <Select
              label="Competition"
              data={competitionOptions}
              value={filters.competition ?? ALL}
              allowDeselect={false}
              onChange={(value) => onChange({ competition: value && value !== ALL ? value : undefined })}
            />
            <Select
              label="Team"
              placeholder="All teams: type a name"
              searchable
              data={teamOptions}
              value={filters.team ?? null}
              clearable
              searchValue={teamQuery}
              onSearchChange={setTeamQuery}
              // The search already chose the options: show them all.
              filter={({ options }) => options}
              nothingFoundMessage={[...teamQuery.trim()].length >= SEARCH_MIN_LENGTH ? 'No team found' : 'Type two letters or more'}
              onChange={(value) => onChange({ team: value ?? undefined })}
            />
            <Select
              label="Order"
              data={orderOptions}
              value={filters.order ?? 'desc'}
              allowDeselect={false}
              onChange={(value) => onChange({ order: value === 'asc' ? 'asc' : undefined })}
            />
          </SimpleGrid>
          <Button variant="default" mt="sm" onClick={onReset}>
            Reset Filters
          </Button>
        </Paper>
      </Collapse>
    </div>
  );
}
