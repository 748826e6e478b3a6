import {
  playerEloResetInput,
  playerEloResetOutput,
  teamEloCalculateInput,
  teamEloCalculateOutput,
  teamEloRecalculateInput,
  teamEloRecalculateOutput,
} from '@campus-elo/api-contract';
import { ownerProcedure, router, staffProcedure } from '../../trpc';
import { resetPlayerElo } from './player-elo-reset';
import { recalculateAllElo } from './recalculate';
import { calculateTeamElo } from './team-elo-calculate';

/** The Control Panel's Elo tools. Resetting and replaying everything is for owners only. */
export const eloRouter = router({
  resetPlayerElo: ownerProcedure
    .input(playerEloResetInput)
    .output(playerEloResetOutput)
    .mutation(({ ctx, input }) => resetPlayerElo(ctx.db, input, ctx.user)),
  calculateTeamElo: staffProcedure
    .input(teamEloCalculateInput)
    .output(teamEloCalculateOutput)
    .mutation(({ ctx, input }) => calculateTeamElo(ctx.db, input, ctx.user)),
  recalculateAll: ownerProcedure
    .input(teamEloRecalculateInput)
    .output(teamEloRecalculateOutput)
    .mutation(({ ctx, input }) => recalculateAllElo(ctx.db, input, ctx.user)),
});
