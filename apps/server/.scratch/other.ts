import { createTestDatabase } from '@campus-elo/db';
import { buildApp } from '../src/app';
import { loadConfig } from '../src/config';
const h = await createTestDatabase();
const app = await buildApp({ db: h.db, config: loadConfig({ LOG_LEVEL: 'silent' }), logger: false });
const doc = (await app.inject({ url: '/v1/openapi.json' })).json();
for (const [p, ops] of Object.entries<any>(doc.paths)) for (const [m, op] of Object.entries<any>(ops)) if (op.tags[0] === 'Other') console.log('undescribed', m, p);
console.log(Object.keys(doc.paths).length, 'paths', JSON.stringify(doc).length, 'bytes');
await app.close(); await h.close();
