import { router } from '../../trpc';

export const mergeRouter = router({});
