import { createTestDatabase, type TestDatabase } from '@campus-elo/db';
import type { FaceitMatch } from '@campus-elo/domain';
import type { FastifyInstance } from 'fastify';
import { startFakeFaceit, startFakeLeaguespot, type FakeFaceit, type FakeLeaguespot, type FakeLeaguespotOptions } from '../../../test-support/fakes';
import { loadConfig, type Config } from '../../config';
import { appRouter } from '../../router';
import { createCallerFactory } from '../../trpc';
import { createUser } from '../auth/users';
import { testRequest } from '../../../test-support/request-info';

const createCaller = createCallerFactory(appRouter);

export interface ImportsTestSetup {
  database: TestDatabase;
  faceit: FakeFaceit;
  leaguespot: FakeLeaguespot;
  config: Config;
  owner: { id: string; email: string; role: 'owner' };
  /** A tRPC caller signed in as the owner. */
  caller: ReturnType<typeof createCaller>;
  /** The same, on configuration with these settings changed (e.g. no Faceit key). */
  callerWith(env: Record<string, string>): ReturnType<typeof createCaller>;
  close(): Promise<void>;
}

/** A fresh database, both fake platforms, configuration pointing at them and a signed-in caller. */
export async function setUpImports(options: { leaguespot?: FakeLeaguespotOptions; env?: Record<string, string> } = {}): Promise<ImportsTestSetup> {
  const [database, faceit, leaguespot] = await Promise.all([createTestDatabase(), startFakeFaceit(), startFakeLeaguespot(options.leaguespot)]);
  const env = {
    FACEIT_API_BASE: faceit.url,
    FACEIT_API_KEY: faceit.apiKey,
    LEAGUESPOT_API_BASE: leaguespot.url,
    PLATFORM_TIMEOUT_MS: '5000',
    LOG_LEVEL: 'silent',
    ...options.env,
  };
  const config = loadConfig(env);
  // A real users row: the audit log refers to it.
  const user = await database.db.insertInto('users').values({ email: 'owner@imports.test', password_hash: 'not used', role: 'owner' }).returning('id').executeTakeFirstOrThrow();
  const owner = { id: user.id, email: 'owner@imports.test', role: 'owner' as const };
  const callerFor = (callerConfig: Config) =>
    createCaller({ db: database.db, config: callerConfig, request: testRequest(), user: owner });
  return {
    database,
    faceit,
    leaguespot,
    config,
    owner,
    caller: callerFor(config),
    callerWith: (changes) => callerFor(loadConfig({ ...env, ...changes })),
    async close() {
      await Promise.all([faceit.close(), leaguespot.close()]);
      await database.close();
    },
  };
}

/** Unix seconds for a date relative to now. */
export function secondsFromNow(days: number): number {
  return Math.floor(Date.now() / 1000) + Math.round(days * 86_400);
}

/** Puts `matches` on the fake Faceit as a championship and imports it into a season of its own, as staff would. */
export async function importFaceitChampionship(setup: ImportsTestSetup, championship: { id: string; name: string }, matches: FaceitMatch[]): Promise<void> {
  const season = await setup.database.db
    .insertInto('seasons')
    .values({ name: `${championship.name} season`, start_date: '2020-01-01', end_date: '2099-12-31' })
    .returning('id')
    .executeTakeFirstOrThrow();
  setup.faceit.setChampionship(championship.id, matches);
  const preview = await setup.caller.admin.imports.preview({ platform: 'faceit', competition_id: championship.id });
  await setup.caller.admin.imports.commit({ platform: 'faceit', competition_name: championship.name, season_id: season.id, data: preview, participant_matches: {} });
}

/** Headers of an admin signed in to `app` (a Bearer token from POST /v1/auth/token): the staff REST paths, such as GET /v1/jobs/. */
export async function adminHeaders(setup: ImportsTestSetup, app: FastifyInstance): Promise<Record<string, string>> {
  const member = { email: 'admin@imports.test', password: 'admin password 123', role: 'admin' as const };
  await createUser(setup.database.db, member);
  const response = await app.inject({ method: 'POST', url: '/v1/auth/token', payload: { email: member.email, password: member.password } });
  return { authorization: `Bearer ${(response.json() as { token: string }).token}` };
}
