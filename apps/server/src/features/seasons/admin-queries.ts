import type { Season, SeasonCreateInput } from '@campus-elo/api-contract';
import type { Database } from '@campus-elo/db';
import type { Kysely } from 'kysely';
import { recordAudit } from '../audit/record';

/** Creates a season (the import wizard's inline form) and answers it. */
export function createSeason(db: Kysely<Database>, user: { id: string }, input: SeasonCreateInput): Promise<Season> {
  return db.transaction().execute(async (trx) => {
    const season = await trx
      .insertInto('seasons')
      .values({ name: input.name, start_date: input.start_date, end_date: input.end_date })
      .returning(['id', 'name', 'start_date', 'end_date'])
      .executeTakeFirstOrThrow();
    await recordAudit(trx, { user, action: 'create', entity: 'season', ids: [season.id], details: input });
    return season;
  });
}
