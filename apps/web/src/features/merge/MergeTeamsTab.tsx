import { Alert, Anchor, Button, Card, Group, Select, SimpleGrid, Stack, Text, TextInput, Title } from '@mantine/core';
import { MERGE_CONFIRMATION_PHRASE, isMergeConfirmation } from '@campus-elo/domain';
import { Link } from '@tanstack/react-router';
import { useState } from 'react';
import { errorMessage } from '../../lib/error-message';
import { trpc } from '../../lib/trpc';
import { NoticeSlot, useNotice } from '../admin-shell';
import { MergePreviewPanel } from './MergePreviewPanel';

/** The server's message when it sent a readable one, else the fallback text of docs/product.md. */
const mergeErrorText = (error: unknown) => errorMessage(error, 'An error occurred');

/** Merge Teams (owner): the primary is kept, the secondary merged into it and deleted. */
export function MergeTeamsTab() {
  const utils = trpc.useUtils();
  const teams = trpc.admin.teams.options.useQuery();
  const [primaryId, setPrimaryId] = useState<string | null>(null);
  const [secondaryId, setSecondaryId] = useState<string | null>(null);
  const [confirmation, setConfirmation] = useState('');
  const { notice, show, clear } = useNotice();
  const merge = trpc.admin.merge.commit.useMutation({
    onSuccess: () => Promise.all([utils.admin.invalidate(), utils.public.invalidate()]),
  });

  const bothChosen = primaryId !== null && secondaryId !== null && primaryId !== secondaryId;
  const preview = trpc.admin.merge.preview.useQuery(
    { primary_team_id: primaryId ?? '', secondary_team_id: secondaryId ?? '' },
    { enabled: bothChosen, staleTime: 0 },
  );
  const canMerge = bothChosen && isMergeConfirmation(confirmation) && !merge.isPending;

  const options = (exclude: string | null) =>
    (teams.data ?? []).map((team) => ({ value: team.id, label: `${team.name} (Elo ${team.elo})`, disabled: team.id === exclude }));

  async function submit() {
    if (!bothChosen || !canMerge) return;
    clear();
    try {
      const result = await merge.mutateAsync({ primary_team_id: primaryId, secondary_team_id: secondaryId });
      setPrimaryId(null);
      setSecondaryId(null);
      setConfirmation('');
      show({
        color: 'green',
        message: (
          <>
            <Text size="sm" fw={600}>
              {result.message}
            </Text>
            <Text size="sm">Players Moved: {result.merged_data.players_moved}</Text>
            <Text size="sm">Participants Merged: {result.merged_data.participants_merged}</Text>
            <Text size="sm">Matches Updated: {result.merged_data.matches_updated}</Text>
            {result.merged_data.matches_removed > 0 && <Text size="sm">Matches Removed: {result.merged_data.matches_removed}</Text>}
          </>
        ),
      });
    } catch (error) {
      show({ color: 'red', message: mergeErrorText(error) });
    }
  }

  return (
    <Card withBorder padding="lg" component="section" aria-label="Merge Teams">
      <Stack gap="md">
        <Title order={3} size="h4">
          Merge Teams
        </Title>
        <Text size="sm" c="dimmed">
          The primary team is kept; the secondary team is merged into it and deleted.
        </Text>
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          <Select
            label="Primary Team (kept)"
            placeholder="Choose the team to keep"
            data={options(secondaryId)}
            value={primaryId}
            onChange={setPrimaryId}
            searchable
            nothingFoundMessage="No team found"
          />
          <Select
            label="Secondary Team (deleted)"
            placeholder="Choose the team to merge into it"
            data={options(primaryId)}
            value={secondaryId}
            onChange={setSecondaryId}
            searchable
            nothingFoundMessage="No team found"
          />
        </SimpleGrid>
        {teams.isError && <Text c="var(--app-error-text)">{mergeErrorText(teams.error)}</Text>}

        {bothChosen && preview.data && <MergePreviewPanel preview={preview.data} />}
        {bothChosen && preview.isError && (
          <Text c="var(--app-error-text)" size="sm" role="alert">
            {mergeErrorText(preview.error)}
          </Text>
        )}

        {/* Always shown, so not an announced alert. */}
        <Alert color="red" variant="light" title="Warning" role="note">
          <Text size="sm">This cannot be undone. Back up the database first.</Text>
          {/* The alert's own text colour: the link colour falls below 4.5:1 on its red tint, in both schemes. */}
          <Anchor component={Link} to="/admin" hash="clear-database" size="sm" c="inherit" underline="always">
            Back up now on the Backups card
          </Anchor>
        </Alert>
        <TextInput
          label={`Type '${MERGE_CONFIRMATION_PHRASE}' to confirm`}
          value={confirmation}
          onChange={(event) => setConfirmation(event.currentTarget.value)}
          autoComplete="off"
        />
        <Group>
          <Button color="red" onClick={() => void submit()} disabled={!canMerge}>
            {merge.isPending ? 'Merging Teams...' : 'Merge Teams'}
          </Button>
        </Group>
        <NoticeSlot notice={notice} onClose={clear} />
      </Stack>
    </Card>
  );
}
