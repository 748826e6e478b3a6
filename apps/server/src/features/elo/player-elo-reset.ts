import type { playerEloResetInput, PlayerEloResetOutput } from '@campus-elo/api-contract';
import type { Database } from '@campus-elo/db';
import type { Kysely } from 'kysely';
import type { z } from 'zod';
import { recordAudit, type AuditEntry } from '../audit/record';

/** Every player back to the given Elo and skill level, in one statement. */
export async function resetPlayerElo(
  db: Kysely<Database>,
  input: z.output<typeof playerEloResetInput>,
  actor: AuditEntry['user'],
): Promise<PlayerEloResetOutput> {
  return db.transaction().execute(async (trx) => {
    const result = await trx
      .updateTable('players')
      .set({ elo: input.default_elo, skill_level: input.default_skill_level, updated_at: new Date() })
      .executeTakeFirst();
    const answer = { updated_players: Number(result.numUpdatedRows) };
    await recordAudit(trx, { user: actor, action: 'reset_elo', entity: 'players', ids: [], details: { ...input, ...answer } });
    return answer;
  });
}
