import type { AdminTeam, TeamEditFields, TeamOption } from '@campus-elo/api-contract';
import type { Database } from '@campus-elo/db';
import type { Kysely } from 'kysely';
import { isByeTeamName } from '@campus-elo/domain';
import { recordAudit } from '../audit/record';
import { storedPictureUrl } from '../media/pictures';
import { notFound } from '../../lib/errors';
import { appliedFacts, lockEloLedger, recordAdjustments, settleMatches } from '../elo/ledger';

const adminTeamColumns = ['id', 'name', 'picture', 'school_name', 'elo'] as const;

/** Every team for the admin pickers (edit, merge), by name. */
export function listTeamOptions(db: Kysely<Database>): Promise<TeamOption[]> {
  return db.selectFrom('teams').select(['id', 'name', 'elo']).orderBy('name').orderBy('id').execute();
}

export async function getAdminTeam(db: Kysely<Database>, id: string): Promise<AdminTeam> {
  const team = await db.selectFrom('teams').select(adminTeamColumns).where('id', '=', id).executeTakeFirst();
  if (!team) throw notFound('Team not found');
  return team;
}

/**
 * Replaces a team's editable fields (PUT: a field left out becomes empty). A new picture
 * is stored in the same transaction, so the team never points at a picture that is not there.
 * A new Elo is an adjustment in the Elo ledger, at the time of the edit (ledger.ts); a new name
 * can make a team a bye or stop it being one, so its results are settled again.
 */
export async function updateTeam(db: Kysely<Database>, user: { id: string }, id: string, fields: TeamEditFields): Promise<AdminTeam> {
  return db.transaction().execute(async (trx) => {
    await lockEloLedger(trx);
    const before = await trx.selectFrom('teams').select(adminTeamColumns).where('id', '=', id).forUpdate().executeTakeFirst();
    if (!before) throw notFound('Team not found');
    const picture = await storedPictureUrl(trx, 'teams', id, fields.picture);
    await trx
      .updateTable('teams')
      .set({ name: fields.name, school_name: fields.school_name ?? null, picture, updated_at: new Date() })
      .where('id', '=', id)
      .execute();
    if (isByeTeamName(fields.name) !== isByeTeamName(before.name)) await settleTeamResults(trx, id);
    await recordAdjustments(trx, [{ teamId: id, elo: fields.elo }], { reason: 'edit', userId: user.id, runId: crypto.randomUUID(), at: new Date() });
    const after = await trx.selectFrom('teams').select(adminTeamColumns).where('id', '=', id).executeTakeFirstOrThrow();
    await recordAudit(trx, { user, action: 'update', entity: 'team', ids: [id], details: { before, after } });
    return after;
  });
}

/** Every completed or applied match of a team, settled again after a change that decides whether they count. */
async function settleTeamResults(trx: Kysely<Database>, teamId: string): Promise<void> {
  const rows = await trx
    .selectFrom('matches')
    .select('id')
    .where((eb) => eb.or([eb('team1_id', '=', teamId), eb('team2_id', '=', teamId)]))
    .where((eb) => eb.or([eb('status', '=', 'completed'), eb.exists(eb.selectFrom('match_elo').whereRef('match_elo.match_id', '=', 'matches.id'))]))
    .execute();
  const ids = rows.map((r) => r.id);
  // Names are not among an applied match's facts, so facts read after the rename still tell what changed.
  await settleMatches(trx, ids, await appliedFacts(trx, ids));
}
