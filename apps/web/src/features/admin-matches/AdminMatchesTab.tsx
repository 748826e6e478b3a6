import type { EloChange, ViewerMatch } from '@campus-elo/api-contract';
import { Alert, Badge, Button, Group, ScrollArea, Select, Stack, Table, Text, TextInput } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useMemo, useState } from 'react';
import { serverMessage } from '../../lib/error-message';
import { trpc } from '../../lib/trpc';
import { EloChangeList, UndoRunButton, useConfirm } from '../admin-shell';
import { formatDateTime, browserTimeZone } from '../common/format';
import { LoadingState } from '../common/states';
import { MatchEditor } from './MatchEditor';
import { EMPTY_MATCH_FORM, MATCH_STATUSES, matchFormValues } from './match-form-values';
import { ANY_STATUS, INITIAL_MATCH_LIST, MATCH_PERIODS, STATUS_CHOICES, periodWindow, type MatchListState } from './match-list-filters';
import { ColumnHeaders, PageControls } from '../admin-shell/TableParts';

const PAGE_SIZE = 25;

type View = { kind: 'list' } | { kind: 'create' } | { kind: 'edit'; id: string };

/** What the last save or delete did: its Elo changes and the run to undo. */
interface Outcome {
  title: string;
  changes: EloChange[];
  runId: string | null;
}

function statusLabel(status: string): string {
  return MATCH_STATUSES.find((s) => s.value === status)?.label ?? status;
}

function scoreText(match: ViewerMatch): string {
  return match.score_team1 === null || match.score_team2 === null ? '–' : `${match.score_team1} : ${match.score_team2}`;
}

/** The Matches tab: find a match, enter one by hand, correct or delete one, with its Elo effect shown first. */
export function AdminMatchesTab() {
  const [view, setView] = useState<View>({ kind: 'list' });
  const [outcome, setOutcome] = useState<Outcome | null>(null);
  // Held here, not in the list, which unmounts while a match is edited: Save returns to the same page, search and filters.
  const [listState, setListState] = useState<MatchListState>(INITIAL_MATCH_LIST);

  const saved = (title: string) => (result: { elo_changes: EloChange[]; elo_run_id: string | null }) => {
    setOutcome({ title, changes: result.elo_changes, runId: result.elo_run_id });
    setView({ kind: 'list' });
  };

  if (view.kind === 'create') {
    return <MatchEditor matchId={null} initial={EMPTY_MATCH_FORM} onSaved={saved('Match created')} onCancel={() => setView({ kind: 'list' })} />;
  }
  if (view.kind === 'edit') return <EditMatch id={view.id} onSaved={saved('Match saved')} onCancel={() => setView({ kind: 'list' })} />;
  return (
    <Stack>
      {outcome && (
        <Alert color="green" variant="light" title={outcome.title} withCloseButton closeButtonLabel="Dismiss" onClose={() => setOutcome(null)} role="status">
          <Stack gap="xs">
            <EloChangeList changes={outcome.changes} />
            {outcome.runId && <UndoRunButton runId={outcome.runId} />}
          </Stack>
        </Alert>
      )}
      <MatchList
        state={listState}
        onStateChange={setListState}
        onCreate={() => {
          setOutcome(null);
          setView({ kind: 'create' });
        }}
        onEdit={(id) => {
          setOutcome(null);
          setView({ kind: 'edit', id });
        }}
        onDeleted={saved('Match deleted')}
      />
    </Stack>
  );
}

function EditMatch({ id, onSaved, onCancel }: { id: string; onSaved: Parameters<typeof MatchEditor>[0]['onSaved']; onCancel(): void }) {
  const match = trpc.admin.matches.get.useQuery({ id });
  if (match.isPending) return <LoadingState label="Loading the match" />;
  if (match.isError) {
    return (
      <Stack align="flex-start">
        <Alert color="red" role="alert">
          {serverMessage(match.error) ?? 'The match could not be loaded.'}
        </Alert>
        <Button variant="subtle" onClick={onCancel}>
          Back to matches
        </Button>
      </Stack>
    );
  }
  return <MatchEditor matchId={id} initial={matchFormValues(match.data)} onSaved={onSaved} onCancel={onCancel} />;
}

interface MatchListProps {
  state: MatchListState;
  onStateChange(state: MatchListState): void;
  onCreate(): void;
  onEdit(id: string): void;
  onDeleted(result: { elo_changes: EloChange[]; elo_run_id: string | null }): void;
}

