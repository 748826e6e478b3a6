import type { Paged, Season, SeasonListItem, seasonListInput } from '@campus-elo/api-contract';
import type { Database } from '@campus-elo/db';
import { sql, type Kysely } from 'kysely';
import type { z } from 'zod';
import { compiledPerInput, rowsOf } from '../../lib/compiled-queries';
import { orderBySql, pagedListQuery, pageWindow, toPaged, type SortKey } from '../../lib/paging';

export type SeasonListFilters = z.output<typeof seasonListInput>;

/** Newest first by default; names sort A-Z. Ties fall back to name, then id. */
function seasonSortKeys(input: SeasonListFilters): SortKey[] {
  const direction = input.order ?? (input.sort === 'name' ? 'asc' : 'desc');
  if (input.sort === 'name') return [{ column: 'name', direction }, { column: 'id', direction }];
  return [{ column: input.sort, direction }, { column: 'name', direction: 'asc' }, { column: 'id', direction: 'asc' }];
}

/** The whole list as one statement (count and page together), so the bench can EXPLAIN it. `day` is today (UTC, YYYY-MM-DD). */
export function seasonListQuery(db: Kysely<Database>, input: SeasonListFilters, day: string = new Date().toISOString().slice(0, 10)) {
  const sortKeys = seasonSortKeys(input);
  const { limit, offset } = pageWindow(input);
  // A season is current while its dates contain today, as the earlier site's `current` and `is_current` said.
  const containsToday = sql<boolean>`${day}::date between seasons.start_date and seasons.end_date`;
  let filtered = db.selectFrom('seasons');
  if (input.id) filtered = filtered.where('seasons.id', 'in', input.id);
  if (input.current === true) filtered = filtered.where(containsToday);
  const count = filtered.select((eb) => eb.fn.countAll<number>().as('count'));
  const page = filtered
    .select(['seasons.id', 'seasons.name', 'seasons.start_date', 'seasons.end_date', containsToday.as('is_current')])
    .orderBy(orderBySql('seasons', sortKeys))
    .limit(limit)
    .offset(offset);
  return pagedListQuery(db, count, page);
}

const compiledSeasonList = compiledPerInput(seasonListQuery);

export async function listSeasons(db: Kysely<Database>, input: SeasonListFilters, today: Date = new Date()): Promise<Paged<SeasonListItem>> {
  const [row] = await rowsOf(db, compiledSeasonList(db, input, today.toISOString().slice(0, 10)));
  return toPaged(row!, input);
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
  const season = await currentSeasonQuery(db, configuredId, today).executeTakeFirst();
  return season ?? null;
}

/** findCurrentSeason as one statement, for other statements to use as a subquery. */
export function currentSeasonQuery(db: Kysely<Database>, configuredId: string | undefined, today: Date = new Date()) {
  const todayText = today.toISOString().slice(0, 10);
  return db
    .selectFrom('seasons')
    .select(['seasons.id', 'seasons.name', 'seasons.start_date', 'seasons.end_date'])
    .orderBy(sql`seasons.id = ${configuredId ?? null}::uuid`, (ob) => ob.desc().nullsLast())
    .orderBy(sql`${todayText}::date between seasons.start_date and seasons.end_date`, 'desc')
    .orderBy('seasons.start_date', 'desc')
    .orderBy('seasons.id')
    .limit(1);
}
