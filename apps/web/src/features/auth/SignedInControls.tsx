import '@mantine/core/styles/Group.css';
import '@mantine/core/styles/Button.css';
import { Anchor, Button, Group, VisuallyHidden } from '@mantine/core';
import { Link } from '@tanstack/react-router';
import { useSignOut } from './useSignOut';

/** Who is signed in (a link to the Admin Panel) and Sign Out: loaded only once someone is. */
export default function SignedInControls({ email }: { email: string }) {
  const signOut = useSignOut();
  return (
    <Group gap="xs" wrap="nowrap" aria-label="Signed in" role="group">
      <Anchor component={Link} to="/admin" size="sm" title="Admin Panel" visibleFrom="sm">
        <VisuallyHidden>Signed in as </VisuallyHidden>
        {email}
      </Anchor>
      <Button variant="default" size="compact-sm" onClick={() => signOut.mutate()} loading={signOut.isPending}>
        Sign Out
      </Button>
    </Group>
  );
}
