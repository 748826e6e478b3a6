import '@mantine/core/styles/Button.css';
import '@mantine/core/styles/Group.css';
import '@mantine/core/styles/CloseButton.css';
import '@mantine/core/styles/Input.css';
// The native selects' chevron.
import '@mantine/core/styles/Combobox.css';
import '@mantine/core/styles/Tabs.css';
import { rankingsSeasonsInput, STATS_DEFAULT_MIN_MAPS, statsLeaderboardFirstInput, statsTeamsInput } from '@campus-elo/api-contract';
import { mapDisplayName } from '@campus-elo/domain';
import { Container, Group, NativeSelect, Paper, Tabs, Text, Title } from '@mantine/core';
import { getRouteApi } from '@tanstack/react-router';
import { pageTitle } from '../../lib/site-settings';
import { trpc } from '../../lib/trpc';
import { ACTIVE_MAP_POOL } from '../common/MapBanner';
import { EmptyMessage } from '../common/states';
import { useCurrentSeason } from '../common/useCurrentSeason';
import { useHashTab } from '../common/useHashTab';
import { usePageTitle } from '../common/usePageTitle';
import { PlayerLeaderboard } from './PlayerLeaderboard';
import { MIN_MAPS_CHOICES, statsFilters, type LeaderboardSort, type TeamLeaderboardSort } from './statsFilters';
import { TeamLeaderboard } from './TeamLeaderboard';
import type { StatsSearch } from './statsSearch';

const STATS_TABS = ['players', 'teams'] as const;
const ALL = '';
const routeApi = getRouteApi('/stats');

/** /stats: the player leaderboard and the teams' map win rates, filtered by season, competition, team, map and minimum maps, all kept in the URL. */
export function StatsPage() {
  const search = routeApi.useSearch();
  const navigate = routeApi.useNavigate();
  return <StatsView search={search} onSearch={(next, options) => void navigate({ search: (previous) => ({ ...previous, ...next }), hash: true, replace: options.replace })} />;
}

interface StatsViewProps {
  search: StatsSearch;
  /** Changes some of the filters, keeping the others; `replace` keeps the history entry. */
  onSearch: (next: Partial<StatsSearch>, options: { replace: boolean }) => void;
}

