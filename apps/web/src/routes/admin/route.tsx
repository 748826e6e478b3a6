import { createFileRoute } from '@tanstack/react-router';
import { AdminGuard } from '../../features/auth/AdminGuard';

/** Every /admin page (the panel, /admin/graphic) is for signed-in staff only. */
export const Route = createFileRoute('/admin')({
  component: AdminGuard,
});
