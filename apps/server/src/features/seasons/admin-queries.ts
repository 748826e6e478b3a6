import type { DeletedOutput, Season, SeasonCreateInput, SeasonUpdateInput } from '@campus-elo/api-contract';
import type { Database } from '@campus-elo/db';
import { sql, type Kysely } from 'kysely';
import { recordAudit } from '../audit/record';
import { conflict, notFound } from '../../lib/errors';

const seasonColumns = ['id', 'name', 'start_date', 'end_date'] as const;

/** Season names are unique ignoring case (a unique index on lower(name) backs this up): 409 with the name. */
async function requireFreeName(trx: Kysely<Database>, name: string, exceptId: string | null): Promise<void> {
  let query = trx.selectFrom('seasons').select('name').where(sql<string>`lower(name)`, '=', name.toLowerCase());
  if (exceptId) query = query.where('id', '<>', exceptId);
  const taken = await query.executeTakeFirst();
  if (taken) throw conflict(`A season named '${taken.name}' already exists`);
}

/** Creates a season (the import wizard's inline form) and answers it. */
export function createSeason(db: Kysely<Database>, user: { id: string }, input: SeasonCreateInput): Promise<Season> {
  return db.transaction().execute(async (trx) => {
    await requireFreeName(trx, input.name, null);
    const season = await trx
      .insertInto('seasons')
      .values({ name: input.name, start_date: input.start_date, end_date: input.end_date })
      .returning(seasonColumns)
      .executeTakeFirstOrThrow();
    await recordAudit(trx, { user, action: 'create', entity: 'season', ids: [season.id], details: { after: season } });
    return season;
  });
}

/** Replaces a season's name and dates. */
export function updateSeason(db: Kysely<Database>, user: { id: string }, input: SeasonUpdateInput): Promise<Season> {
  return db.transaction().execute(async (trx) => {
    const before = await trx.selectFrom('seasons').select(seasonColumns).where('id', '=', input.id).forUpdate().executeTakeFirst();
    if (!before) throw notFound('Season not found');
    await requireFreeName(trx, input.name, input.id);
    const after = await trx
      .updateTable('seasons')
      .set({ name: input.name, start_date: input.start_date, end_date: input.end_date })
      .where('id', '=', input.id)
      .returning(seasonColumns)
      .executeTakeFirstOrThrow();
    await recordAudit(trx, { user, action: 'update', entity: 'season', ids: [input.id], details: { before, after } });
    return after;
  });
}

/** Deletes a season that has no matches (409 otherwise); its snapshots and participants go with it. */
export function deleteSeason(db: Kysely<Database>, user: { id: string }, id: string): Promise<DeletedOutput> {
  return db.transaction().execute(async (trx) => {
    const before = await trx.selectFrom('seasons').select(seasonColumns).where('id', '=', id).forUpdate().executeTakeFirst();
    if (!before) throw notFound('Season not found');
    const { n } = await trx.selectFrom('matches').select((eb) => eb.fn.countAll<number>().as('n')).where('season_id', '=', id).executeTakeFirstOrThrow();
    if (Number(n) > 0) throw conflict(`Season '${before.name}' has ${n} ${Number(n) === 1 ? 'match' : 'matches'}: move or delete them first`);
    await trx.deleteFrom('seasons').where('id', '=', id).execute();
    await recordAudit(trx, { user, action: 'delete', entity: 'season', ids: [id], details: { before } });
    return { id, message: `Deleted season '${before.name}'.` };
  });
}
