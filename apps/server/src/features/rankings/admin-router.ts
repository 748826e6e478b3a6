import { router } from '../../trpc';

export const rankingsAdminRouter = router({});
