import { router } from '../../trpc';

export const viewerRouter = router({});
