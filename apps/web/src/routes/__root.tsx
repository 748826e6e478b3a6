import type { QueryClient } from '@tanstack/react-query';
import { createRootRouteWithContext } from '@tanstack/react-router';
import { NotFoundPage } from '../features/layout/NotFoundPage';
import { SiteLayout } from '../features/layout/SiteLayout';
import type { PageNotFoundContext } from '../lib/page-not-found';

export const Route = createRootRouteWithContext<{ queryClient: QueryClient } & PageNotFoundContext>()({
  component: SiteLayout,
  notFoundComponent: NotFoundPage,
});
