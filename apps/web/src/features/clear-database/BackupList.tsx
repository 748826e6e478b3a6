import { Anchor, Button, Card, Group, Stack, Table, Text, Title, VisuallyHidden } from '@mantine/core';
import type { BackupListItem } from '@campus-elo/api-contract';
import { TRPCClientError } from '@trpc/client';
import { trpc } from '../../lib/trpc';
import { NoticeSlot, useConfirm, useNotice } from '../admin-shell';

export const backupDownloadUrl = (id: string) => `/v1/backups/${id}/`;

const REASONS: Record<string, string> = {
  'clear-database': 'Before Clear Database',
  'before-restore': 'Before a restore',
  manual: 'Backed up by hand',
};

/** 'Backed up by hand: before the merge' for a manual backup with a note. */
function reasonText(reason: string): string {
  if (reason.startsWith('manual: ')) return `Backed up by hand: ${reason.slice('manual: '.length)}`;
  return REASONS[reason] ?? reason;
}

const dateTime = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeStyle: 'short' });

function summary(rows: BackupListItem['rows']): string {
  return `${rows.teams ?? 0} teams, ${rows.players ?? 0} players, ${rows.matches ?? 0} matches`;
}

/** Backups written by hand ('Back up now'), by Clear Database and before each restore: download or restore one. */
export function BackupList() {
  const backups = trpc.admin.database.backups.useQuery(undefined, { retry: false });
  const utils = trpc.useUtils();
  const confirm = useConfirm();
  const { notice, show, clear } = useNotice();
  const backUp = trpc.admin.database.createBackup.useMutation({ onSuccess: () => utils.admin.database.backups.invalidate() });
  const restore = trpc.admin.database.restore.useMutation({
    onSuccess: () => Promise.all([utils.public.invalidate(), utils.admin.invalidate()]),
  });

  // Admins may not list backups (owners only); the card is simply left out for them.
  if (backups.error?.data?.code === 'FORBIDDEN') return null;

  async function restoreBackup(backup: BackupListItem) {
    const confirmed = await confirm({
      title: 'Restore this backup?',
      message: `The teams, players, matches and rankings now in the database are replaced by the backup of ${dateTime.format(new Date(backup.created_at))} (${summary(backup.rows)}). What is there now is backed up first.`,
      confirmLabel: 'Restore',
      color: 'red',
    });
    if (!confirmed) return;
    clear();
    try {
      const result = await restore.mutateAsync({ id: backup.id });
      show({ color: 'green', message: `${result.message} ${summary(result.restored)} are back.` });
    } catch (error) {
      show({ color: 'red', message: error instanceof TRPCClientError ? error.message : 'Failed to restore the backup. Please try again.' });
    }
  }

  async function backUpNow() {
    clear();
    try {
      const backup = await backUp.mutateAsync(undefined);
      show({ color: 'green', message: `Backed up ${summary(backup.rows)}.` });
    } catch (error) {
      show({ color: 'red', message: error instanceof TRPCClientError ? error.message : 'The backup could not be written. Please try again.' });
    }
  }

  const results = backups.data?.results ?? [];
  return (
    <Card withBorder padding="lg" component="section" aria-label="Backups">
      <Stack gap="sm">
        <Group justify="space-between">
          <Title order={3} size="h4">
            Backups
          </Title>
          <Button size="xs" onClick={() => void backUpNow()} loading={backUp.isPending}>
            Back up now
          </Button>
        </Group>
        <Text size="sm" c="dimmed">
          Also restorable from a downloaded file with <code>pnpm cli restore FILE</code>.
        </Text>
        {results.length === 0 ? (
          <Text size="sm">{backups.isLoading ? 'Loading…' : 'No backups yet.'}</Text>
        ) : (
          <Table.ScrollContainer minWidth={560}>
            <Table>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>Saved</Table.Th>
                  <Table.Th>Why</Table.Th>
                  <Table.Th>Contents</Table.Th>
                  <Table.Th>
                    <VisuallyHidden>Actions</VisuallyHidden>
                  </Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {results.map((backup) => (
                  <Table.Tr key={backup.id}>
                    <Table.Td>{dateTime.format(new Date(backup.created_at))}</Table.Td>
                    <Table.Td>
                      {reasonText(backup.reason)}
                      {backup.created_by ? ` (${backup.created_by})` : ''}
                    </Table.Td>
                    <Table.Td>{summary(backup.rows)}</Table.Td>
                    <Table.Td>
                      <Group gap="xs" wrap="nowrap" justify="flex-end">
                        <Anchor href={backupDownloadUrl(backup.id)} download size="sm">
                          Download
                        </Anchor>
                        <Button size="xs" variant="light" onClick={() => void restoreBackup(backup)} loading={restore.isPending && restore.variables?.id === backup.id}>
                          Restore
                        </Button>
                      </Group>
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        )}
        <NoticeSlot notice={notice} onClose={clear} />
      </Stack>
    </Card>
  );
}
