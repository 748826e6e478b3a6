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
import { useId } from 'react';
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

  return (
    <div>
      <Button variant="default" onClick={onToggle} aria-expanded={open} aria-controls={panelId}>
        Filter Matches
      </Button>
      <Collapse expanded={open} id={panelId}>
        <Paper withBorder p="md" mt="sm">
          <SimpleGrid cols={{ base: 1, xs: 2, md: 5 }} spacing="sm">
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
