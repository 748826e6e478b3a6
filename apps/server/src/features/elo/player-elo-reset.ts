import type { playerEloResetInput, PlayerEloResetOutput } from '@campus-elo/api-contract';
import type { Database } from '@campus-elo/db';
import type { Kysely } from 'kysely';
import type { z } from 'zod';
import { recordAudit, type AuditEntry } from '../audit/record';

/** Every player back to the given Elo and skill level, in one statement; each Elo that changes goes into the history. */
export async function resetPlayerElo(
  db: Kysely<Database>,
  input: z.output<typeof playerEloResetInput>,
  actor: AuditEntry['user'],
): Promise<PlayerEloResetOutput> {
  return db.transaction().execute(async (trx) => {
    await trx
      .insertInto('player_elo_history')
      .columns(['player_id', 'elo', 'source'])
      .expression((eb) => eb.selectFrom('players').select(['id', eb.val(input.default_elo).as('elo'), eb.val('reset').as('source')]).where('elo', '<>', input.default_elo))
      .execute();
    const result = await trx
      .updateTable('players')
      .set({ elo: input.default_elo, skill_level: input.default_skill_level, updated_at: new Date() })
      .executeTakeFirst();
    const answer = { updated_players: Number(result.numUpdatedRows) };
    await recordAudit(trx, { user: actor, action: 'reset_elo', entity: 'players', ids: [], details: { ...input, ...answer } });
    return answer;
  });
}
