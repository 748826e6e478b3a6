/**
 * Times "Recalculate all Elo" on the scale league (factor 100: 300,000+ matches) in a throwaway
 * PostgreSQL database. Run: cd apps/server && npx tsx bench/recalculate.ts [factor]
 * DATABASE_URL names the server (default postgres://postgres@127.0.0.1:5432/postgres).
 *
 * Besides wall time it prints the CPU seconds spent by this process and by the database
 * backend (read from /proc when the server is on this machine): on a busy machine those say
 * more than the wall clock.
 */
import { readFileSync } from 'node:fs';
import { teamEloRecalculateInput } from '@campus-elo/api-contract';
import { createDatabase, createTestDatabase, seedScale } from '@campus-elo/db';
import { sql } from 'kysely';
import { recalculateAllElo } from '../src/features/elo/recalculate';

const factor = Number(process.argv[2] ?? 100);
process.env.DATABASE_URL ??= 'postgres://postgres@127.0.0.1:5432/postgres';

/** CPU seconds (user + system) a process has used, or undefined when /proc cannot tell. */
function processCpuSeconds(pid: number): number | undefined {
  try {
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
    return (Number(fields[11]) + Number(fields[12])) / 100;
  } catch {
    return undefined;
  }
}

const database = await createTestDatabase();
// One connection, so the backend measured is the one that runs the recalculation.
const single = createDatabase({ databaseUrl: database.url, poolSize: 1 });
try {
  await seedScale(database.db, { factor, log: (line) => console.log(`  seed: ${line}`) });
  const counts = await sql<{ total: number; completed: number }>`
    SELECT count(*) AS total, count(*) FILTER (WHERE status = 'completed') AS completed FROM matches
  `.execute(database.db);
  const { total, completed } = counts.rows[0]!;
  console.log(`Scale factor ${factor}: ${total.toLocaleString('en-US')} matches, ${completed.toLocaleString('en-US')} completed`);

  const backendPid = (await sql<{ pid: number }>`SELECT pg_backend_pid() AS pid`.execute(single.db)).rows[0]!.pid;
  for (const run of ['first run (rewrites every match: the seed started teams away from 1000)', 'second run (nothing left to change)']) {
    const backendBefore = processCpuSeconds(backendPid);
    const ownBefore = process.cpuUsage();
    const started = performance.now();
    const answer = await recalculateAllElo(single.db, teamEloRecalculateInput.parse({}), null);
    const wall = (performance.now() - started) / 1000;
    const own = process.cpuUsage(ownBefore);
    const backendAfter = processCpuSeconds(backendPid);
    const backend = backendBefore !== undefined && backendAfter !== undefined ? `${(backendAfter - backendBefore).toFixed(1)} s` : 'n/a';
    console.log(`Recalculate all Elo, ${run}:`);
    console.log(`  wall ${wall.toFixed(1)} s; CPU: this process ${((own.user + own.system) / 1e6).toFixed(1)} s, database backend ${backend}`);
    console.log(`  ${JSON.stringify(answer)}`);
  }
} finally {
  await single.close();
  await database.close();
}
