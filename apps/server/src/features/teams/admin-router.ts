import { adminTeam, entityIdInput, teamOptionsOutput, teamUpdateInput } from '@campus-elo/api-contract';
import { router, staffProcedure } from '../../trpc';
import { getAdminTeam, listTeamOptions, updateTeam } from './admin-queries';

export const teamsAdminRouter = router({
  options: staffProcedure.output(teamOptionsOutput).query(({ ctx }) => listTeamOptions(ctx.db)),
  get: staffProcedure
    .input(entityIdInput)
    .output(adminTeam)
    .query(({ ctx, input }) => getAdminTeam(ctx.db, input.id)),
  update: staffProcedure
    .input(teamUpdateInput)
    .output(adminTeam)
    .mutation(({ ctx, input: { id, ...fields } }) => updateTeam(ctx.db, ctx.user, id, fields)),
});
