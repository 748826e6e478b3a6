import type { Paged, RankingItem, RankingListItem, rankingItemsInput, rankingListInput } from '@campus-elo/api-contract';
import type { Database } from '@campus-elo/db';
import { TRPCError } from '@trpc/server';
import type { Kysely } from 'kysely';
import type { z } from 'zod';
import { orderBySql, pageWindow, present, toPaged, type SortKey } from '../paging';

export type RankingListFilters = z.output<typeof rankingListInput>;
export type RankingItemsFilters = z.output<typeof rankingItemsInput>;

/** The whole list of snapshots as one statement (count and page together), newest first by default. */
export function rankingListQuery(db: Kysely<Database>, input: RankingListFilters) {
  const direction = input.order ?? 'desc';
  const sortKeys: SortKey[] = [{ column: 'date', direction }, { column: 'id', direction }];
  const all = db.selectFrom('rankings');
  const filtered = input.season_id ? all.where('rankings.season_id', '=', input.season_id) : all;
  const { limit, offset } = pageWindow(input);
  return db
    .with('total', () => filtered.select((eb) => eb.fn.countAll<number>().as('count')))
    .with('page', () =>
      filtered
        .select(['rankings.id', 'rankings.date', 'rankings.season_id'])
        .orderBy(orderBySql('rankings', sortKeys))
        .limit(limit)
        .offset(offset),
    )
    .selectFrom('total')
    .leftJoin('page', (join) => join.onTrue())
    .leftJoin('seasons as season', 'season.id', 'page.season_id')
    .select(['total.count', 'page.id', 'page.date', 'season.id as season_id', 'season.name as season_name'])
    .orderBy(orderBySql('page', sortKeys));
}

export async function listRankings(db: Kysely<Database>, input: RankingListFilters): Promise<Paged<RankingListItem>> {
  const rows = await rankingListQuery(db, input).execute();
  return toPaged(rows, input, (row) => ({
    id: row.id,
    date: new Date(present(row.date)).toISOString(),
    season: { id: present(row.season_id), name: present(row.season_name) },
  }));
}

/**
 * One snapshot's rows as one statement. Selecting from the snapshot itself means an unknown
 * ranking answers no row at all, which tells it apart from an empty snapshot.
 */
export function rankingItemsQuery(db: Kysely<Database>, input: RankingItemsFilters) {
  const direction = input.order ?? 'asc';
  // Ranks are unique within a snapshot (and indexed with it), so rank alone is a stable order.
  const sortKeys: SortKey[] = [{ column: 'rank', direction }];
  const items = db.selectFrom('ranking_items').where('ranking_items.ranking_id', '=', input.ranking_id);
  const { limit, offset } = pageWindow(input);
  return db
    .with('ranking', (qb) => qb.selectFrom('rankings').select('rankings.id').where('rankings.id', '=', input.ranking_id))
    .with('total', () => items.select((eb) => eb.fn.countAll<number>().as('count')))
    .with('page', () =>
      items
        .select(['ranking_items.id', 'ranking_items.rank', 'ranking_items.elo', 'ranking_items.team_id'])
        .orderBy(orderBySql('ranking_items', sortKeys))
        .limit(limit)
        .offset(offset),
    )
    .selectFrom(['ranking', 'total'])
    .leftJoin('page', (join) => join.onTrue())
    // LATERAL with LIMIT 1 is never flattened: a primary-key probe per page row, not a hash over every team.
    .leftJoinLateral(
      (eb) =>
        eb.selectFrom('teams').select(['teams.id', 'teams.name', 'teams.picture', 'teams.school_name']).whereRef('teams.id', '=', 'page.team_id').limit(1).as('team'),
      (join) => join.onTrue(),
    )
    .select([
      'total.count',
      'page.id',
      'page.rank',
      'page.elo',
      'team.id as team_id',
      'team.name as team_name',
      'team.picture as team_picture',
      'team.school_name as team_school_name',
    ])
    .orderBy(orderBySql('page', sortKeys));
}

export async function listRankingItems(db: Kysely<Database>, input: RankingItemsFilters): Promise<Paged<RankingItem>> {
  const rows = await rankingItemsQuery(db, input).execute();
  if (rows.length === 0) throw new TRPCError({ code: 'NOT_FOUND', message: 'Ranking not found' });
  return toPaged(rows, input, (row) => ({
    id: row.id,
    rank: present(row.rank),
    elo: present(row.elo),
    team: {
      id: present(row.team_id),
      name: present(row.team_name),
      picture: row.team_picture,
      school_name: row.team_school_name,
    },
  }));
}
