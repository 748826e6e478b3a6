import '@mantine/core/styles/Group.css';
import '@mantine/core/styles/CloseButton.css';
import '@mantine/core/styles/Input.css';
// The native selects' chevron.
import '@mantine/core/styles/Combobox.css';
import '@mantine/core/styles/Tabs.css';
import { rankingsSeasonsInput, type StandingsDivision } from '@campus-elo/api-contract';
import { Container, Group, NativeSelect, Paper, Skeleton, Tabs, Text, Title } from '@mantine/core';
import { getRouteApi } from '@tanstack/react-router';
import { isNotFoundError } from '../../lib/error-message';
import { pageTitle } from '../../lib/site-settings';
import { trpc } from '../../lib/trpc';
import { LoadFailed } from '../common/LoadFailed';
import { RouterAnchor } from '../common/RouterAnchor';
import { EmptyMessage } from '../common/states';
import { EmbedButton } from '../embeds/EmbedButton';
import { usePageTitle } from '../common/usePageTitle';
import { StandingsTable } from './StandingsTable';
import { TIEBREAK_NAMES } from './standings-wording';
import type { StandingsSearch } from './standingsSearch';

const routeApi = getRouteApi('/standings');

/** /standings: a season's divisions, one tab each, with their tables, lines, tiebreaks and playoff chances. */
export function StandingsPage() {
  const search = routeApi.useSearch();
  const navigate = routeApi.useNavigate();
  return <StandingsView search={search} onSearch={(next) => void navigate({ search: (previous) => ({ ...previous, ...next }), replace: true })} />;
}

/** The input the page asks with, and the server writes into the page's first answer (page-content.ts). */
export function standingsQueryInput(search: StandingsSearch) {
  return search.season ? { season_id: search.season } : {};
}

export function StandingsView({ search, onSearch }: { search: StandingsSearch; onSearch: (next: Partial<StandingsSearch>) => void }) {
  usePageTitle(pageTitle('Standings'));
  const seasons = trpc.public.seasons.useQuery(rankingsSeasonsInput);
  const standings = trpc.public.standings.useQuery(standingsQueryInput(search));
  const seasonId = search.season ?? standings.data?.season?.id;
  const divisions = standings.data?.divisions ?? [];
  const division = divisions.find((candidate) => candidate.id === search.division) ?? divisions[0];

  return (
    <Container size="lg" py="lg">
      <Title order={1} mb="xs">
        Standings
      </Title>
      <Text mb="md">
        Where each team stands in its division, and its chance of making each line.{' '}
        <RouterAnchor to="/rankings" underline="always">
          Elo rankings of every team
        </RouterAnchor>
        {' · '}
        <EmbedButton path="/embed/standings" params={seasonId ? { season: seasonId } : undefined} title="Standings" />
      </Text>
      <Group gap="sm" mb="md" align="flex-end">
        {/* Native select: the phone's own picker, and no dropdown code to load (docs/decisions/0072-native-rankings-menus.md). */}
        <NativeSelect
          label="Season"
          data={[
            ...(seasonId ? [] : [{ value: '', label: seasons.isPending || standings.isPending ? 'Loading seasons…' : 'No seasons yet', disabled: true }]),
            ...(seasons.data?.results ?? []).map((season) => ({ value: season.id, label: season.name })),
          ]}
          value={seasonId ?? ''}
          onChange={(event) => event.currentTarget.value && onSearch({ season: event.currentTarget.value, division: undefined })}
        />
      </Group>
      {standings.isPending ? (
        <Skeleton height={420} role="status" aria-label="Loading standings" />
      ) : isNotFoundError(standings.error) ? (
        <EmptyMessage message="This season was not found. Pick another above." />
      ) : standings.isError ? (
        <LoadFailed message="The standings could not be loaded. Check your connection and try again." onRetry={() => void standings.refetch()} />
      ) : divisions.length === 0 || !division ? (
        <EmptyMessage message="No divisions for this season yet" />
      ) : (
        <Tabs value={division.id} onChange={(id) => id && onSearch({ division: id })} keepMounted={false}>
          <Tabs.List mb="md" aria-label="Divisions">
            {divisions.map((candidate) => (
              <Tabs.Tab key={candidate.id} value={candidate.id}>
                {candidate.name}
              </Tabs.Tab>
            ))}
          </Tabs.List>
          {divisions.map((candidate) => (
            <Tabs.Panel key={candidate.id} value={candidate.id}>
              <DivisionRules division={candidate} />
              <Paper withBorder p="xs">
                {candidate.rows.length === 0 ? <EmptyMessage message="No teams in this division yet" /> : <StandingsTable division={candidate} />}
              </Paper>
            </Tabs.Panel>
          ))}
        </Tabs>
      )}
    </Container>
  );
}

const pointsText = (points: number) => `${points} ${points === 1 ? 'point' : 'points'}`;

/** How the table is made: points, the tiebreak order, and where the chances come from. */
function DivisionRules({ division }: { division: StandingsDivision }) {
  const tiebreaks = division.tiebreakers.map((decider) => TIEBREAK_NAMES[decider]).join(', then ');
  return (
    <Text c="dimmed" size="sm" mb="sm" data-division-rules>
      A win gives {pointsText(division.points_win)}, a loss {pointsText(division.points_loss)}. Teams level on points are separated by {tiebreaks || 'name'}
      {tiebreaks ? ', then name' : ''}.{' '}
      {division.lines.length === 0
        ? ''
        : division.rows.some((row) => row.chances !== null)
          ? `Chances: ${division.remaining} remaining ${division.remaining === 1 ? 'match' : 'matches'} simulated thousands of times, each by its Elo win chance${division.chances_current ? '' : ' (updating after the latest results)'}.`
          : 'Chances are being worked out.'}
    </Text>
  );
}
