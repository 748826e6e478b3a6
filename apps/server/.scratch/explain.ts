import { createDatabase } from '@campus-elo/db';
import { matchListInput, playerListInput, rankingItemsInput, rankingListInput, teamListInput } from '@campus-elo/api-contract';
import { sql } from 'kysely';
import { teamListQuery } from '../src/features/teams/queries';
import { playerListQuery } from '../src/features/players/queries';
import { matchListQuery } from '../src/features/matches/queries';
import { rankingItemsQuery, rankingListQuery } from '../src/features/rankings/queries';
import { findCurrentSeason } from '../src/features/seasons/queries';
const { db, close } = createDatabase({ databaseUrl: 'postgres://postgres@127.0.0.1:5432/scratch_scale' });
const season = await findCurrentSeason(db, undefined);
const ranking = await db.selectFrom('rankings').select('id').orderBy('date', 'desc').executeTakeFirstOrThrow();
const which = process.argv[2] ?? '';
const cases: [string, { compile(): { sql: string; parameters: readonly unknown[] } }][] = [
  ['teams season top10', teamListQuery(db, teamListInput.parse({ season_id: season!.id, page_size: 10 }))],
  ['teams page50', teamListQuery(db, teamListInput.parse({ page: 50, page_size: 20 }))],
  ['teams name', teamListQuery(db, teamListInput.parse({ name: 'team 12' }))],
  ['players season top10', playerListQuery(db, playerListInput.parse({ season_id: season!.id, page_size: 10 }))],
  ['players page50', playerListQuery(db, playerListInput.parse({ page: 50, page_size: 20 }))],
  ['players team', playerListQuery(db, playerListInput.parse({ team_id: (await db.selectFrom('teams').select('id').limit(1).executeTakeFirstOrThrow()).id, benched: 'false', page_size: 5 }))],
  ['matches live', matchListQuery(db, matchListInput.parse({ status: 'in_progress', order: 'asc', page_size: 4 }))],
  ['matches scheduled', matchListQuery(db, matchListInput.parse({ status: 'scheduled', order: 'asc', page_size: 4 }))],
  ['matches completed', matchListQuery(db, matchListInput.parse({ status: 'completed', page_size: 4 }))],
  ['matches past range', matchListQuery(db, matchListInput.parse({ status: 'completed', date_from: '2025-01-01', date_to: '2025-03-31', page_size: 30 }))],
  ['matches default', matchListQuery(db, matchListInput.parse({}))],
  ['rankings', rankingListQuery(db, rankingListInput.parse({ season_id: season!.id }))],
  ['ranking items', rankingItemsQuery(db, rankingItemsInput.parse({ ranking_id: ranking.id, page: 50 }))],
];
for (const [name, q] of cases) {
  if (!name.includes(which)) continue;
  const c = q.compile();
  const res = await sql.raw('').execute(db).catch(() => null);
  const plan = await db.executeQuery({ sql: `explain (analyze, buffers off, costs off) ${c.sql}`, parameters: c.parameters, query: { kind: 'RawNode' } as never, queryId: { queryId: 'x' } });
  console.log(`== ${name}\n` + plan.rows.map((r: any) => r['QUERY PLAN']).join('\n'));
}
await close();
