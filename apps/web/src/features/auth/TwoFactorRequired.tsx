import { Paper, Stack, Title } from '@mantine/core';
import { pageTitle } from '../../lib/site-settings';
import { trpc } from '../../lib/trpc';
import { usePageTitle } from '../common/usePageTitle';
import { TwoFactorSetup } from './TwoFactorSetup';

/** In place of every /admin page while the owner requires two-factor sign-in and this staff member has not set it up. */
export function TwoFactorRequired() {
  usePageTitle(pageTitle('Set Up Two-Factor Sign-In'));
  const utils = trpc.useUtils();
  return (
    <Paper withBorder shadow="sm" p="xl" maw={520} mx="auto" my="xl" component="section" aria-labelledby="two-factor-required-title">
      <Stack>
        <Title order={1} size="h2" id="two-factor-required-title">
          Set Up Two-Factor Sign-In
        </Title>
        <TwoFactorSetup
          intro="The owner requires two-factor sign-in for all staff. Set it up to continue to the admin panel."
          onDone={() => void utils.auth.me.invalidate()}
        />
      </Stack>
    </Paper>
  );
}
