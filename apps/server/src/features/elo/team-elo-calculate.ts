import type { TeamEloCalculationRecord, teamEloCalculateInput, TeamEloCalculateOutput } from '@campus-elo/api-contract';
import type { Database } from '@campus-elo/db';
import { teamEloCalculation, teamEloCalculationNumbers, type RosterPlayer } from '@campus-elo/domain';
import type { Kysely } from 'kysely';
import type { z } from 'zod';
import { progressCounter, type ToolProgress } from '../../lib/tool-progress';
import { recordAudit, type AuditEntry } from '../audit/record';
import { lockEloLedger, recordAdjustments } from './ledger';
import { eloChangesBetween, recordEloRun, teamEloRunChanges, teamEloSnapshot } from './runs';

/**
 * Rates every team (or only never-rated ones, whose Elo still equals default_elo) from its
 * roster: one read of the teams, one of all rostered players, and the new Elo recorded as
 * adjustments of one run (ledger.ts), each with the players, mean and spread that gave it
 * (migration 0101, shown on the team's rating page), kept for undo under the same id (runs.ts). One
 * transaction: progress is told in three steps, and a stop rolls it all back.
 */
export async function calculateTeamElo(
  db: Kysely<Database>,
  input: z.output<typeof teamEloCalculateInput>,
  actor: AuditEntry['user'],
  progress?: ToolProgress,
): Promise<TeamEloCalculateOutput> {
  return db.transaction().execute(async (trx) => {
    const steps = progressCounter(progress, 3);
    await lockEloLedger(trx);
    const eloBefore = await teamEloSnapshot(trx);
    let teamQuery = trx.selectFrom('teams').select(['id']);
    if (input.only_default_elo) teamQuery = teamQuery.where('elo', '=', input.default_elo);
    const teams = await teamQuery.execute();
    const players = await trx.selectFrom('players').select(['id', 'name', 'team_id', 'elo', 'benched']).where('team_id', 'is not', null).execute();

    type NamedPlayer = RosterPlayer & { id: string; name: string };
    const rosters = new Map<string, NamedPlayer[]>();
    for (const player of players) {
      const roster = rosters.get(player.team_id!) ?? [];
      roster.push({ id: player.id, name: player.name, elo: player.elo, benched: player.benched });
      rosters.set(player.team_id!, roster);
    }

    const rated: { teamId: string; elo: number; calculation: TeamEloCalculationRecord }[] = [];
    let withoutEnoughPlayers = 0;
    for (const team of teams) {
      const calculation = teamEloCalculation(rosters.get(team.id) ?? []);
      if (calculation === null) withoutEnoughPlayers += 1;
      else rated.push({ teamId: team.id, elo: calculation.elo, calculation: teamEloCalculationNumbers(calculation) });
    }
    steps.step();

    const runId = crypto.randomUUID();
    const adjusted = await recordAdjustments(trx, rated, { reason: 'calculate', userId: actor?.id ?? null, runId, at: new Date() });
    steps.step();
    const changes = eloChangesBetween(eloBefore, await teamEloSnapshot(trx));
    const eloRunId = changes.length === 0 ? null : await recordEloRun(trx, { id: runId, kind: 'calculate', userId: actor?.id ?? null, changes: teamEloRunChanges(changes) });
    const answer = {
      updated_teams: rated.length,
      teams_without_enough_players: withoutEnoughPlayers,
      total_teams_processed: teams.length,
      elo_changes: changes,
      elo_run_id: eloRunId,
    };
    await recordAudit(trx, {
      user: actor,
      action: 'calculate_elo',
      entity: 'teams',
      ids: rated.map((r) => r.teamId),
      details: { ...input, ...answer, elo_changes: changes.length, run_id: runId, teams_adjusted: adjusted },
    });
    steps.step();
    return answer;
  });
}
