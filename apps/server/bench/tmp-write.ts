import { readFileSync } from 'node:fs';
import { createDatabase } from '@campus-elo/db';
import { sql } from 'kysely';
const h = createDatabase({ databaseUrl: 'postgres://postgres@127.0.0.1:5432/campus_bench_keep', poolSize: 1 });
const db = h.db;
const cpu = (pid: number) => { const f = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' '); return (Number(f[11]) + Number(f[12])) / 100; };
const rows = (await sql<{ id: string }>`select id from matches where status = 'completed' order by ${sql.raw(process.env.ORDER ?? 'id')}`.execute(db)).rows;
const batchSize = Number(process.argv[2] ?? 10000);
const t0 = performance.now();
await db.transaction().execute(async (trx) => {
  const pid = (await sql<{ pid: number }>`select pg_backend_pid() pid`.execute(trx)).rows[0]!.pid;
  if (process.argv[3] === "noidx") for (const i of ["matches_status_date_idx","matches_date_idx","matches_season_date_idx","matches_team1_idx","matches_team2_idx","matches_winner_idx","matches_competition_idx","matches_platform_external_idx"]) await sql.raw(`DROP INDEX ${i}`).execute(trx);
  if (process.env.NONEST) await sql`SET LOCAL enable_nestloop = off`.execute(trx);
  const c0 = cpu(pid);
  for (let s = 0; s < rows.length; s += batchSize) {
    const b = rows.slice(s, s + batchSize);
    await sql`UPDATE matches SET team1_elo_change = v.c1, team2_elo_change = v.c2, elo_applied = v.a
      FROM unnest(${b.map((r) => r.id)}::uuid[], ${b.map((_, i) => i % 50)}::int[], ${b.map((_, i) => -(i % 50))}::int[], ${b.map(() => true)}::boolean[]) AS v(id, c1, c2, a)
      WHERE matches.id = v.id`.execute(trx);
  }
  console.log('writes wall', ((performance.now() - t0) / 1000).toFixed(2), 's; backend cpu', (cpu(pid) - c0).toFixed(2), 's for', rows.length, 'batch', batchSize);
  throw new Error('rollback');
}).catch(() => {});
await h.close();
