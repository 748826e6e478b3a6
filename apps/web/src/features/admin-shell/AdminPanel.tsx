import { Button, Container, Group, Modal, Stack, Tabs, Title } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { Suspense, useState } from 'react';
import { pageTitle } from '../../lib/site-settings';
import { LoadBoundary, retryableLazy } from '../common/LoadBoundary';
import { LoadingState } from '../common/states';
import { useHashTab } from '../common/useHashTab';
import { usePageTitle } from '../common/usePageTitle';
import classes from './AdminPanel.module.css';

/**
 * Each tab (and the Account Security dialog) is its own chunk, fetched when first opened; one
 * that cannot be fetched says so in its place, with 'Try again' (LoadBoundary).
 */
const ADMIN_TABS = [
  { value: 'control-panel', label: 'Control Panel', Component: retryableLazy(async () => (await import('../control-panel/ControlPanelTab')).ControlPanelTab) },
  { value: 'matches', label: 'Matches', Component: retryableLazy(async () => (await import('../admin-matches/AdminMatchesTab')).AdminMatchesTab) },
  { value: 'seasons', label: 'Seasons', Component: retryableLazy(async () => (await import('../seasons/SeasonsTab')).SeasonsTab) },
  { value: 'edit', label: 'Edit Team/Player', Component: retryableLazy(async () => (await import('../edit/EditTeamPlayerTab')).EditTeamPlayerTab) },
  { value: 'import', label: 'Import Matches', Component: retryableLazy(async () => (await import('../imports/ImportMatchesTab')).ImportMatchesTab) },
  { value: 'viewer', label: 'Database Viewer', Component: retryableLazy(async () => (await import('../viewer/DatabaseViewerTab')).DatabaseViewerTab) },
  { value: 'clear-database', label: 'Clear Database', Component: retryableLazy(async () => (await import('../clear-database/ClearDatabaseTab')).ClearDatabaseTab) },
  { value: 'activity', label: 'Activity', Component: retryableLazy(async () => (await import('../activity/ActivityTab')).ActivityTab) },
  { value: 'staff', label: 'Staff', Component: retryableLazy(async () => (await import('../staff/StaffTab')).StaffTab) },
  { value: 'graphic', label: 'Graphic Generator', Component: retryableLazy(async () => (await import('../graphic/GraphicGenerator')).GraphicGenerator) },
  { value: 'merge', label: 'Merge Teams', Component: retryableLazy(async () => (await import('../merge/MergeTeamsTab')).MergeTeamsTab) },
  { value: 'jobs', label: 'Jobs', Component: retryableLazy(async () => (await import('../jobs/JobsTab')).JobsTab) },
  { value: 'events', label: 'Events', Component: retryableLazy(async () => (await import('../events/admin/EventsAdminTab')).EventsAdminTab) },
  { value: 'embeds', label: 'Embeds & overlays', Component: retryableLazy(async () => (await import('../embeds/EmbedsTab')).EmbedsTab) },
] as const;

const TAB_VALUES = ADMIN_TABS.map((tab) => tab.value);

const AccountSecurity = retryableLazy(async () => (await import('../auth/AccountSecurity')).AccountSecurity);
const ChangePasswordForm = retryableLazy(async () => (await import('../auth/ChangePasswordForm')).ChangePasswordForm);

/** The signed-in staff member's own password and two-factor sign-in (and the owner's rule for all staff), in a dialog. */
function AccountSecurityButton() {
  const [opened, setOpened] = useState(false);
  return (
    <>
      <Button variant="default" onClick={() => setOpened(true)}>
        Account Security
      </Button>
      <Modal opened={opened} onClose={() => setOpened(false)} title="Account Security" centered>
        <LoadBoundary message="Account Security could not be loaded.">
          <Suspense fallback={<LoadingState />}>
            <Stack gap="xl">
              <ChangePasswordForm />
              <AccountSecurity />
            </Stack>
          </Suspense>
        </LoadBoundary>
      </Modal>
    </>
  );
}

/** /admin: Account Security and the tabs (Sign Out is in the top bar on every page); the open tab lives in the URL hash (#edit, #viewer, …). */
export function AdminPanel() {
  usePageTitle(pageTitle('Admin Panel'));
  const [active, select] = useHashTab(TAB_VALUES, 'control-panel');
  // 14 tabs wrap onto two lines in a row at 1280 px and five on a phone: a column beside the
  // tab on wide screens, one sideways-scrolling line on phones (docs/decisions/0085).
  const phone = useMediaQuery('(max-width: 48em)', false, { getInitialValueInEffect: false });
  return (
    <Container size="xl" py="lg" component="section" aria-labelledby="admin-title">
      <Group justify="space-between" mb="md">
        <Title order={1} size="h2" id="admin-title">
          Admin Panel
        </Title>
        <Group gap="sm" wrap="nowrap">
          <AccountSecurityButton />
        </Group>
      </Group>
      <Tabs
        value={active}
        onChange={select}
        keepMounted={false}
        orientation={phone ? 'horizontal' : 'vertical'}
        classNames={phone ? { list: classes.phoneList } : { list: classes.sideList, panel: classes.sidePanel }}
      >
        <Tabs.List mb="md" aria-label="Admin tools">
          {ADMIN_TABS.map((tab) => (
            <Tabs.Tab key={tab.value} value={tab.value}>
              {tab.label}
            </Tabs.Tab>
          ))}
        </Tabs.List>
        {ADMIN_TABS.map(({ value, label, Component }) => (
          <Tabs.Panel key={value} value={value}>
            <LoadBoundary message={`${label} could not be loaded.`}>
              <Suspense fallback={<LoadingState />}>
                <Component />
              </Suspense>
            </LoadBoundary>
          </Tabs.Panel>
        ))}
      </Tabs>
    </Container>
  );
}
