import { buildLeague } from './src/seed/league';
import { DEMO_SIZE } from './src/seed/demo';
import { scaleSize } from './src/seed/scale';
import { starRating } from '@campus-elo/domain';
const today = new Date(process.argv[2] ?? '2026-11-22T15:30:00Z');
const size = process.argv[3] ? scaleSize(Number(process.argv[3])) : DEMO_SIZE;
const t0 = Date.now();
const L = buildLeague({ seed: 'campus-elo-demo', today, size });
console.log('build ms', Date.now() - t0);
const counts = Object.fromEntries(Object.entries(L).map(([k, v]) => [k, (v as unknown[]).length]));
console.log(counts);
const elos = L.teams.map(t => t.elo as number).sort((a, b) => a - b);
console.log('team elo min/p10/median/p90/max', elos[0], elos[Math.floor(elos.length*0.1)], elos[Math.floor(elos.length/2)], elos[Math.floor(elos.length*0.9)], elos[elos.length-1], '>=2000:', elos.filter(e => e >= 2000).length);
const pe = L.players.map(p => p.elo as number).sort((a,b)=>a-b);
console.log('player elo', pe[0], pe[pe.length-1], 'benched', L.players.filter(p=>p.benched).length, 'hidden', L.players.filter(p=>!p.visible).length, 'FA', L.players.filter(p=>!p.team_id).length);
const st: Record<string, number> = {};
for (const m of L.matches) st[`${m.season_id?.slice(0,4)} ${m.status}`] = (st[`${m.season_id?.slice(0,4)} ${m.status}`] ?? 0) + 1;
console.log(st, 'events', L.matches.filter(m=>m.match_type==='event').length);
const now = today.getTime();
const elo = new Map(L.teams.map(t => [t.id, t.elo as number]));
for (const m of L.matches.filter(m => m.status !== 'completed' && Date.parse(m.date as string) > now - 86400000*1 && Date.parse(m.date as string) < now + 86400000*31)) {
  console.log(m.status, m.date, m.score_team1, m.score_team2, elo.get(m.team1_id), elo.get(m.team2_id), starRating(elo.get(m.team1_id), elo.get(m.team2_id)));
}
const stars: Record<number, number> = {};
for (const m of L.matches) { const s = starRating(elo.get(m.team1_id), elo.get(m.team2_id)); stars[s] = (stars[s] ?? 0) + 1; }
console.log('stars', stars);
console.log(L.rankings.map(r => r.date).slice(-3), L.teams.slice(0,8).map(t => [t.name, t.school_name, t.picture]));
console.log(L.players.slice(0,5).map(p=>[p.name,p.elo,p.skill_level,p.steam_id]));
