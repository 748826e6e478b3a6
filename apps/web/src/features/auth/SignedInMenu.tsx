import { Anchor, Button, Group, VisuallyHidden } from '@mantine/core';
import { Link } from '@tanstack/react-router';
import { useSession } from './useSession';
import { useSignOut } from './SignOutButton';

/**
 * For the top bar of every page: who is signed in (a link to the Admin Panel) and Sign Out.
 * Shows nothing to visitors, nor while the session is still being asked for. Built from
 * components whose styles the public pages already load (Anchor, Button), so it looks right
 * on a public page opened before any staff screen.
 */
export function SignedInMenu() {
  const session = useSession();
  const signOut = useSignOut();
  const user = session.data;
  if (!user) return null;
  return (
    <Group gap="xs" wrap="nowrap" aria-label="Signed in" role="group">
      <Anchor component={Link} to="/admin" size="sm" title="Admin Panel">
        <VisuallyHidden>Signed in as </VisuallyHidden>
        {user.email}
      </Anchor>
      <Button variant="default" size="compact-sm" onClick={() => signOut.mutate()} loading={signOut.isPending}>
        Sign Out
      </Button>
    </Group>
  );
}
