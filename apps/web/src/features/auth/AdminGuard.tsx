import { Navigate, Outlet } from '@tanstack/react-router';
import { ConfirmProvider } from '../admin-shell/ConfirmProvider';
import { useSession } from './useSession';

/**
 * Every /admin page: nothing while the session loads, /signin for a visitor, the page for
 * staff (with the admin area's confirmation dialog).
 */
export function AdminGuard() {
  const session = useSession();
  if (session.isPending) return null;
  if (!session.data) return <Navigate to="/signin" replace />;
  return (
    <ConfirmProvider>
      <Outlet />
    </ConfirmProvider>
  );
}
