import { router } from '../../trpc';

export const clearDatabaseRouter = router({});
