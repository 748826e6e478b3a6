import '../../mantine-staff-styles';
import { Navigate, Outlet } from '@tanstack/react-router';
import { ConfirmProvider } from '../admin-shell/ConfirmProvider';
import { TwoFactorRequired } from './TwoFactorRequired';
import { useSession } from './useSession';

/**
 * Every /admin page: nothing while the session loads, /signin for a visitor, the two-factor
 * setup while the owner requires it of this staff member, else the page (with the admin
 * area's confirmation dialog).
 */
export function AdminGuard() {
  const session = useSession();
  if (session.isPending) return null;
  if (!session.data) return <Navigate to="/signin" replace />;
  if (session.data.two_factor.setup_required) return <TwoFactorRequired />;
  return (
    <ConfirmProvider>
      <Outlet />
    </ConfirmProvider>
  );
}
