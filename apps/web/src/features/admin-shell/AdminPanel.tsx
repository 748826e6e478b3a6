import { Container, Group, Tabs, Title } from '@mantine/core';
import { lazy, Suspense, type ComponentType, type LazyExoticComponent } from 'react';
import { pageTitle } from '../../lib/site-settings';
import { SignOutButton } from '../auth/SignOutButton';
import { LoadingState } from '../common/states';
import { useHashTab } from '../common/useHashTab';
import { usePageTitle } from '../common/usePageTitle';

/** Each tab is its own chunk, fetched when the tab is first opened. */
const lazyTab = (load: () => Promise<ComponentType>): LazyExoticComponent<ComponentType> => lazy(async () => ({ default: await load() }));

const ADMIN_TABS = [
  { value: 'control-panel', label: 'Control Panel', Component: lazyTab(async () => (await import('../control-panel/ControlPanelTab')).ControlPanelTab) },
  { value: 'edit', label: 'Edit Team/Player', Component: lazyTab(async () => (await import('../edit/EditTeamPlayerTab')).EditTeamPlayerTab) },
  { value: 'import', label: 'Import Matches', Component: lazyTab(async () => (await import('../imports/ImportMatchesTab')).ImportMatchesTab) },
  { value: 'viewer', label: 'Database Viewer', Component: lazyTab(async () => (await import('../viewer/DatabaseViewerTab')).DatabaseViewerTab) },
  { value: 'clear-database', label: 'Clear Database', Component: lazyTab(async () => (await import('../clear-database/ClearDatabaseTab')).ClearDatabaseTab) },
  { value: 'graphic', label: 'Graphic Generator', Component: lazyTab(async () => (await import('../graphic/GraphicGenerator')).GraphicGenerator) },
  { value: 'merge', label: 'Merge Teams', Component: lazyTab(async () => (await import('../merge/MergeTeamsTab')).MergeTeamsTab) },
] as const;

const TAB_VALUES = ADMIN_TABS.map((tab) => tab.value);

/** /admin: Sign Out and the seven tabs; the open tab lives in the URL hash (#edit, #viewer, …). */
export function AdminPanel() {
  usePageTitle(pageTitle('Admin Panel'));
  const [active, select] = useHashTab(TAB_VALUES, 'control-panel');
  return (
    <Container size="xl" py="lg" component="section" aria-labelledby="admin-title">
      <Group justify="space-between" mb="md" wrap="nowrap">
        <Title order={1} size="h2" id="admin-title">
          Admin Panel
        </Title>
        <SignOutButton />
      </Group>
      <Tabs value={active} onChange={select} keepMounted={false}>
        <Tabs.List mb="md">
          {ADMIN_TABS.map((tab) => (
            <Tabs.Tab key={tab.value} value={tab.value}>
              {tab.label}
            </Tabs.Tab>
          ))}
        </Tabs.List>
        {ADMIN_TABS.map(({ value, Component }) => (
          <Tabs.Panel key={value} value={value}>
            <Suspense fallback={<LoadingState />}>
              <Component />
            </Suspense>
          </Tabs.Panel>
        ))}
      </Tabs>
    </Container>
  );
}
