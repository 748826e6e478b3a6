import { createDatabase } from '@campus-elo/db';
import { CompiledQuery } from 'kysely';
import { benchPaths, listQueryFor } from '../bench/paths';
import { findCurrentSeason } from '../src/features/seasons/queries';
const { db, close } = createDatabase({ databaseUrl: 'postgres://postgres@127.0.0.1:5432/scratch_scale' });
const season = await findCurrentSeason(db, undefined);
const ranking = await db.selectFrom('rankings').select('id').where('season_id', '=', season!.id).orderBy('date', 'desc').executeTakeFirstOrThrow();
for (const path of benchPaths({ currentSeasonId: season!.id, latestRankingId: ranking.id, today: new Date() })) {
  if (process.argv[2] && !path.name.includes(process.argv[2])) continue;
  const c = listQueryFor(db, path).compile();
  const r = await db.executeQuery<any>(CompiledQuery.raw(`EXPLAIN (ANALYZE, COSTS OFF) ${c.sql}`, [...c.parameters]));
  const lines = r.rows.map((x) => x['QUERY PLAN'] as string);
  console.log(`== ${path.name}  ${lines.at(-1)}`);
  for (const l of lines) if (/Seq Scan on (matches|players|teams)\b/.test(l) || process.argv[3]) console.log('   ', l);
}
await close();
