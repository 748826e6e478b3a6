import { buildApp, loadConfig } from '@campus-elo/server';
import { prepareData } from '@campus-elo/server/startup-data';
import { createTestDatabase, isDatabaseEmpty, seedDemo } from '@campus-elo/db';
import { resolve } from 'node:path';

const database = await createTestDatabase();
const config = loadConfig({ SEED: 'demo', WEB_DIST: resolve('dist'), LOG_LEVEL: 'warn' });
await prepareData(database.db, config, console.log);
if (await isDatabaseEmpty(database.db)) { console.log('seeding myself'); await seedDemo(database.db); }
const app = await buildApp({ db: database.db, config, logger: false });
await app.listen({ port: Number(process.env.PORT ?? 4400), host: '127.0.0.1' });
console.log('listening');
await import('node:fs').then((fs) => fs.writeFileSync('/tmp/site.pid', String(process.pid)));
