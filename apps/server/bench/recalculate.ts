/**
 * Times "Recalculate all Elo" on the scale league (factor 100: 300,000+ matches) in a throwaway
 * PostgreSQL database. Run: cd apps/server && npx tsx bench/recalculate.ts [factor]
 * DATABASE_URL names the server (default postgres://postgres@127.0.0.1:5432/postgres).
 */
import { teamEloRecalculateInput } from '@campus-elo/api-contract';
import { createTestDatabase, seedScale } from '@campus-elo/db';
import { recalculateAllElo } from '../src/features/elo/recalculate';

const factor = Number(process.argv[2] ?? 100);
process.env.DATABASE_URL ??= 'postgres://postgres@127.0.0.1:5432/postgres';

const database = await createTestDatabase();
try {
  await seedScale(database.db, { factor, log: (line) => console.log(`  seed: ${line}`) });
  const completed = await database.db
    .selectFrom('matches')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('status', '=', 'completed')
    .executeTakeFirstOrThrow();
  const total = await database.db.selectFrom('matches').select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
  console.log(`Scale factor ${factor}: ${Number(total.n).toLocaleString('en-US')} matches, ${Number(completed.n).toLocaleString('en-US')} completed`);

  for (const run of ['first run (writes what changed)', 'second run (nothing left to change)']) {
    const started = performance.now();
    const answer = await recalculateAllElo(database.db, teamEloRecalculateInput.parse({}), null);
    const seconds = (performance.now() - started) / 1000;
    console.log(`Recalculate all Elo, ${run}: ${seconds.toFixed(2)} s`, JSON.stringify(answer));
  }
} finally {
  await database.close();
}
