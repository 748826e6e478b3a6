import type { ImportPreviewOutput, PreviewSkipItem } from '@campus-elo/api-contract';
import { MATCH_STATUS_WORDS, platformStatusToMatchStatus, pluralize } from '@campus-elo/domain';
import { Badge, Group, ScrollArea, Stack, Table, Text, Title } from '@mantine/core';
import { browserTimeZone, formatDateTime } from '../common/format';

const SKIP_REASONS: Record<PreviewSkipItem['reason'], string> = {
  bye: 'Bye',
  round_failed: 'Round could not be fetched',
  match_failed: 'Match could not be fetched',
};

function scheduledText(seconds: number | null): string {
  return seconds === null ? '—' : formatDateTime(new Date(seconds * 1000).toISOString(), browserTimeZone());
}

/** Step 5: the matches the platform listed, and what was left out and why. */
export function PreviewStep({ preview }: { preview: ImportPreviewOutput }) {
  return (
    <Stack gap="sm">
      <Title order={2} size="h3">
        Import Preview
      </Title>
      <Text>Found {pluralize(preview.items.length, 'match', 'matches')} to import</Text>
      <ScrollArea.Autosize mah={360} type="auto">
        <Table striped stickyHeader aria-label="Matches to import">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Match</Table.Th>
              <Table.Th>Status</Table.Th>
              <Table.Th>Scheduled</Table.Th>
              <Table.Th>Score</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {preview.items.map((item) => (
              <Table.Tr key={item.match_id}>
                <Table.Td>
                  {item.teams.faction1?.name ?? 'Team 1'} vs {item.teams.faction2?.name ?? 'Team 2'}
                </Table.Td>
                <Table.Td>
                  <Badge variant="light" size="sm" title={`${item.status} on the platform`}>
                    {MATCH_STATUS_WORDS[platformStatusToMatchStatus(item.status)]}
                  </Badge>
                </Table.Td>
                <Table.Td>{scheduledText(item.scheduled_at)}</Table.Td>
                <Table.Td>{item.results ? `${item.results.score.faction1 ?? '-'} : ${item.results.score.faction2 ?? '-'}` : ''}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </ScrollArea.Autosize>
      {preview.skipped.length > 0 && (
        <Stack gap={4} aria-label="Skipped" component="section">
          <Text fw={600}>Skipped {preview.skipped.length}</Text>
          <ScrollArea.Autosize mah={160} type="auto">
            {preview.skipped.map((skip) => (
              <Group key={`${skip.kind}:${skip.id}`} gap="xs" wrap="nowrap">
                <Badge color={skip.reason === 'bye' ? 'gray' : 'orange'} variant="light" size="sm">
                  {SKIP_REASONS[skip.reason]}
                </Badge>
                <Text size="sm">
                  {skip.label}
                  {skip.detail ? ` (${skip.detail})` : ''}
                </Text>
              </Group>
            ))}
          </ScrollArea.Autosize>
        </Stack>
      )}
    </Stack>
  );
}
