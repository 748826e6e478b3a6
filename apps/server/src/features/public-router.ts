import { router } from '../trpc';

/** Every read the public pages need; no sign-in. */
export const publicRouter = router({});
