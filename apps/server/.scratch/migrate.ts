import { createDatabase, migrateToLatest } from '@campus-elo/db';
const h = createDatabase({ databaseUrl: process.argv[2] });
console.log(await migrateToLatest(h.db));
await h.close();
