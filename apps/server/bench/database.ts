import { createDatabase, createTestDatabase, migrateToLatest, seedScale, type DatabaseHandle } from '@campus-elo/db';
import { sql } from 'kysely';

export interface BenchDatabase extends DatabaseHandle {
  url: string;
  /** Whether the bench seeded it (a throwaway database) or found it seeded (BENCH_DATABASE_URL). */
  seeded: boolean;
}

/**
 * The database a bench measures. BENCH_DATABASE_URL names one already seeded (`pnpm cli seed
 * scale --factor N` into a database of its own), which is brought up to date, vacuumed and analyzed,
 * and kept: seeding factor 100 takes minutes, factor 1,000 much longer. Otherwise a throwaway
 * database on DATABASE_URL's server, filled with seedScale(factor), analyzed, and dropped on close.
 */
export async function benchDatabase(factor: number, log: (line: string) => void): Promise<BenchDatabase> {
  const reused = process.env.BENCH_DATABASE_URL;
  if (reused) {
    const handle = createDatabase({ databaseUrl: reused });
    await migrateToLatest(handle.db);
    // A freshly seeded database has no planner statistics until autovacuum comes by, and
    // plans without them can be ten times slower: measure what a settled database does.
    await sql`VACUUM ANALYZE`.execute(handle.db);
    log(`Database ${reused} (seeded before; kept)`);
    return { ...handle, url: reused, seeded: false };
  }
  process.env.DATABASE_URL ??= 'postgres://postgres@127.0.0.1:5432/postgres';
  const database = await createTestDatabase();
  if (!database.url) throw new Error('The bench needs PostgreSQL (DATABASE_URL)');
  log(`Database ${database.url}`);
  await seedScale(database.db, { factor, log: (line) => log(`  seed: ${line}`) });
  await sql`VACUUM ANALYZE`.execute(database.db);
  return { ...database, url: database.url, seeded: true };
}
