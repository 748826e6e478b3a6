import { createHash, randomBytes } from 'node:crypto';
import type { Database, RoleColumn } from '@campus-elo/db';
import { sql, type Kysely } from 'kysely';

/**
 * Sessions in the `sessions` table (docs/decisions/0014-own-session-module.md). The client
 * holds a random token; the table holds only its SHA-256, so a copy of the table signs
 * nobody in. A session lasts 30 days and is moved forward once half of that has passed.
 */

export const SESSION_LIFETIME_MS = 30 * 24 * 60 * 60 * 1000;

/** 24 random bytes (192 bits) as base64url: the cookie's value and a script's Bearer token. */
export function generateSessionToken(): string {
  return randomBytes(24).toString('base64url');
}

/** The stored id of a session: SHA-256 of its token, in hex. */
export function sessionIdOf(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

export interface NewSession {
  /** Goes to the client, once; never stored. */
  token: string;
  id: string;
  expiresAt: Date;
}

export interface ValidSession {
  id: string;
  expiresAt: Date;
  /** The expiry moved forward on this request: a cookie should be sent again. */
  fresh: boolean;
  user: {
    id: string;
    email: string;
    role: RoleColumn;
    twoFactorEnabled: boolean;
    /** The owner requires two-factor sign-in of all staff. */
    twoFactorRequired: boolean;
  };
}

export async function createSession(db: Kysely<Database>, userId: string, now = new Date()): Promise<NewSession> {
  const token = generateSessionToken();
  const id = sessionIdOf(token);
  const expiresAt = new Date(now.getTime() + SESSION_LIFETIME_MS);
  await db.insertInto('sessions').values({ id, user_id: userId, expires_at: expiresAt }).execute();
  return { token, id, expiresAt };
}

/** The session a token stands for, or null when it is unknown or has expired (an expired row is deleted). */
export async function validateSessionToken(db: Kysely<Database>, token: string, now = new Date()): Promise<ValidSession | null> {
  const id = sessionIdOf(token);
  const row = await db
    .selectFrom('sessions')
    .innerJoin('users', 'users.id', 'sessions.user_id')
    .select([
      'sessions.expires_at',
      'users.id as user_id',
      'users.email',
      'users.role',
      sql<boolean>`exists (select 1 from totp_credentials t where t.user_id = users.id and t.enabled_at is not null)`.as('two_factor_enabled'),
      sql<boolean>`coalesce((select two_factor_required from security_settings), false)`.as('two_factor_required'),
    ])
    .where('sessions.id', '=', id)
    .executeTakeFirst();
  if (!row) return null;
  let expiresAt = new Date(row.expires_at);
  if (expiresAt.getTime() <= now.getTime()) {
    await invalidateSession(db, id);
    return null;
  }
  const fresh = expiresAt.getTime() - now.getTime() < SESSION_LIFETIME_MS / 2;
  if (fresh) {
    expiresAt = new Date(now.getTime() + SESSION_LIFETIME_MS);
    await db.updateTable('sessions').set({ expires_at: expiresAt }).where('id', '=', id).execute();
  }
  return {
    id,
    expiresAt,
    fresh,
    user: {
      id: row.user_id,
      email: row.email,
      role: row.role,
      twoFactorEnabled: row.two_factor_enabled,
      twoFactorRequired: row.two_factor_required,
    },
  };
}

export async function invalidateSession(db: Kysely<Database>, sessionId: string): Promise<void> {
  await db.deleteFrom('sessions').where('id', '=', sessionId).execute();
}

/** Ends every session of a staff member, or every one but `except` (the session making the change). */
export async function invalidateUserSessions(db: Kysely<Database>, userId: string, except?: string): Promise<void> {
  let query = db.deleteFrom('sessions').where('user_id', '=', userId);
  if (except) query = query.where('id', '!=', except);
  await query.execute();
}

export async function deleteExpiredSessions(db: Kysely<Database>, now = new Date()): Promise<void> {
  await db.deleteFrom('sessions').where('expires_at', '<=', now).execute();
}
