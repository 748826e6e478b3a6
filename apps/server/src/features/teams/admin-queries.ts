import type { AdminTeam, TeamEditFields, TeamOption } from '@campus-elo/api-contract';
import type { Database } from '@campus-elo/db';
import { TRPCError } from '@trpc/server';
import type { Kysely } from 'kysely';
import { recordAudit } from '../audit/record';
import { storedPictureUrl } from '../media/pictures';

const adminTeamColumns = ['id', 'name', 'picture', 'school_name', 'elo'] as const;

/** Every team for the Edit Team/Player dropdowns, by name. */
export function listTeamOptions(db: Kysely<Database>): Promise<TeamOption[]> {
  return db.selectFrom('teams').select(['id', 'name']).orderBy('name').orderBy('id').execute();
}

export async function getAdminTeam(db: Kysely<Database>, id: string): Promise<AdminTeam> {
  const team = await db.selectFrom('teams').select(adminTeamColumns).where('id', '=', id).executeTakeFirst();
  if (!team) throw new TRPCError({ code: 'NOT_FOUND', message: 'Team not found' });
  return team;
}

/**
 * Replaces a team's editable fields (PUT: a field left out becomes empty). A new picture
 * is stored in the same transaction, so the team never points at a picture that is not there.
 */
export async function updateTeam(db: Kysely<Database>, user: { id: string }, id: string, fields: TeamEditFields): Promise<AdminTeam> {
  return db.transaction().execute(async (trx) => {
    const before = await trx.selectFrom('teams').select(adminTeamColumns).where('id', '=', id).forUpdate().executeTakeFirst();
    if (!before) throw new TRPCError({ code: 'NOT_FOUND', message: 'Team not found' });
    const picture = await storedPictureUrl(trx, 'teams', id, fields.picture);
    const after = await trx
      .updateTable('teams')
      .set({ name: fields.name, school_name: fields.school_name ?? null, elo: fields.elo, picture, updated_at: new Date() })
      .where('id', '=', id)
      .returning(adminTeamColumns)
      .executeTakeFirstOrThrow();
    await recordAudit(trx, { user, action: 'update', entity: 'team', ids: [id], details: { before, after } });
    return after;
  });
}
