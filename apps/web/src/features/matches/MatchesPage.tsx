import { Container, Tabs, Title } from '@mantine/core';
import { pageTitle } from '../../lib/site-settings';
import { useHashTab } from '../common/useHashTab';
import { usePageTitle } from '../common/usePageTitle';
import { LiveMatchesTab } from './LiveMatchesTab';
import { PastMatchesTab } from './PastMatchesTab';
import { UpcomingMatchesTab } from './UpcomingMatchesTab';

const MATCH_TABS = ['live', 'upcoming', 'past'] as const;

/** /matches: live, upcoming and past matches, one tab each, the tab held in the URL hash. */
export function MatchesPage() {
  usePageTitle(pageTitle('Matches'));
  const [tab, selectTab] = useHashTab(MATCH_TABS, 'upcoming');
  return (
    <Container size="xl" py="lg">
      <Title order={1} mb="md">
        Matches
      </Title>
      <Tabs value={tab} onChange={selectTab} keepMounted={false}>
        <Tabs.List mb="lg">
          <Tabs.Tab value="live">Live</Tabs.Tab>
          <Tabs.Tab value="upcoming">Upcoming</Tabs.Tab>
          <Tabs.Tab value="past">Past</Tabs.Tab>
        </Tabs.List>
        <Tabs.Panel value="live">
          <LiveMatchesTab />
        </Tabs.Panel>
        <Tabs.Panel value="upcoming">
          <UpcomingMatchesTab />
        </Tabs.Panel>
        <Tabs.Panel value="past">
          <PastMatchesTab />
        </Tabs.Panel>
      </Tabs>
    </Container>
  );
}
