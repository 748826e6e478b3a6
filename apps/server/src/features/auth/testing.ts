import { createTestDatabase, type TestDatabase } from '@campus-elo/db';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../../app';
import { loadConfig, type Config } from '../../config';
import type { SessionUser } from './session';
import { createUser } from './users';

/** The origin of requests made with app.inject (its Host is localhost:80). */
export const TEST_ORIGIN = 'http://localhost';

export interface TestStaffMember extends SessionUser {
  password: string;
}

export interface StaffTestApp {
  app: FastifyInstance;
  database: TestDatabase;
  config: Config;
  owner: TestStaffMember;
  admin: TestStaffMember;
  /** Signs in through auth.signIn and answers the Cookie header the browser would send. */
  cookieFor(member: TestStaffMember): Promise<string>;
  /** Headers of a same-origin browser write: the session cookie and the site's Origin. */
  browserHeaders(member: TestStaffMember): Promise<Record<string, string>>;
  /** A Bearer token from POST /v1/auth/token. */
  tokenFor(member: TestStaffMember): Promise<string>;
  close(): Promise<void>;
}

/**
 * The whole server (REST, tRPC, media) on a fresh database with one owner and one admin.
 * External platforms point at a closed port, so nothing leaves the machine.
 */
export async function createStaffTestApp(env: Record<string, string> = {}): Promise<StaffTestApp> {
  const database = await createTestDatabase();
  const config = loadConfig({
    LOG_LEVEL: 'silent',
    FACEIT_API_BASE: 'http://127.0.0.1:9',
    LEAGUESPOT_API_BASE: 'http://127.0.0.1:9',
    ...env,
  });
  const make = async (email: string, role: SessionUser['role']): Promise<TestStaffMember> => {
    const password = `${role} password 123`;
    const { id } = await createUser(database.db, { email, password, role });
    return { id, email, role, password };
  };
  const owner = await make('owner@staff.test', 'owner');
  const admin = await make('admin@staff.test', 'admin');
  const app = await buildApp({ db: database.db, config, logger: false });

  const cookieFor = async (member: TestStaffMember) => {
    const response = await app.inject({
      method: 'POST',
      url: '/trpc/auth.signIn',
      headers: { origin: TEST_ORIGIN },
      payload: { email: member.email, password: member.password },
    });
    const cookie = response.cookies.find((c) => c.name === 'auth_session');
    if (response.statusCode !== 200 || !cookie) throw new Error(`Sign-in failed: ${response.statusCode} ${response.body}`);
    return `${cookie.name}=${cookie.value}`;
  };

  return {
    app,
    database,
    config,
    owner,
    admin,
    cookieFor,
    browserHeaders: async (member) => ({ cookie: await cookieFor(member), origin: TEST_ORIGIN }),
    async tokenFor(member) {
      const response = await app.inject({ method: 'POST', url: '/v1/auth/token', payload: { email: member.email, password: member.password } });
      if (response.statusCode !== 200) throw new Error(`Token failed: ${response.statusCode} ${response.body}`);
      return (response.json() as { token: string }).token;
    },
    async close() {
      await app.close();
      await database.close();
    },
  };
}
