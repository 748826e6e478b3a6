import { createDatabase } from '@campus-elo/db';
import { seasonListInput, seasonListOutput, teamListInput, teamListOutput } from '@campus-elo/api-contract';
import { loadConfig } from '../src/config';
import { appRouter } from '../src/router';
import { createCallerFactory } from '../src/trpc';
import { listSeasons } from '../src/features/seasons/queries';
import { listTeams } from '../src/features/teams/queries';
const h = createDatabase({ databaseUrl: 'postgres://postgres@127.0.0.1:5432/scratch_scale' });
const config = loadConfig({ LOG_LEVEL: 'silent' });
const createCaller = createCallerFactory(appRouter);
async function time(label: string, fn: () => unknown, n = 1000) {
  for (let i = 0; i < 100; i++) await fn();
  const t = performance.now();
  for (let i = 0; i < n; i++) await fn();
  console.log(label.padEnd(30), ((performance.now() - t) / n * 1000).toFixed(0), 'us/req');
}
const fakeReq = { headers: {}, cookies: {}, method: 'GET' } as never;
const out = await listSeasons(h.db, seasonListInput.parse({}));
const teams = await listTeams(h.db, teamListInput.parse({}));
for (let round = 0; round < 2; round++) {
await time('direct seasons', () => listSeasons(h.db, seasonListInput.parse({})));
await time('zod in', () => seasonListInput.parse({}), 10000);
await time('zod out seasons', () => seasonListOutput.parse(out), 10000);
await time('zod out teams', () => teamListOutput.parse(teams), 10000);
await time('caller seasons', () => createCaller({ db: h.db, config, req: fakeReq, reply: {} as never, user: null }).public.seasons({}));
await time('compile seasons', () => h.db.selectFrom('seasons').selectAll().compile(), 10000);
}
await h.close();
