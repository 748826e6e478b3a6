import { createDatabase } from '@campus-elo/db';
import { buildApp } from '../src/app';
import { loadConfig } from '../src/config';
import { listSeasons } from '../src/features/seasons/queries';
import { seasonListInput } from '@campus-elo/api-contract';
const h = createDatabase({ databaseUrl: 'postgres://postgres@127.0.0.1:5432/scratch_scale' });
const app = await buildApp({ db: h.db, config: loadConfig({ LOG_LEVEL: 'silent' }), logger: false });
app.get('/bare', async () => ({ ok: true }));
async function time(label: string, fn: () => Promise<unknown>, n = 2000) {
  for (let i = 0; i < 200; i++) await fn();
  const t = performance.now();
  for (let i = 0; i < n; i++) await fn();
  console.log(label, ((performance.now() - t) / n * 1000).toFixed(0), 'us/req');
}
await time('inject bare', () => app.inject({ url: '/bare' }));
await time('query only seasons', () => listSeasons(h.db, seasonListInput.parse({})));
await time('inject seasons', () => app.inject({ url: '/v1/public/seasons' }));
await time('inject trpc seasons', () => app.inject({ url: '/trpc/public.seasons' }));
await app.close(); await h.close();
