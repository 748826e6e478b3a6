import '@mantine/core/styles/Stack.css';
import '@mantine/core/styles/Group.css';
import '@mantine/core/styles/Tabs.css';
import { Container, Group, Tabs, Title } from '@mantine/core';
import { Suspense, type ReactNode } from 'react';
import { pageTitle } from '../../lib/site-settings';
import { LoadBoundary, retryableLazy } from '../common/LoadBoundary';
import { LoadingState } from '../common/states';
import { useHashTab } from '../common/useHashTab';
import { usePageTitle } from '../common/usePageTitle';
import { LIVE_MATCHES_ERROR, MATCH_HISTORY_ERROR } from './messages';
import { UpcomingMatchesTab } from './UpcomingMatchesTab';
import { EmbedButton } from '../embeds/EmbedButton';

// The default tab comes with the page; the others load when opened (the past tab's filters
// bring Mantine's Select and its popover code, about 45 KB gzip: docs/decisions/0068).
const LiveMatchesTab = retryableLazy(async () => (await import('./LiveMatchesTab')).LiveMatchesTab);
const PastMatchesTab = retryableLazy(async () => (await import('./PastMatchesTab')).PastMatchesTab);

/** A tab loaded when opened: a spinner meanwhile, the tab's failure text if its code cannot be fetched. */
const loadingTab = (children: ReactNode, failure: string) => (
  <LoadBoundary message={failure}>
    <Suspense fallback={<LoadingState label="Loading matches" />}>{children}</Suspense>
  </LoadBoundary>
);

const MATCH_TABS = ['live', 'upcoming', 'past'] as const;

/** /matches: live, upcoming and past matches, one tab each, the tab held in the URL hash. */
export function MatchesPage() {
  usePageTitle(pageTitle('Matches'));
  const [tab, selectTab] = useHashTab(MATCH_TABS, 'upcoming');
  return (
    <Container size="xl" py="lg">
      <Group justify="space-between" align="baseline" mb="md">
        <Title order={1}>Matches</Title>
        <EmbedButton path="/embed/schedule" title="Schedule" />
      </Group>
      <Tabs value={tab} onChange={selectTab} keepMounted={false}>
        <Tabs.List mb="lg">
          <Tabs.Tab value="live">Live</Tabs.Tab>
          <Tabs.Tab value="upcoming">Upcoming</Tabs.Tab>
          <Tabs.Tab value="past">Past</Tabs.Tab>
        </Tabs.List>
        <Tabs.Panel value="live">{loadingTab(<LiveMatchesTab />, LIVE_MATCHES_ERROR)}</Tabs.Panel>
        <Tabs.Panel value="upcoming">
          <UpcomingMatchesTab />
        </Tabs.Panel>
        <Tabs.Panel value="past">{loadingTab(<PastMatchesTab />, MATCH_HISTORY_ERROR)}</Tabs.Panel>
      </Tabs>
    </Container>
  );
}
