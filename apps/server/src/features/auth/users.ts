import type { Database, RoleColumn } from '@campus-elo/db';
import { sql, type Kysely } from 'kysely';
import { recordAudit } from '../audit/record';
import { hashPassword, MIN_PASSWORD_LENGTH } from './passwords';

export interface NewStaffMember {
  email: string;
  password: string;
  role: RoleColumn;
}

export function findUserByEmail(db: Kysely<Database>, email: string) {
  return db.selectFrom('users').select(['id', 'email', 'role']).where(sql`lower(email)`, '=', email.toLowerCase()).executeTakeFirst();
}

function checkNewStaffMember({ email, password, role }: NewStaffMember): void {
  if (!/^[^\s@]+@[^\s@]+$/.test(email)) throw new Error(`Not an email address: ${email}`);
  if (password.length < MIN_PASSWORD_LENGTH) throw new Error(`The password must have at least ${MIN_PASSWORD_LENGTH} characters`);
  if (role !== 'admin' && role !== 'owner') throw new Error(`The role must be admin or owner, not ${String(role)}`);
}

/** Adds a staff member; refuses an email that is already taken (in any case). */
export async function createUser(db: Kysely<Database>, member: NewStaffMember): Promise<{ id: string }> {
  checkNewStaffMember(member);
  if (await findUserByEmail(db, member.email)) throw new Error(`A user with the email ${member.email} already exists`);
  const passwordHash = await hashPassword(member.password);
  return db.transaction().execute(async (trx) => {
    const user = await trx
      .insertInto('users')
      .values({ email: member.email, password_hash: passwordHash, role: member.role })
      .returning('id')
      .executeTakeFirstOrThrow();
    await recordAudit(trx, { user: null, action: 'create', entity: 'user', ids: [user.id], details: { email: member.email, role: member.role } });
    return user;
  });
}

/** Sets a staff member's password (the demo owner gets a new one on every start). */
export async function setPassword(db: Kysely<Database>, userId: string, password: string): Promise<void> {
  const passwordHash = await hashPassword(password);
  await db.updateTable('users').set({ password_hash: passwordHash }).where('id', '=', userId).execute();
}