export function StatsView({ search, onSearch }: StatsViewProps) {
  usePageTitle(pageTitle('Stats'));
  const [tab, selectTab] = useHashTab(STATS_TABS, 'players');
  const currentSeason = useCurrentSeason();
  const seasons = trpc.public.seasons.useQuery(rankingsSeasonsInput);
  const competitions = trpc.public.competitions.useQuery();

  // No season in the URL: the current season, else the latest (the leaderboard is per season or competition).
  const seasonId = search.season ?? (currentSeason.isPending ? undefined : (currentSeason.data?.id ?? seasons.data?.results[0]?.id));
  const seasonKnown = seasonId !== undefined;
  const noSeason = !currentSeason.isPending && !seasons.isPending && !seasonKnown;
  const seasonName = seasons.data?.results.find((season) => season.id === seasonId)?.name ?? 'this season';
  const teams = trpc.public.teams.useQuery(statsTeamsInput(seasonId), { enabled: seasonKnown });
  const minMaps = search.min_maps ?? STATS_DEFAULT_MIN_MAPS;
  const { map, sort, teamSort } = statsFilters(search);

  // A new filter starts the list again at its first page.
  const changeSearch = (next: Partial<StatsSearch>) => onSearch({ page: undefined, ...next }, { replace: true });
  const optional = (value: string) => (value === ALL ? undefined : value);

  const leaderboardInput = {
    ...statsLeaderboardFirstInput(seasonId),
    ...(search.competition ? { competition_id: search.competition } : {}),
    ...(search.team ? { team_id: search.team } : {}),
    ...(map ? { map } : {}),
    min_maps: minMaps,
    sort: sort ?? 'rating',
    order: search.order ?? 'desc',
    page: search.page ?? 1,
  };
  const teamLeaderboardInput = {
    ...(seasonId ? { season_id: seasonId } : {}),
    ...(map ? { map } : {}),
    min_maps: minMaps,
    sort: teamSort ?? 'win_pct',
    order: search.order ?? 'desc',
    page: search.page ?? 1,
    page_size: 25,
  };
  const team = teams.data?.results.find((candidate) => candidate.id === search.team);
  const minMapChoices = [...new Set<number>([...MIN_MAPS_CHOICES, minMaps])].sort((a, b) => a - b);

  return (
    <Container size="lg" py="lg">
      <Title order={1} mb="md">
        Stats
      </Title>
      <Tabs value={tab} onChange={selectTab} keepMounted={false}>
        <Tabs.List mb="md">
          <Tabs.Tab value="players">Players</Tabs.Tab>
          <Tabs.Tab value="teams">Team map win rates</Tabs.Tab>
        </Tabs.List>
        {/* Native selects: the phone's own picker, and no dropdown code to load (docs/decisions/0072-native-rankings-menus.md). */}
        <Group gap="sm" mb="md" align="flex-end" grow preventGrowOverflow={false} data-stats-filters>
          <NativeSelect
            label="Season"
            data={[
              ...(seasonKnown ? [] : [{ value: '', label: seasons.isPending || currentSeason.isPending ? 'Loading seasons…' : 'No seasons yet', disabled: true }]),
              ...(seasons.data?.results ?? []).map((season) => ({ value: season.id, label: season.name })),
            ]}
            value={seasonId ?? ''}
            onChange={(event) => event.currentTarget.value && changeSearch({ season: event.currentTarget.value, team: undefined })}
          />
          {tab === 'players' && (
            <NativeSelect
              label="Competition"
              data={[{ value: ALL, label: 'All Competitions' }, ...(competitions.data ?? []).map((competition) => ({ value: competition.id, label: competition.name }))]}
              value={search.competition ?? ALL}
              onChange={(event) => changeSearch({ competition: optional(event.currentTarget.value) })}
            />
          )}
          {tab === 'players' && (
            <NativeSelect
              label="Team"
              data={[
                { value: ALL, label: 'All Teams' },
                ...(teams.data?.results ?? []).map((candidate) => ({ value: candidate.id, label: candidate.name })),
                ...(search.team && !team ? [{ value: search.team, label: teams.isPending ? 'Loading teams…' : 'A team not in this season', disabled: true }] : []),
              ]}
              value={search.team ?? ALL}
              onChange={(event) => changeSearch({ team: optional(event.currentTarget.value) })}
            />
          )}
          <NativeSelect
            label="Map"
            data={[{ value: ALL, label: 'All Maps' }, ...[...new Set([...ACTIVE_MAP_POOL, ...(map ? [map] : [])])].map((code) => ({ value: code, label: mapDisplayName(code) }))]}
            value={map ?? ALL}
            onChange={(event) => changeSearch({ map: optional(event.currentTarget.value) })}
          />
          <NativeSelect
            label="Minimum maps"
            data={minMapChoices.map((count) => ({ value: String(count), label: String(count) }))}
            value={String(minMaps)}
            onChange={(event) => {
              const count = Number(event.currentTarget.value);
              changeSearch({ min_maps: count === STATS_DEFAULT_MIN_MAPS ? undefined : count });
            }}
          />
        </Group>
        <Tabs.Panel value="players">
          <Text c="dimmed" size="sm" mb="sm" data-min-maps-rule>
            Players with at least {minMaps} {minMaps === 1 ? 'map' : 'maps'} in {seasonName}. Rating is HLTV&apos;s Rating 1.0.
          </Text>
          <Paper withBorder p="xs">
            {noSeason ? (
              <EmptyMessage message="No seasons yet" />
            ) : (
              <PlayerLeaderboard
                input={leaderboardInput}
                ready={seasonKnown}
                minMaps={minMaps}
                onSort={(sort) => changeSearch({ sort: sort.key as LeaderboardSort, order: sort.order })}
                onPage={(page) => onSearch({ page: page === 1 ? undefined : page }, { replace: false })}
              />
            )}
          </Paper>
        </Tabs.Panel>
        <Tabs.Panel value="teams">
          <Text c="dimmed" size="sm" mb="sm" data-min-maps-rule>
            Teams with at least {minMaps} {minMaps === 1 ? 'map' : 'maps'} {map ? `on ${mapDisplayName(map)} ` : ''}in {seasonName}.
          </Text>
          <Paper withBorder p="xs">
            {noSeason ? (
              <EmptyMessage message="No seasons yet" />
            ) : (
              <TeamLeaderboard
                input={teamLeaderboardInput}
                ready={seasonKnown}
                minMaps={minMaps}
                onSort={(next) => changeSearch({ sort: next.key as TeamLeaderboardSort, order: next.order })}
                onPage={(page) => onSearch({ page: page === 1 ? undefined : page }, { replace: false })}
              />
            )}
          </Paper>
        </Tabs.Panel>
      </Tabs>
    </Container>
  );
}
