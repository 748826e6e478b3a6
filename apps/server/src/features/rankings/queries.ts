import type { Paged, RankingItemsRow, RankingListItem, rankingItemsInput, rankingListInput } from '@campus-elo/api-contract';
import type { Database } from '@campus-elo/db';
import { isProvisional } from '@campus-elo/domain';
import { sql, type Kysely } from 'kysely';
import { jsonObjectFrom } from 'kysely/helpers/postgres';
import type { z } from 'zod';
import { compiledPerInput, rowsOf } from '../../lib/compiled-queries';
import { orderBySql, pagedListQuery, pageWindow, toPaged, type SortKey } from '../../lib/paging';

export type RankingListFilters = z.output<typeof rankingListInput>;
export type RankingItemsFilters = z.output<typeof rankingItemsInput>;

/** The whole list of snapshots as one statement (count and page together), newest first by default. */
export function rankingListQuery(db: Kysely<Database>, input: RankingListFilters) {
  const direction = input.order ?? 'desc';
  const sortKeys: SortKey[] = [{ column: 'date', direction }, { column: 'id', direction }];
  const all = db.selectFrom('rankings');
  const filtered = input.season_id ? all.where('rankings.season_id', '=', input.season_id) : all;
  const { limit, offset } = pageWindow(input);
  const page = filtered.select(['rankings.id', 'rankings.date', 'rankings.season_id']).orderBy(orderBySql('rankings', sortKeys)).limit(limit).offset(offset);
  const items = db
    .selectFrom(page.as('page'))
    .select((eb) => [
      'page.id',
      'page.date',
      jsonObjectFrom(eb.selectFrom('seasons').select(['seasons.id', 'seasons.name']).whereRef('seasons.id', '=', 'page.season_id')).$notNull().as('season'),
    ])
    .orderBy(orderBySql('page', sortKeys));
  return pagedListQuery(db, filtered.select((eb) => eb.fn.countAll<number>().as('count')), items);
}

const compiledRankingList = compiledPerInput(rankingListQuery);

export async function listRankings(db: Kysely<Database>, input: RankingListFilters): Promise<Paged<RankingListItem>> {
  const [row] = await rowsOf(db, compiledRankingList(db, input));
  const paged = toPaged(row!, input);
  return { ...paged, results: paged.results.map((item) => ({ ...item, date: new Date(item.date).toISOString() })) };
}

/**
 * One snapshot's rows as one statement. An unknown ranking_id is a filter that matches
 * nothing: an empty list, like every other list (docs/departures.md).
 */
export function rankingItemsQuery(db: Kysely<Database>, input: RankingItemsFilters) {
  const direction = input.order ?? 'asc';
  // Ranks are unique within a snapshot (and indexed with it), so rank alone is a stable order.
  const sortKeys: SortKey[] = [{ column: 'rank', direction }];
  const rows = db.selectFrom('ranking_items').where('ranking_items.ranking_id', '=', input.ranking_id);
  const { limit, offset } = pageWindow(input);
  const page = rows
    .select(['ranking_items.id', 'ranking_items.rank', 'ranking_items.elo', 'ranking_items.team_id'])
    .orderBy(orderBySql('ranking_items', sortKeys))
    .limit(limit)
    .offset(offset);
  const items = db
    .selectFrom(page.as('page'))
    .select((eb) => [
      'page.id',
      'page.rank',
      'page.elo',
      jsonObjectFrom(eb.selectFrom('teams').select(['teams.id', 'teams.name', 'teams.picture', 'teams.school_name']).whereRef('teams.id', '=', 'page.team_id'))
        .$notNull()
        .as('team'),
      jsonObjectFrom(eb.selectFrom('rankings').select(['rankings.id', 'rankings.date']).where('rankings.id', '=', input.ranking_id)).$notNull().as('ranking'),
      // Rated matches up to the snapshot's moment, for its provisional mark: one count per side, each on its (team, date) index.
      sql<number>`(
        SELECT (SELECT count(*) FROM matches m JOIN match_elo e ON e.match_id = m.id WHERE m.team1_id = page.team_id AND m.date <= r.date)
          + (SELECT count(*) FROM matches m JOIN match_elo e ON e.match_id = m.id WHERE m.team2_id = page.team_id AND m.date <= r.date)
        FROM rankings r WHERE r.id = ${input.ranking_id}
      )::int`.as('rated_matches'),
    ])
    .orderBy(orderBySql('page', sortKeys));
  // The trigger-kept lines per snapshot: a snapshot of a big league has tens of thousands.
  const count = db.selectFrom('ranking_item_counts').select('ranking_item_counts.count').where('ranking_item_counts.ranking_id', '=', input.ranking_id);
  return pagedListQuery(db, count, items);
}

const compiledRankingItems = compiledPerInput(rankingItemsQuery);

export async function listRankingItems(db: Kysely<Database>, input: RankingItemsFilters): Promise<Paged<RankingItemsRow>> {
  const [row] = await rowsOf(db, compiledRankingItems(db, input));
  const paged = toPaged(row!, input);
  return {
    ...paged,
    results: paged.results.map((item) => ({
      ...item,
      ranking: { ...item.ranking, date: new Date(item.ranking.date).toISOString() },
      rated_matches: Number(item.rated_matches),
      provisional: isProvisional(Number(item.rated_matches)),
    })),
  };
}
