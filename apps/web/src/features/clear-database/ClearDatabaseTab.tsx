import { Anchor, Button, Card, Code, Stack, Text, TextInput, Title } from '@mantine/core';
import { useState, type FormEvent } from 'react';
import { errorMessage } from '../../lib/error-message';
import { trpc } from '../../lib/trpc';
import { NoticeSlot, useConfirm, useNotice } from '../admin-shell';
import { BackupList, backupDownloadUrl } from './BackupList';

const FALLBACK_ERROR = 'Failed to clear database. Please try again.';


/** Clear Database (owner): the security key, a confirmation, and a backup that can be downloaded and restored. */
export function ClearDatabaseTab() {
  const info = trpc.admin.database.clearInfo.useQuery();
  const utils = trpc.useUtils();
  const confirm = useConfirm();
  const { notice, show, clear } = useNotice();
  const [securityKey, setSecurityKey] = useState('');
  const [keyError, setKeyError] = useState<string | null>(null);
  const clearDatabase = trpc.admin.database.clear.useMutation({
    onSuccess: () => Promise.all([utils.public.invalidate(), utils.admin.invalidate()]),
  });

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (!securityKey.trim()) {
      setKeyError('Security key is required');
      return;
    }
    setKeyError(null);
    const confirmed = await confirm({
      title: 'Clear the database?',
      message: 'Every match, participant, player, team and ranking will be deleted. A backup is saved first and can be restored.',
      confirmLabel: 'Clear Database',
      color: 'red',
    });
    if (!confirmed) return;
    clear();
    try {
      const result = await clearDatabase.mutateAsync({ security_key: securityKey });
      setSecurityKey('');
      show({
        color: 'green',
        message: (
          <>
            <Text size="sm">{result.message}</Text>
            <Anchor href={backupDownloadUrl(result.backup_id)} download size="sm">
              Download the backup (JSON)
            </Anchor>
          </>
        ),
      });
    } catch (error) {
      show({ color: 'red', message: errorMessage(error, FALLBACK_ERROR) });
    }
  }

  return (
    <Stack gap="lg">
      <Card withBorder padding="lg" component="section" aria-label="Clear Database">
        <form onSubmit={(event) => void submit(event)} noValidate>
          <Stack gap="sm">
            <Title order={3} size="h4">
              Clear Database
            </Title>
            <Text size="sm">
              Deletes every match, participant, player, team and ranking. Seasons, competitions and staff accounts are kept. A backup of
              everything deleted is written first.
            </Text>
            {info.data?.default_key && (
              <Text size="sm">
                Default key: <Code>{info.data.default_key}</Code>
              </Text>
            )}
            <TextInput
              label="Security Key"
              required
              autoComplete="off"
              value={securityKey}
              onChange={(event) => setSecurityKey(event.currentTarget.value)}
              error={keyError}
            />
            <div>
              <Button type="submit" color="red" loading={clearDatabase.isPending}>
                Clear Database
              </Button>
            </div>
            <NoticeSlot notice={notice} onClose={clear} />
          </Stack>
        </form>
      </Card>
      <BackupList />
    </Stack>
  );
}
