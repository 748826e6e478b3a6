import { randomBytes } from 'node:crypto';
import type { DeletedOutput, PasswordChangeOutput, StaffCreateInput, StaffCreateOutput, StaffMember, StaffUpdateInput } from '@campus-elo/api-contract';
import type { Database } from '@campus-elo/db';
import { sql, type Kysely } from 'kysely';
import { recordAudit } from '../audit/record';
import { hashPassword, verifyPassword } from '../auth/passwords';
import { invalidateUserSessions } from '../auth/session-store';
import { findUserByEmail } from '../auth/users';
import { conflict, invalid, notFound } from '../../lib/errors';

type Trx = Kysely<Database>;

function staffQuery(db: Trx) {
  return db
    .selectFrom('users')
    .leftJoin('totp_credentials', (join) => join.onRef('totp_credentials.user_id', '=', 'users.id').on('totp_credentials.enabled_at', 'is not', null))
    .select(['users.id', 'users.email', 'users.role', 'users.created_at', sql<boolean>`totp_credentials.user_id IS NOT NULL`.as('two_factor_enabled')]);
}

const toStaffMember = (row: { id: string; email: string; role: 'admin' | 'owner'; created_at: Date; two_factor_enabled: boolean }): StaffMember => ({
  ...row,
  created_at: row.created_at.toISOString(),
});

export async function listStaff(db: Kysely<Database>): Promise<{ results: StaffMember[] }> {
  const rows = await staffQuery(db).orderBy('users.email').execute();
  return { results: rows.map(toStaffMember) };
}

/** 16 random bytes as base64url: 22 characters, shown once. */
const newInitialPassword = () => randomBytes(16).toString('base64url');

async function requireFreeEmail(trx: Trx, email: string, exceptId: string | null): Promise<void> {
  const taken = await findUserByEmail(trx, email);
  if (taken && taken.id !== exceptId) throw conflict(`A staff member with the email ${taken.email} already exists`);
}

/** Adds a staff member with a password made here, answered once. */
export async function addStaffMember(db: Kysely<Database>, actor: { id: string }, input: StaffCreateInput): Promise<StaffCreateOutput> {
  const password = newInitialPassword();
  const passwordHash = await hashPassword(password);
  return db.transaction().execute(async (trx) => {
    await requireFreeEmail(trx, input.email, null);
    const { id } = await trx.insertInto('users').values({ email: input.email, password_hash: passwordHash, role: input.role }).returning('id').executeTakeFirstOrThrow();
    const member = toStaffMember(await staffQuery(trx).where('users.id', '=', id).executeTakeFirstOrThrow());
    await recordAudit(trx, { user: actor, action: 'create', entity: 'staff', ids: [id], details: { after: { email: member.email, role: member.role } } });
    return { member, initial_password: password };
  });
}

/**
 * The owners, locked until the transaction ends: two owners demoting each other at once
 * cannot leave the league without one.
 */
async function lockedOwnerIds(trx: Trx): Promise<string[]> {
  const rows = await trx.selectFrom('users').select('id').where('role', '=', 'owner').forUpdate().execute();
  return rows.map((r) => r.id);
}

const LAST_OWNER = 'This is the last owner: make another staff member owner first';

export async function updateStaffMember(db: Kysely<Database>, actor: { id: string }, input: StaffUpdateInput): Promise<StaffMember> {
  return db.transaction().execute(async (trx) => {
    const owners = await lockedOwnerIds(trx);
    const before = await staffQuery(trx).where('users.id', '=', input.id).executeTakeFirst();
    if (!before) throw notFound('Staff member not found');
    if (before.role === 'owner' && input.role !== 'owner' && owners.length <= 1) throw conflict(LAST_OWNER);
    if (input.email) await requireFreeEmail(trx, input.email, input.id);
    await trx
      .updateTable('users')
      .set({ role: input.role, ...(input.email ? { email: input.email } : {}) })
      .where('id', '=', input.id)
      .execute();
    const after = toStaffMember(await staffQuery(trx).where('users.id', '=', input.id).executeTakeFirstOrThrow());
    await recordAudit(trx, {
      user: actor,
      action: 'update',
      entity: 'staff',
      ids: [input.id],
      details: { before: { email: before.email, role: before.role }, after: { email: after.email, role: after.role } },
    });
    return after;
  });
}

/** Removes a staff member and their sessions; never the last owner. */
export async function removeStaffMember(db: Kysely<Database>, actor: { id: string }, id: string): Promise<DeletedOutput> {
  return db.transaction().execute(async (trx) => {
    const owners = await lockedOwnerIds(trx);
    const before = await staffQuery(trx).where('users.id', '=', id).executeTakeFirst();
    if (!before) throw notFound('Staff member not found');
    if (before.role === 'owner' && owners.length <= 1) throw conflict(LAST_OWNER);
    await trx.deleteFrom('users').where('id', '=', id).execute();
    await recordAudit(trx, { user: actor, action: 'delete', entity: 'staff', ids: [id], details: { before: { email: before.email, role: before.role } } });
    return { id, message: `Removed ${before.email}.` };
  });
}

/**
 * A staff member's own password: the current one must be right (400 on the field otherwise,
 * so the form can say so); every other session of theirs ends, this one stays.
 */
export async function changeOwnPassword(
  db: Kysely<Database>,
  user: { id: string },
  currentSessionId: string | null,
  input: { current_password: string; new_password: string },
): Promise<PasswordChangeOutput> {
  const stored = await db.selectFrom('users').select('password_hash').where('id', '=', user.id).executeTakeFirst();
  if (!(await verifyPassword(stored?.password_hash, input.current_password))) {
    throw invalid('The current password is not correct', [{ path: ['current_password'], message: 'The current password is not correct' }]);
  }
  const passwordHash = await hashPassword(input.new_password);
  return db.transaction().execute(async (trx) => {
    await trx.updateTable('users').set({ password_hash: passwordHash }).where('id', '=', user.id).execute();
    const before = await trx.selectFrom('sessions').select((eb) => eb.fn.countAll<number>().as('n')).where('user_id', '=', user.id).executeTakeFirstOrThrow();
    await invalidateUserSessions(trx, user.id, currentSessionId ?? undefined);
    const after = await trx.selectFrom('sessions').select((eb) => eb.fn.countAll<number>().as('n')).where('user_id', '=', user.id).executeTakeFirstOrThrow();
    const ended = Number(before.n) - Number(after.n);
    await recordAudit(trx, { user, action: 'change_password', entity: 'staff', ids: [user.id], details: { sessions_ended: ended } });
    return { message: `Password changed. ${ended === 1 ? '1 other session was' : `${ended} other sessions were`} signed out.`, sessions_ended: ended };
  });
}
