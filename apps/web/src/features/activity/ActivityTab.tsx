import type { AuditEntry } from '@campus-elo/api-contract';
import { pluralize } from '@campus-elo/domain';
import { Badge, Group, List, ScrollArea, Select, Stack, Table, Text } from '@mantine/core';
import { useState } from 'react';
import { trpc } from '../../lib/trpc';
import { UndoRunButton } from '../admin-shell';
import { formatDateTime, browserTimeZone } from '../common/format';
import { LoadingState } from '../common/states';
import { useIsOwner } from '../control-panel/inputs';
import { AUDIT_ACTIONS, auditDescription, auditField, auditValue, auditWhat } from './audit-text';
import { ColumnHeaders, PageControls } from '../admin-shell/TableParts';

const PAGE_SIZE = 25;

/** An audit row as it arrives (JSON drops a before or after that was undefined). */
type ActivityRow = Omit<AuditEntry, 'changes' | 'details'> & { changes: { field: string; before?: unknown; after?: unknown }[]; details?: unknown };
/** How many changed fields a row lists before 'and N more'. */
const SHOWN_FIELDS = 6;

/** Staff to filter by: every account for the owner; for an admin (who cannot list staff), themselves and whoever appears on the page. */
function useActorOptions(rows: ActivityRow[] | undefined) {
  const isOwner = useIsOwner();
  const me = trpc.auth.me.useQuery().data;
  const staff = trpc.admin.staff.list.useQuery(undefined, { enabled: isOwner });
  const known = new Map<string, string>();
  if (me) known.set(me.id, me.email);
  for (const member of staff.data?.results ?? []) known.set(member.id, member.email);
  for (const row of rows ?? []) if (row.actor) known.set(row.actor.id, row.actor.email);
  return [...known].map(([value, label]) => ({ value, label })).sort((a, b) => a.label.localeCompare(b.label));
}

function Changes({ entry }: { entry: ActivityRow }) {
  if (entry.changes.length === 0) return <Text size="sm">{auditDescription(entry) ?? '–'}</Text>;
  return (
    <Stack gap={0}>
      <List size="sm" spacing={0} listStyleType="none">
        {entry.changes.slice(0, SHOWN_FIELDS).map((change) => (
          <List.Item key={change.field}>
            <Text span size="sm" fw={500}>
              {auditField(change.field)}
            </Text>
            : {auditValue(change.before)} -&gt; {auditValue(change.after)}
          </List.Item>
        ))}
      </List>
      {entry.changes.length > SHOWN_FIELDS && <Text size="xs">and {entry.changes.length - SHOWN_FIELDS} more fields</Text>}
    </Stack>
  );
}

/** The Activity tab: who changed what and when, newest first, with Undo for Elo runs not yet undone. */
export function ActivityTab() {
  const [actor, setActor] = useState<string | null>(null);
  const [action, setAction] = useState<string | null>(null);
  const [page, setPage] = useState(1);
  const audit = trpc.admin.audit.list.useQuery({ page, page_size: PAGE_SIZE, actor: actor ?? undefined, action: action ?? undefined });
  const actorOptions = useActorOptions(audit.data?.results);

  return (
    <Stack>
      <Group align="flex-end">
        <Select
          label="Staff member"
          placeholder="Everyone"
          clearable
          data={actorOptions}
          value={actor}
          onChange={(value) => {
            setActor(value);
            setPage(1);
          }}
          w={280}
        />
        <Select
          label="Action"
          placeholder="Every action"
          clearable
          searchable
          data={AUDIT_ACTIONS}
          value={action}
          onChange={(value) => {
            setAction(value);
            setPage(1);
          }}
          w={280}
        />
      </Group>
      {audit.isError ? (
        <Text c="red.9" role="alert">
          The activity could not be loaded. Try again.
        </Text>
      ) : audit.isPending ? (
        <LoadingState label="Loading activity" />
      ) : audit.data.results.length === 0 ? (
        <Text c="dimmed">{actor || action ? 'Nothing matches these filters.' : 'Nothing has been recorded yet.'}</Text>
      ) : (
        <ScrollArea type="auto">
          <Table striped withTableBorder miw={760} verticalSpacing="xs">
            <Table.Caption>
              Activity, newest first: {pluralize(audit.data.count, 'entry', 'entries')}
            </Table.Caption>
            <ColumnHeaders labels={['When', 'Who', 'What', 'Before -> after', '']} />
            <Table.Tbody>
              {audit.data.results.map((entry) => (
                <Table.Tr key={entry.id}>
                  <Table.Td>{formatDateTime(entry.at, browserTimeZone())}</Table.Td>
                  <Table.Td>{entry.actor?.email ?? 'The system'}</Table.Td>
                  <Table.Td>{auditWhat(entry)}</Table.Td>
                  <Table.Td>
                    <Changes entry={entry} />
                  </Table.Td>
                  <Table.Td>
                    {entry.elo_run &&
                      (entry.elo_run.undone_at ? (
                        <Badge variant="light" color="gray">
                          Undone {formatDateTime(entry.elo_run.undone_at, browserTimeZone())}
                        </Badge>
                      ) : (
                        <UndoRunButton runId={entry.elo_run.id} />
                      ))}
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </ScrollArea>
      )}
      <PageControls totalPages={audit.data?.total_pages ?? 0} page={page} onChange={setPage} />
    </Stack>
  );
}
