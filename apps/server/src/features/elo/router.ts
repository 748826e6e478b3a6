import { router } from '../../trpc';

export const eloRouter = router({});
