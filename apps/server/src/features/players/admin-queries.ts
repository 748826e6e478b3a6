import type { AdminPlayer, PlayerEditFields, PlayerOption } from '@campus-elo/api-contract';
import type { Database } from '@campus-elo/db';
import type { Kysely } from 'kysely';
import { recordAudit } from '../audit/record';
import { storedPictureUrl } from '../media/pictures';
import { invalid, notFound } from '../../lib/errors';

/** Every player for the Edit Team/Player dropdown, by name, with their team's name. */
export function listPlayerOptions(db: Kysely<Database>): Promise<PlayerOption[]> {
  return db
    .selectFrom('players')
    .leftJoin('teams', 'teams.id', 'players.team_id')
    .select(['players.id', 'players.name', 'teams.name as team_name'])
    .orderBy('players.name')
    .orderBy('players.id')
    .execute();
}

export async function getAdminPlayer(db: Kysely<Database>, id: string): Promise<AdminPlayer> {
  const row = await db
    .selectFrom('players')
    .leftJoin('teams', 'teams.id', 'players.team_id')
    .select([
      'players.id',
      'players.name',
      'players.picture',
      'players.steam_id',
      'players.faceit_id',
      'players.elo',
      'players.skill_level',
      'players.team_id',
      'players.benched',
      'players.visible',
      'teams.name as team_name',
    ])
    .where('players.id', '=', id)
    .executeTakeFirst();
  if (!row) throw notFound('Player not found');
  const { team_name, ...player } = row;
  return { ...player, team: player.team_id && team_name !== null ? { id: player.team_id, name: team_name } : null };
}

function isUniqueViolation(error: unknown): boolean {
  return typeof error === 'object' && error !== null && (error as { code?: unknown }).code === '23505';
}

/** Steam and Faceit ids belong to one player each: say which one is taken, and by whom. */
async function checkIdsFree(db: Kysely<Database>, id: string, fields: PlayerEditFields): Promise<void> {
  const { steam_id, faceit_id } = fields;
  if (!steam_id && !faceit_id) return;
  const other = await db
    .selectFrom('players')
    .select(['name', 'steam_id', 'faceit_id'])
    .where('id', '<>', id)
    .where((eb) => eb.or([...(steam_id ? [eb('steam_id', '=', steam_id)] : []), ...(faceit_id ? [eb('faceit_id', '=', faceit_id)] : [])]))
    .executeTakeFirst();
  if (!other) return;
  const which = steam_id && other.steam_id === steam_id ? 'Steam ID' : 'Faceit ID';
  throw invalid(`Another player (${other.name}) already has this ${which}`);
}

/**
 * Replaces a player's editable fields (PUT: a field left out becomes empty); a new picture
 * and a changed Elo's history row are stored in the same transaction.
 */
export async function updatePlayer(db: Kysely<Database>, user: { id: string }, id: string, fields: PlayerEditFields): Promise<AdminPlayer> {
  try {
    await db.transaction().execute(async (trx) => {
      const before = await trx.selectFrom('players').selectAll().where('id', '=', id).forUpdate().executeTakeFirst();
      if (!before) throw notFound('Player not found');
      if (fields.team_id) {
        const team = await trx.selectFrom('teams').select('id').where('id', '=', fields.team_id).executeTakeFirst();
        if (!team) throw invalid('Invalid team_id: no such team');
      }
      await checkIdsFree(trx, id, fields);
      const picture = await storedPictureUrl(trx, 'players', id, fields.picture);
      const values = {
        name: fields.name,
        steam_id: fields.steam_id ?? null,
        faceit_id: fields.faceit_id ?? null,
        elo: fields.elo,
        skill_level: fields.skill_level,
        team_id: fields.team_id,
        benched: fields.benched,
        visible: fields.visible,
        picture,
      };
      await trx.updateTable('players').set({ ...values, updated_at: new Date() }).where('id', '=', id).execute();
      if (values.elo !== before.elo) await trx.insertInto('player_elo_history').values({ player_id: id, elo: values.elo, source: 'edit' }).execute();
      const { created_at: _created, updated_at: _updated, ...previous } = before;
      await recordAudit(trx, { user, action: 'update', entity: 'player', ids: [id], details: { before: previous, after: { id, ...values } } });
    });
  } catch (error) {
    // Two saves racing for the same Steam or Faceit id: the unique index decides.
    if (isUniqueViolation(error)) throw invalid('Another player already has this Steam ID or Faceit ID');
    throw error;
  }
  return getAdminPlayer(db, id);
}
