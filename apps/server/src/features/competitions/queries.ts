import type { AdminCompetition, CompetitionListOutput, CompetitionUpdateInput, DeletedOutput } from '@campus-elo/api-contract';
import type { Database } from '@campus-elo/db';
import type { Kysely } from 'kysely';
import { recordAudit } from '../audit/record';
import { conflict, notFound } from '../../lib/errors';

function competitionsQuery(db: Kysely<Database>) {
  return db
    .selectFrom('competitions')
    .leftJoin('seasons', 'seasons.id', 'competitions.season_id')
    .select((eb) => [
      'competitions.id',
      'competitions.name',
      'competitions.platform',
      'competitions.external_id',
      'competitions.type',
      'seasons.id as season_id',
      'seasons.name as season_name',
      eb.selectFrom('matches').select((m) => m.fn.countAll<number>().as('n')).whereRef('matches.competition_id', '=', 'competitions.id').as('match_count'),
    ]);
}

type CompetitionRow = Awaited<ReturnType<ReturnType<typeof competitionsQuery>['executeTakeFirstOrThrow']>>;

const toCompetition = (row: CompetitionRow): AdminCompetition => ({
  id: row.id,
  name: row.name,
  platform: row.platform,
  external_id: row.external_id,
  // type is text held to 'league' or 'event' by a CHECK constraint.
  type: row.type as AdminCompetition['type'],
  season: row.season_id && row.season_name ? { id: row.season_id, name: row.season_name } : null,
  match_count: Number(row.match_count ?? 0),
});

/** Every competition, by name: few enough for one answer. */
export async function listCompetitions(db: Kysely<Database>): Promise<CompetitionListOutput> {
  const rows = await competitionsQuery(db).orderBy('competitions.name').orderBy('competitions.id').execute();
  return { results: rows.map(toCompetition) };
}

/** Every competition's name, for the public match filters. */
export async function listCompetitionNames(db: Kysely<Database>): Promise<{ id: string; name: string }[]> {
  return db.selectFrom('competitions').select(['id', 'name']).orderBy('name').orderBy('id').execute();
}

export function renameCompetition(db: Kysely<Database>, user: { id: string }, input: CompetitionUpdateInput): Promise<AdminCompetition> {
  return db.transaction().execute(async (trx) => {
    const before = await competitionsQuery(trx).where('competitions.id', '=', input.id).executeTakeFirst();
    if (!before) throw notFound('Competition not found');
    await trx.updateTable('competitions').set({ name: input.name }).where('id', '=', input.id).execute();
    const after = toCompetition(await competitionsQuery(trx).where('competitions.id', '=', input.id).executeTakeFirstOrThrow());
    await recordAudit(trx, { user, action: 'update', entity: 'competition', ids: [input.id], details: { before: { name: before.name }, after: { name: after.name } } });
    return after;
  });
}

/** Deletes a competition no match names (409 otherwise); its participants go with it. */
export function deleteCompetition(db: Kysely<Database>, user: { id: string }, id: string): Promise<DeletedOutput> {
  return db.transaction().execute(async (trx) => {
    const row = await competitionsQuery(trx).where('competitions.id', '=', id).executeTakeFirst();
    if (!row) throw notFound('Competition not found');
    const before = toCompetition(row);
    if (before.match_count > 0) {
      throw conflict(`Competition '${before.name}' has ${before.match_count} ${before.match_count === 1 ? 'match' : 'matches'}: it can only be renamed`);
    }
    await trx.deleteFrom('competitions').where('id', '=', id).execute();
    await recordAudit(trx, { user, action: 'delete', entity: 'competition', ids: [id], details: { before } });
    return { id, message: `Deleted competition '${before.name}'.` };
  });
}
