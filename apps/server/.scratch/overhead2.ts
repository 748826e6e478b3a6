import { createDatabase } from '@campus-elo/db';
import { buildApp } from '../src/app';
import { loadConfig } from '../src/config';
import { appRouter } from '../src/router';
import { createCallerFactory } from '../src/trpc';
import { resolveRequestUser } from '../src/features/auth/session';
const h = createDatabase({ databaseUrl: 'postgres://postgres@127.0.0.1:5432/scratch_scale' });
const config = loadConfig({ LOG_LEVEL: 'silent' });
const app = await buildApp({ db: h.db, config, logger: false });
const createCaller = createCallerFactory(appRouter);
async function time(label: string, fn: () => Promise<unknown>, n = 1000) {
  for (let i = 0; i < 100; i++) await fn();
  const t = performance.now();
  for (let i = 0; i < n; i++) await fn();
  console.log(label, ((performance.now() - t) / n * 1000).toFixed(0), 'us/req');
}
const fakeReq = { headers: {}, cookies: {}, method: 'GET' } as never;
await time('resolveRequestUser', () => resolveRequestUser({ db: h.db, config }, fakeReq));
await time('caller seasons', () => createCaller({ db: h.db, config, req: fakeReq, reply: {} as never, user: null }).public.seasons({}));
await time('inject seasons', () => app.inject({ url: '/v1/public/seasons' }));
await app.close(); await h.close();
