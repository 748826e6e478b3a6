import { Button, Menu } from '@mantine/core';
import { Link } from '@tanstack/react-router';
import { useSession } from './useSession';
import { useSignOut } from './SignOutButton';

/**
 * For the top bar of every page: who is signed in, with the Admin Panel and Sign Out. Shows
 * nothing to visitors (and nothing while the session is still being asked for).
 */
export function SignedInMenu() {
  const session = useSession();
  const signOut = useSignOut();
  const user = session.data;
  if (!user) return null;
  return (
    <Menu position="bottom-end" withinPortal>
      <Menu.Target>
        <Button variant="subtle" size="compact-sm" aria-label={`Signed in as ${user.email}`} loading={signOut.isPending}>
          {user.email}
        </Button>
      </Menu.Target>
      <Menu.Dropdown>
        <Menu.Label>Signed in as {user.role === 'owner' ? 'owner' : 'admin'}</Menu.Label>
        <Menu.Item component={Link} to="/admin">
          Admin Panel
        </Menu.Item>
        <Menu.Item onClick={() => signOut.mutate()}>Sign Out</Menu.Item>
      </Menu.Dropdown>
    </Menu>
  );
}
