import type { Database } from '@campus-elo/db';
import type { Kysely } from 'kysely';
import { Lucia, type Adapter, type DatabaseSession, type DatabaseUser } from 'lucia';
import type { SessionUser } from './session';

declare module 'lucia' {
  interface Register {
    Lucia: Lucia<Record<never, never>, Omit<SessionUser, 'id'>>;
    DatabaseUserAttributes: Omit<SessionUser, 'id'>;
  }
}

function toDatabaseSession(row: { id: string; user_id: string; expires_at: Date }): DatabaseSession {
  return { id: row.id, userId: row.user_id, expiresAt: new Date(row.expires_at), attributes: {} };
}

/** Lucia's storage over the `sessions` and `users` tables; plain Kysely, so PGlite works too. */
export class KyselySessionAdapter implements Adapter {
  constructor(private readonly db: Kysely<Database>) {}

  async getSessionAndUser(sessionId: string): Promise<[DatabaseSession | null, DatabaseUser | null]> {
    const row = await this.db
      .selectFrom('sessions')
      .innerJoin('users', 'users.id', 'sessions.user_id')
      .select(['sessions.id', 'sessions.user_id', 'sessions.expires_at', 'users.email', 'users.role'])
      .where('sessions.id', '=', sessionId)
      .executeTakeFirst();
    if (!row) return [null, null];
    return [toDatabaseSession(row), { id: row.user_id, attributes: { email: row.email, role: row.role } }];
  }

  async getUserSessions(userId: string): Promise<DatabaseSession[]> {
    const rows = await this.db.selectFrom('sessions').selectAll().where('user_id', '=', userId).execute();
    return rows.map(toDatabaseSession);
  }

  async setSession(session: DatabaseSession): Promise<void> {
    await this.db.insertInto('sessions').values({ id: session.id, user_id: session.userId, expires_at: session.expiresAt }).execute();
  }

  async updateSessionExpiration(sessionId: string, expiresAt: Date): Promise<void> {
    await this.db.updateTable('sessions').set({ expires_at: expiresAt }).where('id', '=', sessionId).execute();
  }

  async deleteSession(sessionId: string): Promise<void> {
    await this.db.deleteFrom('sessions').where('id', '=', sessionId).execute();
  }

  async deleteUserSessions(userId: string): Promise<void> {
    await this.db.deleteFrom('sessions').where('user_id', '=', userId).execute();
  }

  async deleteExpiredSessions(): Promise<void> {
    await this.db.deleteFrom('sessions').where('expires_at', '<=', new Date()).execute();
  }
}

const instances = new WeakMap<Kysely<Database>, Lucia<Record<never, never>, Omit<SessionUser, 'id'>>>();

/** One Lucia per database handle. The cookie's Secure flag is set per request (see cookies.ts). */
export function luciaFor(db: Kysely<Database>) {
  let lucia = instances.get(db);
  if (!lucia) {
    lucia = new Lucia(new KyselySessionAdapter(db), {
      sessionCookie: { attributes: { sameSite: 'lax', secure: false } },
      getUserAttributes: (attributes) => ({ email: attributes.email, role: attributes.role }),
    });
    instances.set(db, lucia);
  }
  return lucia;
}
