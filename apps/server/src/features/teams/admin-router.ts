import { router } from '../../trpc';

export const teamsAdminRouter = router({});
