import '@mantine/core/styles/CloseButton.css';
import '@mantine/core/styles/Group.css';
import '@mantine/core/styles/Input.css';
// The native selects' chevron.
import '@mantine/core/styles/Combobox.css';
import '@mantine/core/styles/Tabs.css';
import { rankingsSeasonsInput, rankingsWeeksInput } from '@campus-elo/api-contract';
import { seasonHasEnded } from '@campus-elo/domain';
import { Container, Group, NativeSelect, Paper, Tabs, Text, Title } from '@mantine/core';
import { getRouteApi } from '@tanstack/react-router';
import { pageTitle } from '../../lib/site-settings';
import { trpc } from '../../lib/trpc';
import { formatCalendarDate } from '../common/format';
import { RouterAnchor } from '../common/RouterAnchor';
import { useCurrentSeason } from '../common/useCurrentSeason';
import { useHashTab } from '../common/useHashTab';
import { usePageTitle } from '../common/usePageTitle';
import { PlayerRankingsList } from './PlayerRankingsList';
import { ALL_SEASONS, CURRENT_RANKINGS } from './rankingsSearch';
import { TeamRankingsList } from './TeamRankingsList';
import { EmbedButton } from '../embeds/EmbedButton';
import { useNow } from '../../lib/render-context';

const RANKING_TABS = ['team', 'player'] as const;
const routeApi = getRouteApi('/rankings');

/** /rankings: team and player rankings per season; team rankings also per weekly snapshot. */
export function RankingsPage() {
  usePageTitle(pageTitle('Rankings'));
  const [tab, selectTab] = useHashTab(RANKING_TABS, 'team');
  const search = routeApi.useSearch();
  const navigate = routeApi.useNavigate();
  const currentSeason = useCurrentSeason();
  const now = useNow();
  const seasons = trpc.public.seasons.useQuery(rankingsSeasonsInput);

  // No season in the URL: the current season once known (all seasons when there is none).
  const seasonValue = search.season ?? (currentSeason.isPending ? null : (currentSeason.data?.id ?? ALL_SEASONS));
  const ready = seasonValue !== null;
  const seasonId = seasonValue && seasonValue !== ALL_SEASONS ? seasonValue : undefined;

  const weeks = trpc.public.rankings.useQuery(rankingsWeeksInput(seasonId), { enabled: ready && tab === 'team' });

  const seasonOptions = [
    { value: ALL_SEASONS, label: 'All Seasons' },
    ...(seasons.data?.results ?? []).map((season) => ({ value: season.id, label: season.name })),
  ];
  // An ended season opens on its last snapshot: its current Elo is not what it ended with.
  // 'Current Rankings' stays a choice, kept in the URL as week=current.
  const season = seasons.data?.results.find((s) => s.id === seasonId);
  const ended = season !== undefined && seasonHasEnded(season.end_date, new Date(now));
  const lastWeek = ended ? weeks.data?.results[0]?.id : undefined;
  const weekValue = search.week ?? lastWeek ?? CURRENT_RANKINGS;
  const rankingId = weekValue === CURRENT_RANKINGS ? undefined : weekValue;
  // Until the season and its weeks are known, an ended season's list would show the wrong one.
  const weekKnown = search.week !== undefined || !seasonId || (!seasons.isPending && (!ended || !weeks.isPending));

  const weekOptions = [
    { value: CURRENT_RANKINGS, label: 'Current Rankings' },
    ...(weeks.data?.results ?? []).map((week) => ({
      value: week.id,
      label: seasonId ? `Week of ${formatCalendarDate(week.date)}` : `Week of ${formatCalendarDate(week.date)} (${week.season.name})`,
    })),
  ];

  // Picking a season or a week starts the list again at page 1 (a new query key).
  const changeSearch = (next: { season?: string; week?: string }) => void navigate({ search: next, hash: true, replace: true });

  return (
    <Container size="md" py="lg">
      <Title order={1} mb="xs">
        Rankings
      </Title>
      <Text mb="md">
        <RouterAnchor to="/ratings" underline="always">
          How ratings work
        </RouterAnchor>
        {' · '}
        <RouterAnchor to="/standings" underline="always">
          League standings
        </RouterAnchor>
        {' · '}
        <EmbedButton path="/embed/rankings" title="Team rankings" />
      </Text>
      <Tabs value={tab} onChange={selectTab} keepMounted={false}>
        <Tabs.List mb="md">
          <Tabs.Tab value="team">Team Rankings</Tabs.Tab>
          <Tabs.Tab value="player">Player Rankings</Tabs.Tab>
        </Tabs.List>
        <Group gap="sm" mb="md" align="flex-end" grow preventGrowOverflow={false}>
          {/* Native selects: the phone's own picker, and no dropdown code to load (docs/decisions/0072-native-rankings-menus.md). */}
          <NativeSelect
            label="Season"
            data={seasonValue === null ? [{ value: '', label: 'Loading seasons…', disabled: true }, ...seasonOptions] : seasonOptions}
            value={seasonValue ?? ''}
            onChange={(event) => event.currentTarget.value && changeSearch({ season: event.currentTarget.value })}
          />
          {tab === 'team' && (
            <NativeSelect
              label="Ranking Week"
              // A week from the URL is named once the season's weeks have loaded.
              data={weekOptions.some((option) => option.value === weekValue) ? weekOptions : [{ value: weekValue, label: 'Loading weeks…', disabled: true }, ...weekOptions]}
              value={weekValue}
              onChange={(event) => {
                const value = event.currentTarget.value;
                changeSearch({ season: search.season, week: value !== CURRENT_RANKINGS || ended ? value : undefined });
              }}
            />
          )}
        </Group>
        <Tabs.Panel value="team">
          <Text c="dimmed" size="sm" mb="sm">
            Team rankings are based on initial Faceit Elo and team performance.
          </Text>
          <Paper withBorder p="xs">
            <TeamRankingsList seasonId={seasonId} rankingId={rankingId} ready={ready && weekKnown} />
          </Paper>
        </Tabs.Panel>
        <Tabs.Panel value="player">
          <Text c="dimmed" size="sm" mb="sm">
            Player rankings are based on current Faceit Elo.
          </Text>
          <Paper withBorder p="xs">
            <PlayerRankingsList seasonId={seasonId} ready={ready} />
          </Paper>
        </Tabs.Panel>
      </Tabs>
    </Container>
  );
}
