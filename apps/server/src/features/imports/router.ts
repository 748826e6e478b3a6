import { router } from '../../trpc';

export const importsRouter = router({});
