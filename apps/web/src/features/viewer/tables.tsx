import type { ViewerListInput } from '@campus-elo/api-contract';
import { Badge, ScrollArea, Table, Text } from '@mantine/core';
import { useEffect, type ReactNode } from 'react';
import { trpc } from '../../lib/trpc';
import { formatDateTime, browserTimeZone } from '../common/format';
import { LoadingState } from '../common/states';
import { ColumnHeaders } from '../admin-shell/TableParts';

export const FETCH_FAILED_MESSAGE = 'Failed to fetch data. Please try again.';

interface TableProps {
  input: ViewerListInput;
  onTotalPages(total: number): void;
}

interface QueryLike<T> {
  data?: { total_pages: number; count: number; results: T[] } | undefined;
  isError: boolean;
  isPending: boolean;
}

/** Loading, error, empty and filled states shared by the three tables. */
function ViewerTableFrame<T>({
  query,
  onTotalPages,
  headers,
  row,
  caption,
}: {
  query: QueryLike<T>;
  onTotalPages(total: number): void;
  headers: string[];
  row(item: T): ReactNode;
  caption: string;
}) {
  const totalPages = query.data?.total_pages;
  useEffect(() => {
    if (totalPages !== undefined) onTotalPages(totalPages);
  }, [totalPages, onTotalPages]);

  if (query.isError) {
    return (
      <Text c="var(--app-error-text)" role="alert">
        {FETCH_FAILED_MESSAGE}
      </Text>
    );
  }
  if (query.isPending || !query.data) return <LoadingState label={`Loading ${caption.toLowerCase()}`} />;
  if (query.data.results.length === 0) return <Text c="dimmed">No rows found</Text>;
  return (
    <ScrollArea type="auto">
      <Table striped highlightOnHover withTableBorder miw={640}>
        <Table.Caption>
          {caption}: {query.data.count} {query.data.count === 1 ? 'row' : 'rows'}
        </Table.Caption>
        <ColumnHeaders labels={headers} />
        <Table.Tbody>{query.data.results.map(row)}</Table.Tbody>
      </Table>
    </ScrollArea>
  );
}

/** Benched or Active, with '(Hidden)' when the player is not visible. */
export function playerStatus(player: { benched: boolean; visible: boolean }): string {
  return `${player.benched ? 'Benched' : 'Active'}${player.visible ? '' : ' (Hidden)'}`;
}

const keepPrevious = { placeholderData: <T,>(previous: T) => previous };

export function TeamsTable({ input, onTotalPages }: TableProps) {
  const query = trpc.admin.viewer.teams.useQuery(input, keepPrevious);
  return (
    <ViewerTableFrame
      query={query}
      onTotalPages={onTotalPages}
      caption="Teams"
      headers={['Name', 'School', 'Elo', 'Players', 'ID']}
      row={(team) => (
        <Table.Tr key={team.id}>
          <Table.Td>{team.name}</Table.Td>
          <Table.Td>{team.school_name ?? '—'}</Table.Td>
          <Table.Td>{team.elo}</Table.Td>
          <Table.Td>{team.player_count}</Table.Td>
          <Table.Td>
            <Text size="xs" ff="monospace">
              {team.id}
            </Text>
          </Table.Td>
        </Table.Tr>
      )}
    />
  );
}

export function PlayersTable({ input, onTotalPages }: TableProps) {
  const query = trpc.admin.viewer.players.useQuery(input, keepPrevious);
  return (
    <ViewerTableFrame
      query={query}
      onTotalPages={onTotalPages}
      caption="Players"
      headers={['Name', 'Team', 'Elo', 'Skill', 'Status', 'Steam ID', 'Faceit ID']}
      row={(player) => (
        <Table.Tr key={player.id}>
          <Table.Td>{player.name}</Table.Td>
          <Table.Td>{player.team?.name ?? 'No Team'}</Table.Td>
          <Table.Td>{player.elo}</Table.Td>
          <Table.Td>{player.skill_level}</Table.Td>
          <Table.Td>
            <Badge variant="light" tt="none" color={player.benched ? 'gray' : 'green'}>
              {playerStatus(player)}
            </Badge>
          </Table.Td>
          <Table.Td>{player.steam_id ?? '—'}</Table.Td>
          <Table.Td>{player.faceit_id ?? '—'}</Table.Td>
        </Table.Tr>
      )}
    />
  );
}

export function MatchesTable({ input, onTotalPages }: TableProps) {
  const query = trpc.admin.viewer.matches.useQuery(input, keepPrevious);
  return (
    <ViewerTableFrame
      query={query}
      onTotalPages={onTotalPages}
      caption="Matches"
      headers={['Date', 'Team 1', 'Score', 'Team 2', 'Winner', 'Status', 'Competition', 'Season', 'Platform']}
      row={(match) => (
        <Table.Tr key={match.id}>
          <Table.Td>{formatDateTime(match.date, browserTimeZone())}</Table.Td>
          <Table.Td>{match.team1.name}</Table.Td>
          <Table.Td>{match.score_team1 === null || match.score_team2 === null ? '—' : `${match.score_team1} - ${match.score_team2}`}</Table.Td>
          <Table.Td>{match.team2.name}</Table.Td>
          <Table.Td>{match.winner?.name ?? '—'}</Table.Td>
          <Table.Td>{match.status}</Table.Td>
          <Table.Td>{match.competition?.name ?? '—'}</Table.Td>
          <Table.Td>{match.season?.name ?? '—'}</Table.Td>
          <Table.Td>{match.platform}</Table.Td>
        </Table.Tr>
      )}
    />
  );
}
