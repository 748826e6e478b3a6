import { adminPlayer, entityIdInput, playerOptionsOutput, playerUpdateInput } from '@campus-elo/api-contract';
import { router, staffProcedure } from '../../trpc';
import { getAdminPlayer, listPlayerOptions, updatePlayer } from './admin-queries';

export const playersAdminRouter = router({
  options: staffProcedure.output(playerOptionsOutput).query(({ ctx }) => listPlayerOptions(ctx.db)),
  get: staffProcedure
    .input(entityIdInput)
    .output(adminPlayer)
    .query(({ ctx, input }) => getAdminPlayer(ctx.db, input.id)),
  update: staffProcedure
    .input(playerUpdateInput)
    .output(adminPlayer)
    .mutation(({ ctx, input: { id, ...fields } }) => updatePlayer(ctx.db, ctx.user, id, fields)),
});
