import { Button, Card, Group, ScrollArea, SimpleGrid, Stack, Table, Text, TextInput, Title, UnstyledButton } from '@mantine/core';
import { useMemo, useState } from 'react';
import { trpc } from '../../lib/trpc';
import { ErrorMessage, LoadingState } from '../common/states';
import classes from './ParticipantMatcher.module.css';
import { serverMessage } from '../../lib/error-message';
import { proposeMatches } from './name-similarity';
import { MESSAGES, PLATFORM_NAMES, type Platform, type TeamMatch } from './wizard';

interface PickListProps {
  title: string;
  searchLabel: string;
  items: { id: string; label: string }[];
  selected: string | null;
  onSelect(id: string): void;
  empty: string;
}

function PickList({ title, searchLabel, items, selected, onSelect, empty }: PickListProps) {
  const [search, setSearch] = useState('');
  const shown = items.filter((item) => item.label.toLowerCase().includes(search.trim().toLowerCase()));
  return (
    <Card withBorder padding="md" component="section" aria-label={title}>
      <Title order={3} size="h5" mb="xs">
        {title}
      </Title>
      <TextInput aria-label={searchLabel} placeholder={searchLabel} value={search} onChange={(e) => setSearch(e.currentTarget.value)} mb="xs" />
      <ScrollArea.Autosize mah={280} type="auto">
        {shown.length === 0 ? (
          <Text c="dimmed" size="sm" py="sm" ta="center">
            {empty}
          </Text>
        ) : (
          shown.map((item) => (
            <UnstyledButton key={item.id} className={classes.option} data-selected={item.id === selected || undefined} aria-pressed={item.id === selected} onClick={() => onSelect(item.id)}>
              {item.label}
            </UnstyledButton>
          ))
        )}
      </ScrollArea.Autosize>
    </Card>
  );
}

interface ParticipantMatcherProps {
  platform: Platform;
  platformTeams: string[];
  /** Each platform team's id on the platform, by name, where the preview has it. */
  platformTeamIds: ReadonlyMap<string, string>;
  matches: TeamMatch[];
  onChange(matches: TeamMatch[]): void;
}

/**
 * Step 6: map platform teams to teams we already have, so an import does not create
 * duplicates. Teams left unmatched are created (or found from an earlier import).
 */
export function ParticipantMatcher({ platform, platformTeams, platformTeamIds, matches, onChange }: ParticipantMatcherProps) {
  const teams = trpc.admin.teams.options.useQuery();
  // Teams earlier imports matched to these platform ids: proposed first. If the lookup fails, name likeness still works.
  const known = trpc.admin.imports.knownTeams.useQuery({ platform, platform_team_ids: [...new Set(platformTeamIds.values())] });
  const [platformTeam, setPlatformTeam] = useState<string | null>(null);
  const [teamId, setTeamId] = useState<string | null>(null);
  const platformName = PLATFORM_NAMES[platform];

  const unmatched = useMemo(() => {
    const matched = new Set(matches.map((m) => m.platformTeam));
    return platformTeams.filter((name) => !matched.has(name)).map((name) => ({ id: name, label: name }));
  }, [platformTeams, matches]);

  // One-click matches: the team an earlier import matched the same platform id to, else a team with a much alike name.
  const proposals = useMemo(() => {
    const teamById = new Map((known.data ?? []).map((k) => [k.platform_team_id, { teamId: k.team_id, teamName: k.team_name }]));
    const knownByName = new Map(
      unmatched.flatMap((u) => {
        const team = teamById.get(platformTeamIds.get(u.id) ?? '');
        return team ? [[u.id, team] as const] : [];
      }),
    );
    return proposeMatches(
      unmatched.map((u) => u.id),
      knownByName,
      teams.data ?? [],
    );
  }, [unmatched, teams.data, known.data, platformTeamIds]);

  function matchTeams() {
    const team = teams.data?.find((t) => t.id === teamId);
    if (!platformTeam || !team) return;
    onChange([...matches, { platformTeam, teamId: team.id, teamName: team.name }]);
    setPlatformTeam(null);
    setTeamId(null);
  }

  return (
    <Stack gap="sm">
      <Title order={2} size="h3">
        Participant Matcher
      </Title>
      <Text c="dimmed" size="sm">
        Match the teams from {platformName} with existing teams to prevent duplicates. Unmatched teams are created, unless an earlier import of this
        competition already knows them.
      </Text>
      {teams.isPending ? (
        <LoadingState label="Loading teams" />
      ) : teams.isError ? (
        <ErrorMessage message={serverMessage(teams.error) ?? MESSAGES.participantsFailed} />
      ) : (
        <>
          {proposals.length > 0 && (
            <Card withBorder padding="md" component="section" aria-label="Proposed matches">
              <Title order={3} size="h5" mb="xs">
                Proposed matches
              </Title>
              <Stack gap={4}>
                {proposals.map((proposal) => (
                  <Group key={proposal.platformTeam} justify="space-between" wrap="nowrap">
                    <Text size="sm">
                      {proposal.platformTeam} → {proposal.teamName}{' '}
                      <Text span size="xs" c="dimmed">
                        ({proposal.byPlatformId ? `same ${platformName} team as an earlier import` : proposal.similarity === 1 ? 'same name' : `similar name, ${Math.round(proposal.similarity * 100)}% alike`})
                      </Text>
                    </Text>
                    <Button
                      size="compact-sm"
                      variant="light"
                      aria-label={`Match ${proposal.platformTeam} with ${proposal.teamName}`}
                      onClick={() => onChange([...matches, { platformTeam: proposal.platformTeam, teamId: proposal.teamId, teamName: proposal.teamName }])}
                    >
                      Match
                    </Button>
                  </Group>
                ))}
              </Stack>
            </Card>
          )}
          <SimpleGrid cols={{ base: 1, md: 2 }}>
            <PickList
              title={`Teams from ${platformName}`}
              searchLabel="Search teams..."
              items={unmatched}
              selected={platformTeam}
              onSelect={setPlatformTeam}
              empty={`No teams found from ${platformName}`}
            />
            <PickList
              title="Existing Teams"
              searchLabel="Search existing teams..."
              items={(teams.data ?? []).map((t) => ({ id: t.id, label: t.name }))}
              selected={teamId}
              onSelect={setTeamId}
              empty="No existing teams found"
            />
          </SimpleGrid>
          <Group justify="center">
            <Button onClick={matchTeams} disabled={!platformTeam || !teamId}>
              Match Teams
            </Button>
          </Group>
          {matches.length > 0 && (
            <Card withBorder padding="md" component="section" aria-label="Matched Teams">
              <Title order={3} size="h5" mb="xs">
                Matched Teams
              </Title>
              <Table>
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th>Platform Team</Table.Th>
                    <Table.Th>Existing Team</Table.Th>
                    <Table.Th ta="right">Actions</Table.Th>
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {matches.map((match) => (
                    <Table.Tr key={match.platformTeam}>
                      <Table.Td>{match.platformTeam}</Table.Td>
                      <Table.Td>{match.teamName}</Table.Td>
                      <Table.Td ta="right">
                        <Button
                          size="compact-sm"
                          variant="subtle"
                          color="red"
                          aria-label={`Remove ${match.platformTeam}`}
                          onClick={() => onChange(matches.filter((m) => m.platformTeam !== match.platformTeam))}
                        >
                          Remove
                        </Button>
                      </Table.Td>
                    </Table.Tr>
                  ))}
                </Table.Tbody>
              </Table>
            </Card>
          )}
        </>
      )}
    </Stack>
  );
}
