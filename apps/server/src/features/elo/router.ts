import {
  eloRunUndoInput,
  eloRunUndoOutput,
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
import { undoEloRun } from './undo';

/** The Control Panel's Elo tools. Resetting and replaying everything is for owners only. */
export const eloRouter = router({
  resetPlayers: ownerProcedure
    .meta({ rest: { method: 'POST', path: '/player-elo/reset/', summary: 'Reset every player Elo and skill level', tag: 'Elo tools' } })
    .input(playerEloResetInput)
    .output(playerEloResetOutput)
    .mutation(({ ctx, input }) => resetPlayerElo(ctx.db, input, ctx.user)),
  calculateTeams: staffProcedure
    .meta({ rest: { method: 'POST', path: '/team-elo/calculate/', summary: 'Rate teams from their rosters', tag: 'Elo tools', job: 'calculate_team_elo' } })
    .input(teamEloCalculateInput)
    .output(teamEloCalculateOutput)
    .mutation(({ ctx, input }) => calculateTeamElo(ctx.db, input, ctx.user)),
  recalculateAll: ownerProcedure
    .meta({ rest: { method: 'POST', path: '/team-elo/recalculate/', summary: 'Replay every completed match', tag: 'Elo tools', job: 'recalculate_elo' } })
    .input(teamEloRecalculateInput)
    .output(teamEloRecalculateOutput)
    .mutation(({ ctx, input }) => recalculateAllElo(ctx.db, input, ctx.user)),
  undoRun: ownerProcedure
    .meta({
      rest: {
        method: 'POST',
        path: '/elo-runs/:id/undo/',
        summary: 'Undo an Elo run',
        description:
          "Puts back what an Elo tool run, a match edit or an import replaced (its answer's elo_run_id), in one transaction, through the Elo ledger; with dry_run it answers what undoing would change and keeps everything. Refused (409, with the reason) when the run was undone already, a later run that stands touched the same teams or players, or a value it left has changed since.",
        tag: 'Elo tools',
        errors: { 404: 'No run has this id', 409: 'Something written since touches the same rows, or the run was undone already' },
      },
    })
    .input(eloRunUndoInput)
    .output(eloRunUndoOutput)
    .mutation(({ ctx, input }) => undoEloRun(ctx.db, ctx.user, input.id, input.dry_run)),
});