function MatchList({ state, onStateChange, onCreate, onEdit, onDeleted }: MatchListProps) {
  const utils = trpc.useUtils();
  const confirm = useConfirm();
  const { search, page, status, period } = state;
  const [debounced] = useDebouncedValue(search.trim(), 300);
  const [deleteError, setDeleteError] = useState<string | null>(null);
  // The window is fixed when the period is chosen, so the query's key does not change on every render.
  const dateWindow = useMemo(() => periodWindow(period, new Date()), [period]);
  const matches = trpc.admin.viewer.matches.useQuery({
    search: debounced || undefined,
    status: status === ANY_STATUS ? undefined : status,
    ...dateWindow,
    page,
    page_size: PAGE_SIZE,
  });
  // A new search or filter starts again from page 1.
  const refine = (change: Partial<MatchListState>) => onStateChange({ ...state, ...change, page: 1 });
  const remove = trpc.admin.matches.delete.useMutation();

  async function deleteMatch(match: ViewerMatch) {
    setDeleteError(null);
    try {
      const effect = await remove.mutateAsync({ id: match.id, dry_run: true });
      const agreed = await confirm({
        title: 'Delete this match?',
        message: (
          <Stack gap="xs">
            <Text size="sm">
              {match.team1.name} vs {match.team2.name}, {formatDateTime(match.date, browserTimeZone())}, is removed for good.
            </Text>
            <Text size="sm" fw={500}>
              Elo effect:
            </Text>
            <EloChangeList changes={effect.elo_changes} label="Elo effect of deleting" />
          </Stack>
        ),
        confirmLabel: 'Delete match',
        color: 'red',
      });
      if (!agreed) return;
      const result = await remove.mutateAsync({ id: match.id, dry_run: false });
      await Promise.all([utils.admin.viewer.invalidate(), utils.public.invalidate(), utils.admin.audit.invalidate()]);
      onDeleted(result);
    } catch (error) {
      setDeleteError(serverMessage(error) ?? 'The match could not be deleted. Try again.');
    }
  }

  return (
    <Stack>
      <Group justify="space-between" align="flex-end">
        <Group align="flex-end" gap="sm">
          <TextInput
            label="Search matches"
            placeholder="Team, competition or match id"
            type="search"
            value={search}
            onChange={(event) => refine({ search: event.currentTarget.value })}
            w={300}
          />
          <Select
            label="Status"
            data={STATUS_CHOICES}
            value={status}
            onChange={(value) => refine({ status: (value as MatchListState['status'] | null) ?? ANY_STATUS })}
            allowDeselect={false}
            w={160}
          />
          <Select
            label="Date"
            data={MATCH_PERIODS}
            value={period}
            onChange={(value) => refine({ period: (value as MatchListState['period'] | null) ?? INITIAL_MATCH_LIST.period })}
            allowDeselect={false}
            w={220}
          />
        </Group>
        <Button onClick={onCreate}>New match</Button>
      </Group>
      {deleteError && (
        <Alert color="red" variant="light" role="alert" title="Not deleted" withCloseButton closeButtonLabel="Dismiss" onClose={() => setDeleteError(null)}>
          {deleteError}
        </Alert>
      )}
      {matches.isError ? (
        <Text c="red.9" role="alert">
          The matches could not be loaded. Try again.
        </Text>
      ) : matches.isPending ? (
        <LoadingState label="Loading matches" />
      ) : matches.data.results.length === 0 ? (
        <Text c="dimmed">No matches found with this search, status and date: widen them (Any date, Any status) to see more.</Text>
      ) : (
        <ScrollArea type="auto">
          <Table striped highlightOnHover withTableBorder miw={760}>
            <Table.Caption>
              Matches: {matches.data.count} {matches.data.count === 1 ? 'row' : 'rows'}
            </Table.Caption>
            <ColumnHeaders labels={['Date', 'Teams', 'Score', 'Status', 'Competition', 'Season', 'Actions']} />
            <Table.Tbody>
              {matches.data.results.map((match) => {
                const name = `${match.team1.name} vs ${match.team2.name}`;
                return (
                  <Table.Tr key={match.id}>
                    <Table.Td>{formatDateTime(match.date, browserTimeZone())}</Table.Td>
                    <Table.Td>
                      {name}
                      {match.platform === 'manual' && (
                        <Badge ml="xs" size="xs" variant="light" color="gray">
                          Manual
                        </Badge>
                      )}
                    </Table.Td>
                    <Table.Td>{scoreText(match)}</Table.Td>
                    <Table.Td>{statusLabel(match.status)}</Table.Td>
                    <Table.Td>{match.competition?.name ?? '–'}</Table.Td>
                    <Table.Td>{match.season?.name ?? '–'}</Table.Td>
                    <Table.Td>
                      <Group gap="xs" wrap="nowrap">
                        <Button size="xs" variant="default" onClick={() => onEdit(match.id)} aria-label={`Edit ${name}`}>
                          Edit
                        </Button>
                        <Button size="xs" variant="default" color="red" onClick={() => void deleteMatch(match)} aria-label={`Delete ${name}`}>
                          Delete
                        </Button>
                      </Group>
                    </Table.Td>
                  </Table.Tr>
                );
              })}
            </Table.Tbody>
          </Table>
        </ScrollArea>
      )}
      <PageControls totalPages={matches.data?.total_pages ?? 0} page={page} onChange={(next) => onStateChange({ ...state, page: next })} />
    </Stack>
  );
}
