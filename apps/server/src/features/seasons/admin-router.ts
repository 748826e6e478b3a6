import { router } from '../../trpc';

export const seasonsAdminRouter = router({});
