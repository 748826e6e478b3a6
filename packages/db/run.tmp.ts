import { createDatabase, migrateToLatest, seedDemo, seedScale } from './src/index';
const [url, what] = [process.argv[2], process.argv[3]];
const h = createDatabase({ databaseUrl: url, dataDir: url ? undefined : 'memory://' });
await migrateToLatest(h.db);
const t = Date.now();
const summary = what === 'demo' ? await seedDemo(h.db) : await seedScale(h.db, { factor: Number(what), log: (l) => console.log(l) });
console.log(summary, 'ms', Date.now() - t);
await h.close();
