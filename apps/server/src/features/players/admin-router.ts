import { router } from '../../trpc';

export const playersAdminRouter = router({});
