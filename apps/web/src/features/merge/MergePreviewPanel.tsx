import { Card, Group, List, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import type { MergePreview } from '@campus-elo/api-contract';
import { TeamLogo } from '../common/EntityImage';

const dateFormat = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeZone: 'UTC' });

function TeamSummary({ label, team }: { label: string; team: MergePreview['primary'] }) {
  return (
    <Card withBorder padding="sm">
      <Text size="xs" tt="uppercase" c="dimmed" fw={700}>
        {label}
      </Text>
      <Group gap="sm" mt={6} wrap="nowrap">
        <TeamLogo src={team.picture} size={40} />
        <Stack gap={0}>
          <Text fw={700}>{team.name}</Text>
          <Text size="sm">Elo {team.elo}</Text>
          <Text size="xs" c="dimmed">
            {team.players} {team.players === 1 ? 'player' : 'players'}
            {team.school_name ? ` · ${team.school_name}` : ''}
          </Text>
        </Stack>
      </Group>
    </Card>
  );
}

/** Both teams and what the merge will do, before the owner confirms. */
export function MergePreviewPanel({ preview }: { preview: MergePreview }) {
  const removed = preview.matches_to_remove;
  return (
    <Stack gap="sm" aria-label="Merge preview">
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        <TeamSummary label="Primary (kept)" team={preview.primary} />
        <TeamSummary label="Secondary (deleted)" team={preview.secondary} />
      </SimpleGrid>
      <Title order={4} size="h5">
        What will happen
      </Title>
      <List size="sm" spacing={4}>
        <List.Item>
          Players moved: {preview.players_to_move} from {preview.secondary.name} to {preview.primary.name}
        </List.Item>
        <List.Item>Participants merged (history kept): {preview.participants_to_merge}</List.Item>
        <List.Item>Matches re-pointed: {preview.matches_to_update}</List.Item>
        <List.Item>Secondary team deleted: {preview.secondary.name}</List.Item>
        <List.Item>
          Elo and stats kept on the primary: {preview.primary.name} stays at Elo {preview.primary.elo}
        </List.Item>
      </List>
      <Text size="sm" fw={600}>
        Matches between the two teams that will be removed: {removed.length}
      </Text>
      {removed.length > 0 && (
        <List size="sm" spacing={2} aria-label="Matches that will be removed">
          {removed.map((match) => (
            <List.Item key={match.id}>
              {match.date ? dateFormat.format(new Date(match.date)) : 'No date'}: {match.team1_name} vs {match.team2_name}
              {match.score_team1 !== null && match.score_team2 !== null ? ` (${match.score_team1}-${match.score_team2})` : ''}
              {match.competition_name ? ` · ${match.competition_name}` : ''} · {match.status.replace('_', ' ')}
            </List.Item>
          ))}
        </List>
      )}
    </Stack>
  );
}
