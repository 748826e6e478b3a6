import type { Paged, Season, seasonListInput } from '@campus-elo/api-contract';
import type { Database } from '@campus-elo/db';
import { sql, type Kysely } from 'kysely';
import type { z } from 'zod';
import { orderBySql, pageWindow, present, toPaged, type SortKey } from '../paging';

export type SeasonListFilters = z.output<typeof seasonListInput>;

/** Newest first by default; names sort A-Z. Ties fall back to name, then id. */
function seasonSortKeys(input: SeasonListFilters): SortKey[] {
  const direction = input.order ?? (input.sort === 'name' ? 'asc' : 'desc');
  if (input.sort === 'name') return [{ column: 'name', direction }, { column: 'id', direction }];
  return [{ column: input.sort, direction }, { column: 'name', direction: 'asc' }, { column: 'id', direction: 'asc' }];
}

/** The whole list as one statement (count and page together), so the bench can EXPLAIN it. */
export function seasonListQuery(db: Kysely<Database>, input: SeasonListFilters) {
  const sortKeys = seasonSortKeys(input);
  const { limit, offset } = pageWindow(input);
  return db
    .with('total', (qb) => qb.selectFrom('seasons').select((eb) => eb.fn.countAll<number>().as('count')))
    .with('page', (qb) =>
      qb
        .selectFrom('seasons')
        .select(['seasons.id', 'seasons.name', 'seasons.start_date', 'seasons.end_date'])
        .orderBy(orderBySql('seasons', sortKeys))
        .limit(limit)
        .offset(offset),
    )
    .selectFrom('total')
    .leftJoin('page', (join) => join.onTrue())
    .select(['total.count', 'page.id', 'page.name', 'page.start_date', 'page.end_date'])
    .orderBy(orderBySql('page', sortKeys));
}

export async function listSeasons(db: Kysely<Database>, input: SeasonListFilters): Promise<Paged<Season>> {
  const rows = await seasonListQuery(db, input).execute();
  return toPaged(rows, input, (row) => ({
    id: row.id,
    name: present(row.name),
    start_date: present(row.start_date),
    end_date: present(row.end_date),
  }));
}

/**
 * The season behind the home widgets: the configured one when it exists, else the one
 * containing today (the latest start if several do), else the latest start; null when there
 * are no seasons.
 */
export async function findCurrentSeason(
  db: Kysely<Database>,
  configuredId: string | undefined,
  today: Date = new Date(),
): Promise<Season | null> {
  const todayText = today.toISOString().slice(0, 10);
  const season = await db
    .selectFrom('seasons')
    .select(['id', 'name', 'start_date', 'end_date'])
    .orderBy(sql`seasons.id = ${configuredId ?? null}::uuid`, (ob) => ob.desc().nullsLast())
    .orderBy(sql`${todayText}::date between seasons.start_date and seasons.end_date`, 'desc')
    .orderBy('start_date', 'desc')
    .orderBy('id')
    .limit(1)
    .executeTakeFirst();
  return season ?? null;
}
