import { createDatabase } from '@campus-elo/db';
import { replayElo } from '@campus-elo/domain';
import { sql } from 'kysely';
const h = createDatabase({ databaseUrl: 'postgres://postgres@127.0.0.1:5432/campus_bench_keep' });
const db = h.db;
let t = performance.now();
const lap = (label: string) => { const now = performance.now(); console.log(label, ((now - t) / 1000).toFixed(2), 's'); t = now; };
const teams = await db.selectFrom('teams').select(['id', 'name', 'elo']).execute();
lap('teams');
const matches = await db.selectFrom('matches').select(['id', 'date', 'status', 'team1_id', 'team2_id', 'winner_id', 'team1_elo_change', 'team2_elo_change', 'elo_applied']).where((eb) => eb.or([eb('status', '=', 'completed'), eb('elo_applied', '=', true)])).execute();
lap(`matches ${matches.length}`);
const r = replayElo(teams, matches.map((m) => ({ id: m.id, date: m.date ?? '', status: m.status, team1Id: m.team1_id, team2Id: m.team2_id, winnerId: m.winner_id })), { resetTo: 1000 });
lap('replay');
const applied = new Map(r.applied.map((a) => [a.matchId, a]));
let differ = 0;
for (const m of matches) { const a = applied.get(m.id); if (!a || a.team1After - a.team1Before !== m.team1_elo_change) differ++; }
lap(`compare differ=${differ}`);
console.log((await sql`select pg_size_pretty(pg_total_relation_size('matches')) s, current_setting('shared_buffers') sb`.execute(db)).rows);
await h.close();
