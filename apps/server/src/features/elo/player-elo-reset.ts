import type { playerEloResetInput, PlayerEloResetOutput } from '@campus-elo/api-contract';
import type { Database } from '@campus-elo/db';
import type { Kysely } from 'kysely';
import type { z } from 'zod';
import { recordAudit, type AuditEntry } from '../audit/record';
import { recordEloRun, type RunChange } from './runs';

/** The answer lists this many of the largest changes; the run keeps them all for undo. */
const LISTED_PLAYER_CHANGES = 500;

/**
 * Every player back to the given Elo and skill level, in one statement; each Elo that changes
 * goes into the history, and the values replaced are kept for undo (runs.ts).
 */
export async function resetPlayerElo(
  db: Kysely<Database>,
  input: z.output<typeof playerEloResetInput>,
  actor: AuditEntry['user'],
): Promise<PlayerEloResetOutput> {
  return db.transaction().execute(async (trx) => {
    const players = await trx
      .selectFrom('players')
      .select(['id', 'name', 'elo', 'skill_level'])
      .where((eb) => eb.or([eb('elo', '<>', input.default_elo), eb('skill_level', '<>', input.default_skill_level)]))
      .execute();
    await trx
      .insertInto('player_elo_history')
      .columns(['player_id', 'elo', 'source'])
      .expression((eb) => eb.selectFrom('players').select(['id', eb.val(input.default_elo).as('elo'), eb.val('reset').as('source')]).where('elo', '<>', input.default_elo))
      .execute();
    const result = await trx
      .updateTable('players')
      .set({ elo: input.default_elo, skill_level: input.default_skill_level, updated_at: new Date() })
      .executeTakeFirst();
    const changes: RunChange[] = players.flatMap((p): RunChange[] => [
      ...(p.elo === input.default_elo ? [] : [{ entity: 'player' as const, field: 'elo' as const, id: p.id, before: p.elo, after: input.default_elo }]),
      ...(p.skill_level === input.default_skill_level
        ? []
        : [{ entity: 'player' as const, field: 'skill_level' as const, id: p.id, before: p.skill_level, after: input.default_skill_level }]),
    ]);
    const eloRunId = changes.length === 0 ? null : await recordEloRun(trx, { kind: 'reset_players', userId: actor?.id ?? null, changes });
    const playerChanges = players
      .filter((p) => p.elo !== input.default_elo)
      .map((p) => ({ player_id: p.id, player_name: p.name, before: p.elo, after: input.default_elo }))
      .sort((x, y) => Math.abs(y.after - y.before) - Math.abs(x.after - x.before) || x.player_name.localeCompare(y.player_name));
    const answer = {
      updated_players: Number(result.numUpdatedRows),
      player_changes: playerChanges.slice(0, LISTED_PLAYER_CHANGES),
      player_changes_total: playerChanges.length,
      elo_run_id: eloRunId,
    };
    await recordAudit(trx, {
      user: actor,
      action: 'reset_elo',
      entity: 'players',
      ids: [],
      details: { ...input, updated_players: answer.updated_players, player_changes: playerChanges.length, elo_run_id: eloRunId },
    });
    return answer;
  });
}
